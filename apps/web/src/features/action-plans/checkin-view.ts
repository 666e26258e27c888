/** How a plan's check-in slot reads and where it leads (decision 0078). */
import type { ActionPlanCheckin, ActionPlanDetail, PlanProgressPoint } from "@hearth/shared";
import { editSurveyPath, reportPath } from "../surveys";

export interface CheckinSlotView {
  /** "Draft" or "Published"; null for a free slot. */
  badge: { label: string; color: string } | null;
  /** The survey's editor while it is a draft, its report once published; null for a free slot. */
  link: { to: string; label: string } | null;
  /** Whether this slot shows "Add check-in survey": the next free one, to Admins and Managers. */
  canAdd: boolean;
}

export function checkinSlotView(slot: ActionPlanCheckin, plan: Pick<ActionPlanDetail, "nextCheckinSlot" | "can">): CheckinSlotView {
  if (!slot.surveyId) {
    return { badge: null, link: null, canAdd: plan.can.addCheckin && plan.nextCheckinSlot === slot.slot };
  }
  // A check-in is an Action Plan Check-In survey, never a LOWI survey.
  const survey = { id: slot.surveyId, isLOWI: false };
  // Only those who edit surveys get a link: the editor refuses anyone else, and another person's report is theirs.
  if (!plan.can.addCheckin) {
    return { badge: slot.draft ? { label: "Draft", color: "gray" } : { label: "Published", color: "teal" }, link: null, canAdd: false };
  }
  return slot.draft
    ? { badge: { label: "Draft", color: "gray" }, link: { to: editSurveyPath(survey), label: "Edit survey" }, canAdd: false }
    : { badge: { label: "Published", color: "teal" }, link: { to: reportPath(survey), label: "View report" }, canAdd: false };
}

/** A progress figure as the plan page writes it: "3.40 (n = 10; 95% interval 2.71–4.09)", or why there is none. */
export function describeProgressPoint(point: PlanProgressPoint): string {
  if (point.score === null) return point.notice ?? "Not available.";
  const interval = point.ci ? `; 95% interval ${point.ci.low.toFixed(2)}–${point.ci.high.toFixed(2)}` : "";
  return `${point.score.toFixed(2)} (n = ${point.n ?? 0}${interval})`;
}

/** "+0.25 since baseline", "−0.10 since baseline", "No change since baseline"; null when there is no change to show. */
export function describeProgressChange(point: PlanProgressPoint): string | null {
  if (point.change === null) return null;
  if (point.change === 0) return "No change since baseline";
  return `${point.change > 0 ? "+" : "−"}${Math.abs(point.change).toFixed(2)} since baseline`;
}
