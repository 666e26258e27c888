import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useRef } from "react";
import { RouterProvider } from "react-router";
import { queryClient } from "./lib/query-client";
import { router } from "./router";
import { cssVariablesResolver, theme } from "./theme";

// The toast area (its portal and transitions) is loaded with the first toast: until then only Mantine's small
// notification store is needed, and a toast shown before the area mounts waits in the store and appears when it does.
const ToastArea = lazy(() => import("./toast-area").then((m) => ({ default: m.ToastArea })));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const wanted = useRef(false);
  if (notifications.length > 0 || queue.length > 0) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
