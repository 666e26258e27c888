import { TOAST_DURATION_MS } from "@hearth/shared";
import { Notifications } from "@mantine/notifications";

/** Mantine's toast area with Hearth's settings; app.tsx loads this module with the first toast. */
export function ToastArea() {
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} limit={4} />;
}
