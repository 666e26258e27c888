/**
 * Where an Admin sends invitations: whether Hearth will send for them (a verified address) and the company's daily
 * sending allowance, with what is left today and when it resets (docs/decisions/0056).
 */
import { Alert, Anchor, Text } from "@mantine/core";
import type { SendingAllowanceResponse } from "@hearth/shared";
import { Link } from "react-router";

const count = (value: number) => value.toLocaleString("en-US");
const emails = (value: number) => `${count(value)} email${value === 1 ? "" : "s"}`;

/** The reset in the viewer's own clock, next to the UTC time the server counts in. */
function resetTime(resetsAt: number): string {
  const local = new Date(resetsAt).toLocaleString("en-US", { weekday: "short", hour: "numeric", minute: "2-digit" });
  return `00:00 UTC (${local} your time)`;
}

interface SendingAllowanceNoticeProps {
  allowance: SendingAllowanceResponse | undefined;
  /** Emails this send would take today: one per recipient, and the copy to the CC address. */
  needed: number;
  /** The caller's address, for the verification page's link. */
  email: string | null;
}

export function SendingAllowanceNotice({ allowance, needed, email }: SendingAllowanceNoticeProps) {
  if (!allowance) return null;
  if (!allowance.senderVerified) {
    return (
      <Alert color="red" variant="light" role="alert" title="Verify your email address first" data-testid="sender-unverified">
        Hearth sends no email for an account whose address is not verified.{" "}
        <Anchor component={Link} to={`/new-company/verify${email ? `?email=${encodeURIComponent(email)}` : ""}`}>
          Verify your address
        </Anchor>{" "}
        with the code we emailed you when you signed up, then come back to send.
      </Alert>
    );
  }
  const short = needed > allowance.remaining;
  return (
    <Alert color={short ? "yellow" : "gray"} variant="light" title="Sending allowance" data-testid="sending-allowance">
      <Text size="sm" data-testid="sending-allowance-remaining">
        {emails(allowance.remaining)} left today of {count(allowance.limit)} a day
        {allowance.raisedByOperator ? " (set by Hearth support)" : ""}. The allowance resets at {resetTime(allowance.resetsAt)}.
      </Text>
      {short && (
        <Text size="sm" mt={4} data-testid="sending-allowance-short">
          Sending now needs {emails(needed)} (each recipient, and the copy to CC): more than are left today, so nothing would be sent. Send
          to fewer people now, or schedule the rest for after the reset. Contact support to raise your company's allowance.
        </Text>
      )}
    </Alert>
  );
}
