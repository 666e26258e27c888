import { Alert } from "@mantine/core";
import { IconEyeOff } from "@tabler/icons-react";

/** A group below the visibility threshold: the server's notice, word for word, in place of any number. */
export function HiddenNotice({ notice, title = "Results hidden" }: { notice: string; title?: string }) {
  return (
    <Alert color="yellow" variant="light" title={title} icon={<IconEyeOff size={18} aria-hidden />} data-testid="report-hidden-notice">
      {notice}
    </Alert>
  );
}
