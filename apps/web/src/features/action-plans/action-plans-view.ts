/** What the action plan pages show and send, as pure functions the pages and their unit test share (decision 0078). */
import {
  ACTION_PLAN_FOCUS_GROUPS,
  ACTION_PLAN_FOCUS_MAX,
  ACTION_PLAN_FOCUS_OPTIONS,
  ACTION_PLAN_STATUS_LABELS,
  ACTION_PLAN_TITLE_MAX,
  type ActionPlanDetail,
  type ActionPlanInput,
  type ActionPlanPatch,
  type ActionPlanSource,
  type ActionPlanStatus,
  cohortKeyLabel,
  defaultPlanEndDay,
  findFocusOption,
  PLAN_ACTION_STATUS_LABELS,
  type PlanAction,
  type PlanActionInput,
  type PlanActionPatch,
  type PlanActionStatus,
} from "@hearth/shared";

export const ACTION_PLANS_PATH = "/dashboard/plans";
export const NEW_ACTION_PLAN_PATH = `${ACTION_PLANS_PATH}/new`;
export const actionPlanPath = (planId: string) => `${ACTION_PLANS_PATH}/${planId}`;

/** The new plan form prefilled from a report's suggestion: /dashboard/plans/new?focus=lowi_trust&title=…&source=suggested. */
export function newActionPlanPath(
  prefill: { focus?: string; title?: string; source?: ActionPlanSource; survey?: string; scope?: { key: string; value: string } } = {},
): string {
  const params = new URLSearchParams();
  if (prefill.focus) params.set("focus", prefill.focus);
  if (prefill.title) params.set("title", prefill.title);
  if (prefill.source) params.set("source", prefill.source);
  // The survey the suggestion came from: the plan's baseline, which its progress is measured against.
  if (prefill.survey) params.set("survey", prefill.survey);
  // The cohort the drivers were read for: the plan is for that cohort.
  if (prefill.scope) params.set("scope", `${prefill.scope.key}:${prefill.scope.value}`);
  const query = params.toString();
  return query ? `${NEW_ACTION_PLAN_PATH}?${query}` : NEW_ACTION_PLAN_PATH;
}

const PLAN_STATUS_COLORS: Record<ActionPlanStatus, string> = { active: "blue", completed: "teal", archived: "gray" };
const ACTION_STATUS_COLORS: Record<PlanActionStatus, string> = { not_started: "gray", in_progress: "blue", done: "teal", blocked: "red" };

export function planStatusBadge(status: ActionPlanStatus): { label: string; color: string } {
  return { label: ACTION_PLAN_STATUS_LABELS[status], color: PLAN_STATUS_COLORS[status] };
}

export function actionStatusBadge(status: PlanActionStatus): { label: string; color: string } {
  return { label: PLAN_ACTION_STATUS_LABELS[status], color: ACTION_STATUS_COLORS[status] };
}

/** The focus select's choice for "a focus in our own words". */
export const OWN_FOCUS = "__own__";

/** The focus choices grouped as the select shows them, the company's own focus last. */
export function focusSelectData(): { group: string; items: { value: string; label: string }[] }[] {
  return [
    ...ACTION_PLAN_FOCUS_GROUPS.map((group) => ({
      group,
      items: ACTION_PLAN_FOCUS_OPTIONS.filter((option) => option.group === group).map((option) => ({
        value: option.key,
        label: option.label,
      })),
    })),
    { group: "Your own", items: [{ value: OWN_FOCUS, label: "Something else (describe it)" }] },
  ];
}

export type PlanFormValues = {
  title: string;
  /** A known focus key, or OWN_FOCUS. */
  focusChoice: string;
  /** The focus in the company's own words when focusChoice is OWN_FOCUS. */
  focusText: string;
  ownerUserId: string;
  /** "" for the whole company, else "key:value". */
  scope: string;
  target: string;
  startDate: string;
  endDate: string;
  status: ActionPlanStatus;
};

export const scopeChoice = (key: string, value: string) => `${key}:${value}`;

/** "department:Sales" → { key, value }; null for the whole company (or anything malformed). */
export function parseScopeChoice(choice: string): { key: string; value: string } | null {
  const at = choice.indexOf(":");
  if (at <= 0 || at === choice.length - 1) return null;
  return { key: choice.slice(0, at), value: choice.slice(at + 1) };
}

/** The scope select's choices: the whole company, then each cohort value under its cohort's name. */
export function scopeSelectData(cohorts: readonly { key: string; values: readonly { value: string }[] }[]) {
  return [
    { group: "Company", items: [{ value: "", label: "Whole company" }] },
    ...cohorts
      .filter((cohort) => cohort.values.length > 0)
      .map((cohort) => ({
        group: cohortKeyLabel(cohort.key),
        items: cohort.values.map((entry) => ({
          value: scopeChoice(cohort.key, entry.value),
          label: `${cohortKeyLabel(cohort.key)}: ${entry.value}`,
        })),
      })),
  ];
}

/**
 * A new plan's form: today and 90 days on, owned by the signed-in user, prefilled from the link's focus, title and
 * source (a report's "Create plan"). An unknown focus becomes the company's own words.
 */
export function prefillPlanForm(
  params: URLSearchParams,
  today: string,
  ownerUserId: string,
): { values: PlanFormValues; source: ActionPlanSource; baselineSurveyId: string | null } {
  const focus = (params.get("focus") ?? "").trim().slice(0, ACTION_PLAN_FOCUS_MAX);
  const known = focus ? findFocusOption(focus) : undefined;
  return {
    values: {
      title: (params.get("title") ?? "").trim().slice(0, ACTION_PLAN_TITLE_MAX),
      focusChoice: known ? known.key : focus ? OWN_FOCUS : "",
      focusText: known ? "" : focus,
      ownerUserId,
      scope: (params.get("scope") ?? "").trim().slice(0, 200),
      target: "",
      startDate: today,
      endDate: defaultPlanEndDay(today),
      status: "active",
    },
    source: params.get("source") === "suggested" ? "suggested" : "custom",
    baselineSurveyId: (params.get("survey") ?? "").trim().slice(0, 100) || null,
  };
}

