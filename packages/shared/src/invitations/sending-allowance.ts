/**
 * Who may email other people from Hearth, and how many a day (issue 23 M2, item 5; docs/decisions/0056). Pure
 * rules, used by the server when it takes the allowance and by the web app when it shows it.
 *
 * Counted: every email a company user makes Hearth send to an address of their choosing — survey invitations and
 * reminders (one per recipient), the copy of an invitation to its cc address, and team invitations (each send and
 * resend). Not counted: mail to the company's own signed-in people about their own account, and mail to Hearth.
 *
 * A day is a UTC day: the allowance resets at 00:00 UTC for every company, so the reset time is the same for the
 * server, the operator and support, whatever time zone the sender picked for a schedule.
 */
import { z } from "zod";

export const SENDING_ALLOWANCE_TIERS = ["new", "established", "paying"] as const;
export type SendingAllowanceTier = (typeof SENDING_ALLOWANCE_TIERS)[number];

/** Emails a day per tier (decision 0056 gives the reasons for each figure). */
export const SENDING_ALLOWANCE_PER_DAY: Readonly<Record<SendingAllowanceTier, number>> = {
  new: 300,
  established: 2_000,
  paying: 20_000,
};
/** A company is "established" once it is this many days old. */
export const ESTABLISHED_AFTER_DAYS = 14;
/** The most an operator may set a company's daily allowance to. */
export const MAX_OPERATOR_SENDING_ALLOWANCE = 1_000_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SendingAllowanceFacts {
  /** When the company signed up. */
  companyCreatedAt: number;
  /** The company has paid: a paid order with something to pay, or an active deal on a plan above Free. */
  hasPaid: boolean;
  /** The daily figure an operator set for the company, or null to follow the tiers. */
  operatorLimit: number | null;
}

/** The company's tier now (verification is checked apart: an unverified sender sends nothing at all). */
export function sendingAllowanceTier(facts: SendingAllowanceFacts, now: number): SendingAllowanceTier {
  if (facts.hasPaid) return "paying";
  return now - facts.companyCreatedAt >= ESTABLISHED_AFTER_DAYS * DAY_MS ? "established" : "new";
}

/** The emails a day the company may send now: the operator's figure when one is set, else its tier's. */
export function dailySendingAllowance(facts: SendingAllowanceFacts, now: number): number {
  return facts.operatorLimit ?? SENDING_ALLOWANCE_PER_DAY[sendingAllowanceTier(facts, now)];
}

/** The UTC day (YYYY-MM-DD) an email sent at `at` is counted on. */
export function sendingDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** When the day that holds `at` ends: the next 00:00 UTC. */
export function sendingDayResetsAt(at: number): number {
  const start = Date.parse(`${sendingDay(at)}T00:00:00.000Z`);
  return start + DAY_MS;
}

export const SENDER_MESSAGES = {
  unverified:
    "Verify your email address before Hearth sends emails for you: open the link or enter the code we emailed you when you signed up (you can ask for a new one on the verification page).",
} as const;

function formatUtc(at: number): string {
  const date = new Date(at);
  const day = date.toISOString().slice(0, 10);
  return `${day} 00:00 UTC`;
}

/**
 * The refusal when a request would go past the day's allowance. Nothing of the request was stored or sent: the
 * sender can send to fewer people now, or schedule the rest for a later day.
 */
export function sendingAllowanceReachedMessage(input: {
  asked: number;
  remaining: number;
  limit: number;
  resetsAt: number;
  day: string;
}): string {
  const emails = (count: number) => `${count.toLocaleString("en-US")} email${count === 1 ? "" : "s"}`;
  const left = input.remaining === 0 ? "none are left" : `${emails(input.remaining)} ${input.remaining === 1 ? "is" : "are"} left`;
  return (
    `This would send ${emails(input.asked)}, but your company can send ${emails(input.limit)} a day and ${left} for ${input.day} (UTC). ` +
    `The allowance resets at ${formatUtc(input.resetsAt)}. Nothing was sent: send to fewer people, or schedule the rest for a later day. ` +
    "Need more? Contact support to raise your company's allowance."
  );
}

/** GET /api/sending-allowance: what the caller's company may still send today. */
export const sendingAllowanceResponseSchema = z.object({
  /** The caller's address is verified: without it nothing is sent at all. */
  senderVerified: z.boolean(),
  tier: z.enum(SENDING_ALLOWANCE_TIERS),
  /** An operator set the figure (it replaces the tier's). */
  raisedByOperator: z.boolean(),
  limit: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  /** The UTC day counted (YYYY-MM-DD) and when it ends (epoch ms). */
  day: z.string(),
  resetsAt: z.number().int(),
});
export type SendingAllowanceResponse = z.infer<typeof sendingAllowanceResponseSchema>;

/** PUT /api/admin/companies/:tenantId/sending-allowance: an operator's daily figure, or null to follow the tiers. */
export const operatorSendingAllowanceInputSchema = z.object({
  dailyLimit: z
    .number({ error: "Give the number of emails a day as a whole number." })
    .int("Give the number of emails a day as a whole number.")
    .min(0, "The allowance cannot be negative.")
    .max(MAX_OPERATOR_SENDING_ALLOWANCE, `At most ${MAX_OPERATOR_SENDING_ALLOWANCE.toLocaleString("en-US")} emails a day.`)
    .nullable(),
  reason: z.string().trim().min(1, "Say why the allowance changes.").max(500, "At most 500 characters."),
});
export type OperatorSendingAllowanceInput = z.infer<typeof operatorSendingAllowanceInputSchema>;

export const operatorSendingAllowanceResponseSchema = z.object({
  tenantId: z.string(),
  operatorLimit: z.number().int().nullable(),
  tier: z.enum(SENDING_ALLOWANCE_TIERS),
  limit: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  day: z.string(),
  resetsAt: z.number().int(),
});
export type OperatorSendingAllowanceResponse = z.infer<typeof operatorSendingAllowanceResponseSchema>;
