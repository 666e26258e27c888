/** How a plan's check-in slot reads and where it leads (decision 0078). */
import type { ActionPlanCheckin, ActionPlanDetail } from "@hearth/shared";
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

// The progress words are shared with the company report PDF (packages/shared action-plans/progress-text.ts).
export { describeProgressChange, describeProgressPoint } from "@hearth/shared";