/** The edit form of an existing plan. */
export function planFormFromDetail(plan: ActionPlanDetail): PlanFormValues {
  const known = findFocusOption(plan.focusKey);
  return {
    title: plan.title,
    focusChoice: known ? known.key : OWN_FOCUS,
    focusText: known ? "" : plan.focusLabel,
    ownerUserId: plan.ownerUserId ?? "",
    scope: plan.scope ? scopeChoice(plan.scope.key, plan.scope.value) : "",
    target: plan.target ?? "",
    startDate: plan.startDate,
    endDate: plan.endDate,
    status: plan.status,
  };
}

function focusOf(values: PlanFormValues): { focusKey: string; focusLabel: string | null } {
  if (values.focusChoice === OWN_FOCUS) return { focusKey: values.focusText.trim(), focusLabel: values.focusText.trim() };
  return { focusKey: values.focusChoice, focusLabel: null };
}

/** What the new plan form sends. */
export function toPlanInput(values: PlanFormValues, source: ActionPlanSource, baselineSurveyId: string | null = null): ActionPlanInput {
  const scope = parseScopeChoice(values.scope);
  return {
    title: values.title,
    ...focusOf(values),
    ownerUserId: values.ownerUserId,
    scopeCohortKey: scope?.key ?? null,
    scopeCohortValue: scope?.value ?? null,
    target: values.target.trim() || null,
    startDate: values.startDate,
    endDate: values.endDate,
    source,
    ...(baselineSurveyId ? { baselineSurveyId } : {}),
  };
}

/** Only what the edit form changed (the server changes only what is sent); empty when nothing did. */
export function toPlanPatch(values: PlanFormValues, plan: ActionPlanDetail): ActionPlanPatch {
  const before = planFormFromDetail(plan);
  const patch: ActionPlanPatch = {};
  if (values.title.trim() !== before.title) patch.title = values.title;
  if (values.focusChoice !== before.focusChoice || values.focusText.trim() !== before.focusText) {
    const focus = focusOf(values);
    patch.focusKey = focus.focusKey;
    patch.focusLabel = focus.focusLabel;
  }
  if (values.ownerUserId !== before.ownerUserId) patch.ownerUserId = values.ownerUserId;
  if (values.scope !== before.scope) {
    const scope = parseScopeChoice(values.scope);
    patch.scopeCohortKey = scope?.key ?? null;
    patch.scopeCohortValue = scope?.value ?? null;
  }
  if (values.target.trim() !== before.target) patch.target = values.target.trim() || null;
  if (values.startDate !== before.startDate) patch.startDate = values.startDate;
  if (values.endDate !== before.endDate) patch.endDate = values.endDate;
  if (values.status !== before.status) patch.status = values.status;
  return patch;
}

/** Server and schema field names as the plan form shows them (the cohort's key and value are one select). */
export function planFormErrors(errors: Record<string, string | undefined>): Record<string, string | undefined> {
  const shown: Record<string, string | undefined> = { ...errors };
  if (errors.focusKey || errors.focusLabel) shown.focus = errors.focusKey ?? errors.focusLabel;
  if (errors.scopeCohortKey || errors.scopeCohortValue) shown.scope = errors.scopeCohortKey ?? errors.scopeCohortValue;
  return shown;
}

/** The ids in their new order after moving one action up (-1) or down (+1); null when it cannot move that way. */
export function moveActionIds(ids: readonly string[], index: number, delta: -1 | 1): string[] | null {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The company's people who can own a plan or an action (members with an account), by name. */
export function ownerOptions(members: readonly { userId: string | null; name: string | null; email: string }[]) {
  return members
    .filter((member): member is typeof member & { userId: string } => member.userId !== null)
    .map((member) => ({ value: member.userId, label: member.name ? `${member.name} (${member.email})` : member.email }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}

export type ActionFormValues = {
  title: string;
  /** "" for nobody. */
  ownerUserId: string;
  /** "" for no due day. */
  dueDate: string;
  status: PlanActionStatus;
  notes: string;
};

export const EMPTY_ACTION_FORM: ActionFormValues = { title: "", ownerUserId: "", dueDate: "", status: "not_started", notes: "" };

export function actionFormFrom(action: PlanAction): ActionFormValues {
  return {
    title: action.title,
    ownerUserId: action.ownerUserId ?? "",
    dueDate: action.dueDate ?? "",
    status: action.status,
    notes: action.notes,
  };
}

export function toActionInput(values: ActionFormValues): PlanActionInput {
  return {
    title: values.title,
    ownerUserId: values.ownerUserId || null,
    dueDate: values.dueDate || null,
    status: values.status,
    notes: values.notes,
  };
}

/**
 * Only what the action's form changed. `full` is false for an action's own owner, who may change only its status and
 * notes, so nothing else is ever sent for them.
 */
export function toActionPatch(values: ActionFormValues, action: PlanAction, full: boolean): PlanActionPatch {
  const patch: PlanActionPatch = {};
  if (values.status !== action.status) patch.status = values.status;
  if (values.notes !== action.notes) patch.notes = values.notes;
  if (!full) return patch;
  if (values.title.trim() !== action.title) patch.title = values.title;
  if ((values.ownerUserId || null) !== action.ownerUserId) patch.ownerUserId = values.ownerUserId || null;
  if ((values.dueDate || null) !== action.dueDate) patch.dueDate = values.dueDate || null;
  return patch;
}
