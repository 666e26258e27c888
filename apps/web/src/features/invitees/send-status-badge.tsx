import type { InviteeSendStatus } from "@hearth/shared";
import { Badge, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";

/** Light badges with shade-9 text, so every status reads at WCAG AA contrast. */
const COLORS: Record<InviteeSendStatus, string> = {
  Pending: "blue",
  Sent: "teal",
  Failed: "red",
  Cancelled: "gray",
  Unsubscribed: "grape",
};

/** A send status; Failed carries the mail server's reason in a tooltip (and for screen readers, in the text). */
export function SendStatusBadge({ status, failureReason }: { status: InviteeSendStatus; failureReason: string | null }) {
  const color = COLORS[status];
  if (status !== "Failed") {
    return (
      <Badge variant="light" color={color} miw="max-content">
        {status}
      </Badge>
    );
  }
  const reason = failureReason?.trim() || "The mail server did not say why.";
  return (
    <Tooltip label={reason} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        variant="light"
        color={color}
        miw="max-content"
        tabIndex={0}
        className="mantine-focus-auto"
        rightSection={<IconAlertTriangle size={12} aria-hidden />}
        style={{ cursor: "help" }}
        data-failure-reason={reason}
      >
        {status}
        <VisuallyHidden>: {reason}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
