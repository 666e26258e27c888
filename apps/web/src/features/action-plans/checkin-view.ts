/** How a plan's check-in slot reads and where it leads (decisions 0078, 0079). */
import { type ActionPlanCheckin, type ActionPlanDetail, type ActionPlanSummary, isCheckinScheduled } from "@hearth/shared";
import { editSurveyPath, reportPath } from "../surveys";

// The progress words are shared with the company report PDF (packages/shared action-plans/progress-text.ts).
export { describeProgressChange, describeProgressPoint } from "@hearth/shared";

export interface CheckinSlotView {
  /** "Draft", "Scheduled", "Open" or "Closed"; null for a free slot. */
  badge: { label: string; color: string } | null;
  /** The survey's editor while it is a draft, its report once published; null for a free slot. */
  link: { to: string; label: string } | null;
  /** Whether this slot shows "Add check-in survey": the next free one, to Admins and Managers. */
  canAdd: boolean;
  /** Whether this slot offers to publish and schedule it: a check-in not scheduled (or whose invitations failed), not closed. */
  canSchedule: boolean;
}

function badgeOf(slot: ActionPlanCheckin): CheckinSlotView["badge"] {
  if (slot.draft) return { label: "Draft", color: "gray" };
  if (slot.closed) return { label: "Closed", color: "dark" };
  if (slot.sendAt && !slot.invitedAt) return { label: "Scheduled", color: "blue" };
  return { label: "Open", color: "teal" };
}

export function checkinSlotView(
  slot: ActionPlanCheckin,
  plan: Pick<ActionPlanDetail, "nextCheckinSlot" | "can" | "status">,
): CheckinSlotView {
  if (!slot.surveyId) {
    return { badge: null, link: null, canAdd: plan.can.addCheckin && plan.nextCheckinSlot === slot.slot, canSchedule: false };
  }
  // A check-in is an Action Plan Check-In survey, never a LOWI survey.
  const survey = { id: slot.surveyId, isLOWI: false };
  const badge = badgeOf(slot);
  // Only those who edit surveys get a link or a schedule: the editor refuses anyone else, and so does the schedule.
  if (!plan.can.addCheckin) return { badge, link: null, canAdd: false, canSchedule: false };
  const canSchedule = plan.status !== "archived" && !slot.closed && !isCheckinScheduled(slot);
  return slot.draft
    ? { badge, link: { to: editSurveyPath(survey), label: "Edit survey" }, canAdd: false, canSchedule }
    : { badge, link: { to: reportPath(survey), label: "View report" }, canAdd: false, canSchedule };
}

/**
 * The slot's invitations in words: "Invitations go out Jan 6, 2027, 9:00 AM CST", "Sent Jan 6, 2027, 9:00 AM CST to
 * 12 people", with "closed" after the end; null before it is scheduled.
 */
export function checkinScheduleLine(slot: ActionPlanCheckin, moment: (at: string) => string, now: number): string | null {
  if (!slot.sendAt) return null;
  const people = slot.invitedCount === null ? "" : ` to ${slot.invitedCount} ${slot.invitedCount === 1 ? "person" : "people"}`;
  const sent = slot.invitedAt !== null && Date.parse(slot.sendAt) <= now;
  const head = sent ? `Sent ${moment(slot.sendAt)}${people}` : `Invitations go out ${moment(slot.sendAt)}${people}`;
  if (slot.closed && slot.endsAt) return `${head}; closed ${moment(slot.endsAt)}.`;
  return `${head}.`;
}

/** "Check-in 2 on Jan 14, 2027 (Central time)", ", not scheduled yet" while not scheduled; "None left" when all are sent or past. */
export function describeNextCheckin(next: ActionPlanSummary["nextCheckin"], calendarDay: (day: string) => string): string {
  if (!next) return "None left";
  return `Check-in ${next.slot + 1} on ${calendarDay(next.day)}${next.scheduled ? "" : ", not scheduled yet"}`;
}
