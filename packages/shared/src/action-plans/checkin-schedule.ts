/**
 * When a plan's check-in surveys are sent (issue 26 item 3, decision 0079): by default on day 30, 60 and 90 of the
 * plan at 09:00 in the company's zone, through the invitations' own scheduling; the person who schedules may choose
 * another day. The next check-in a plan's list and the dashboard show is the earliest one still to be sent.
 */
import { addDaysToDay } from "./plan-days.js";
import { ACTION_PLAN_CHECKIN_SLOTS } from "../contracts/action-plans.js";
import { CHECKIN_INTERVAL_DAYS } from "./checkins.js";

/** The local time a check-in's invitations go out on their day, in the company's zone. */
export const CHECKIN_SEND_TIME = "09:00";

export const CHECKIN_SCHEDULE_MESSAGES = {
  notCheckin: "Add a check-in survey to this slot first.",
  alreadyScheduled: "This check-in's invitations are already scheduled. Manage them on its survey's Invite page.",
  noBaseline:
    "This plan answers no survey, so Hearth cannot tell whom to ask. Choose the plan's survey, or invite people from the check-in's own survey page.",
  pastDay: "Choose today or a later day.",
  afterEnd: (endDay: string) => `The check-in closes on ${endDay}. Choose an earlier day, or move its end date first.`,
  closed: "This check-in survey has closed. Add a new check-in instead.",
  archived: "This check-in survey is archived. Restore it before scheduling its invitations.",
} as const;

/** The default day a slot's invitations go out: the plan's start + 30 × (slot + 1) days. */
export function checkinSendDay(planStartDay: string, slot: number): string {
  return addDaysToDay(planStartDay, CHECKIN_INTERVAL_DAYS * (slot + 1));
}

/** The day actually asked for: the default, or today when the default has passed. */
export function suggestedCheckinSendDay(planStartDay: string, slot: number, today: string): string {
  const day = checkinSendDay(planStartDay, slot);
  return day < today ? today : day;
}

/** Whether the chosen day can be scheduled: not before today, and before the survey's last day. */
export function checkCheckinSendDay(
  sendDay: string,
  today: string,
  surveyEndDay: string | null,
): { ok: true } | { ok: false; message: string } {
  if (sendDay < today) return { ok: false, message: CHECKIN_SCHEDULE_MESSAGES.pastDay };
  if (surveyEndDay !== null && sendDay >= surveyEndDay) return { ok: false, message: CHECKIN_SCHEDULE_MESSAGES.afterEnd(surveyEndDay) };
  return { ok: true };
}

export interface CheckinScheduleState {
  slot: number;
  surveyId: string | null;
  /** The scheduled send's day in the company's zone; null while not scheduled. */
  sendDay: string | null;
  /** Whether its invitations were made (and the send day has come, or the send was for now). */
  sent: boolean;
}

export interface NextCheckin {
  slot: number;
  day: string;
  /** False for a slot still on its default day, without a published and scheduled survey. */
  scheduled: boolean;
}

/**
 * The plan's next check-in: of the slots not yet sent, the earliest day from today on — the scheduled day, or the
 * default day (30, 60, 90) of a slot not scheduled yet. Null when every check-in was sent or every day has passed.
 */
export function nextCheckin(planStartDay: string, states: readonly CheckinScheduleState[], today: string): NextCheckin | null {
  let next: NextCheckin | null = null;
  for (let slot = 0; slot < ACTION_PLAN_CHECKIN_SLOTS; slot++) {
    const state = states.find((entry) => entry.slot === slot);
    if (state?.sent) continue;
    const scheduled = state?.sendDay != null;
    const day = state?.sendDay ?? checkinSendDay(planStartDay, slot);
    if (day < today) continue;
    if (!next || day < next.day) next = { slot, day, scheduled };
  }
  return next;
}

/**
 * Whether a check-in's invitations are scheduled: a send time that did not fail. A scheduled check-in is not scheduled
 * again; one whose invitations failed (the reason is on the slot) may be.
 */
export function isCheckinScheduled(slot: { sendAt: unknown; inviteError: string | null }): boolean {
  return slot.sendAt !== null && slot.inviteError === null;
}
