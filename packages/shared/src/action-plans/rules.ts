/**
 * The rules of action plans both the server and the web read (decision 0078): who manages plans, what counts as
 * progress and as overdue, how a scope is named, and how the activity log words each change.
 */
import { ACTION_PLAN_CHECKIN_SLOTS, PLAN_ACTION_STATUS_LABELS, type PlanActionStatus } from "../contracts/action-plans.js";
import { COHORT_FIELDS } from "../invitations/recipients.js";
import type { PermissionSubject } from "../permissions.js";

/** Admins and Managers (and Hearth's internal accounts) create, edit and archive any plan and its actions. */
export function canManageActionPlans(subject: PermissionSubject): boolean {
  return subject.isInternalAccount === true || subject.role === "Admin" || subject.role === "Manager";
}

/** An action is overdue when it is not done and its due day is before today (both days in the company's zone). */
export function isActionOverdue(action: { status: PlanActionStatus; dueDate: string | null }, today: string): boolean {
  return action.status !== "done" && action.dueDate !== null && action.dueDate < today;
}

/** "1 of 2 actions done"; "No actions yet" for an empty plan. */
export function describeActionProgress(done: number, total: number): string {
  if (total === 0) return "No actions yet";
  return `${done} of ${total} ${total === 1 ? "action" : "actions"} done`;
}

/** The share of actions done, 0 to 100, rounded down so a plan is at 100 only when every action is done. */
export function actionProgressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(done, total) / total) * 100);
}

/** The first slot (0, 1, 2) without a survey, or null when all three hold one. */
export function nextFreeCheckinSlot(slots: readonly { slot: number; surveyId: string | null }[]): number | null {
  for (let slot = 0; slot < ACTION_PLAN_CHECKIN_SLOTS; slot++) {
    const held = slots.find((entry) => entry.slot === slot);
    if (!held || held.surveyId === null) return slot;
  }
  return null;
}

/** A cohort key as people read it: "Department" for department, the key itself for a cohort of the company's own. */
export function cohortKeyLabel(key: string): string {
  return COHORT_FIELDS.find((field) => field.key === key)?.label ?? key.replaceAll("_", " ");
}

/** "Whole company", or "Department: Sales" for a plan scoped to one cohort. */
export function describePlanScope(scope: { key: string; value: string } | null): string {
  return scope ? `${cohortKeyLabel(scope.key)}: ${scope.value}` : "Whole company";
}

/** Check-in slot 0 is the first check-in: "Check-in 1 of 3". */
export function describeCheckinSlot(slot: number | null): string {
  return slot === null ? "All three check-ins used" : `Check-in ${slot + 1} of ${ACTION_PLAN_CHECKIN_SLOTS}`;
}

export const ACTION_PLAN_ACTIVITY_ACTIONS = [
  "create_action_plan",
  "update_action_plan",
  "archive_action_plan",
  "create_plan_action",
  "update_plan_action",
  "delete_plan_action",
  "reorder_plan_actions",
  "add_plan_checkin",
  "schedule_plan_checkin",
] as const;
export type ActionPlanActivityAction = (typeof ACTION_PLAN_ACTIVITY_ACTIONS)[number];

/** The plan fields a change may name, as the activity log words them. */
export const ACTION_PLAN_FIELD_LABELS: Record<string, string> = {
  title: "title",
  focusKey: "focus",
  ownerUserId: "owner",
  scope: "scope",
  target: "target",
  startDate: "start date",
  endDate: "end date",
  status: "status",
  baselineSurveyId: "baseline survey",
  dueDate: "due date",
  notes: "notes",
};

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const quote = (value: string) => `“${value.length > 80 ? `${value.slice(0, 79)}…` : value}”`;

function changedFields(data: Readonly<Record<string, unknown>>): string {
  const fields = Array.isArray(data.changes) ? data.changes.filter((field): field is string => typeof field === "string") : [];
  const named = fields.map((field) => ACTION_PLAN_FIELD_LABELS[field] ?? field);
  return named.length > 0 ? ` (${named.join(", ")})` : "";
}

function statusNote(data: Readonly<Record<string, unknown>>): string {
  const status = text(data.status);
  return status && Object.hasOwn(PLAN_ACTION_STATUS_LABELS, status) ? `, now ${PLAN_ACTION_STATUS_LABELS[status as PlanActionStatus]}` : "";
}

/**
 * What an action plan entry of the activity log did, in words: "Action plan created: “Build trust”". Null for an
 * action that is not an action plan's, so the log falls back to its own wording.
 */
export function describeActionPlanActivity(action: string, data: Readonly<Record<string, unknown>>): string | null {
  if (!(ACTION_PLAN_ACTIVITY_ACTIONS as readonly string[]).includes(action)) return null;
  const plan = quote(text(data.planTitle) ?? text(data.title) ?? "an action plan");
  const item = quote(text(data.actionTitle) ?? "an action");
  switch (action as ActionPlanActivityAction) {
    case "create_action_plan":
      return `Action plan created: ${plan}`;
    case "update_action_plan":
      return `Action plan edited: ${plan}${changedFields(data)}`;
    case "archive_action_plan":
      return `Action plan archived: ${plan}`;
    case "create_plan_action":
      return `Action added to ${plan}: ${item}`;
    case "update_plan_action":
      return `Action updated in ${plan}: ${item}${changedFields(data)}${statusNote(data)}`;
    case "delete_plan_action":
      return `Action removed from ${plan}: ${item}`;
    case "reorder_plan_actions":
      return `Actions reordered in ${plan}`;
    case "add_plan_checkin":
      return `Check-in survey added to ${plan}: ${quote(text(data.surveyName) ?? "a survey")}`;
    case "schedule_plan_checkin": {
      const slot = typeof data.slot === "number" ? ` ${data.slot + 1}` : "";
      return `Check-in${slot} of ${plan} published and its invitations scheduled`;
    }
  }
}
