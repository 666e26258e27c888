import {
  type ActionPlanDetail,
  type ActionPlanInput,
  type ActionPlanPatch,
  actionPlanInputSchema,
  actionPlanPatchSchema,
} from "@hearth/shared";
import { type FieldErrors, serverErrors, validate } from "../../lib/form";
import { usePlanCohorts, usePlanPeople } from "./action-plans-api";
import { ownerOptions, type PlanFormValues, parseScopeChoice, planFormErrors, scopeSelectData, toPlanPatch } from "./action-plans-view";

/**
 * What the plan form chooses from: the company's people, and the cohorts when the plan may be for one (Department
 * Insights, and an Admin or Manager, who may read the company's cohorts). Anyone else keeps the scope the plan has.
 */
export function usePlanFormSources(options: { departmentInsights: boolean; manager: boolean; currentScope: string }) {
  const people = usePlanPeople(true);
  const loadCohorts = options.departmentInsights && options.manager;
  const cohorts = usePlanCohorts(loadCohorts);
  const current = parseScopeChoice(options.currentScope);
  const known = cohorts.data?.cohorts ?? [];
  const withCurrent =
    current && !known.some((cohort) => cohort.key === current.key && cohort.values.some((entry) => entry.value === current.value))
      ? [...known, { key: current.key, label: current.key, values: [{ value: current.value, count: 0 }] }]
      : known;
  const scopes =
    options.departmentInsights || current
      ? { data: scopeSelectData(withCurrent), loading: loadCohorts && cohorts.isPending, failed: loadCohorts && cohorts.isError }
      : null;
  return {
    people: { options: ownerOptions(people.data?.members ?? []), loading: people.isPending, failed: people.isError },
    scopes,
  };
}

const PLAN_FIELDS = [
  "title",
  "focusKey",
  "focusLabel",
  "ownerUserId",
  "scopeCohortKey",
  "scopeCohortValue",
  "target",
  "startDate",
  "endDate",
  "status",
];

/** The form's errors from a refused save: field by field where the server named fields, else its sentence. */
export function planSaveErrors(failure: unknown): { fields: FieldErrors; message: string | null } {
  const mapped = serverErrors(failure, PLAN_FIELDS);
  return { fields: planFormErrors(mapped.fields), message: mapped.message ?? null };
}

export function checkNewPlan(input: ActionPlanInput): { data?: ActionPlanInput; errors: FieldErrors } {
  const checked = validate(actionPlanInputSchema, input);
  return { data: checked.data ? input : undefined, errors: planFormErrors(checked.errors) };
}

/** The edit form's change: only what differs, checked by the shared rules; `unchanged` when nothing does. */
export function checkPlanEdit(
  values: PlanFormValues,
  plan: ActionPlanDetail,
): { patch?: ActionPlanPatch; errors: FieldErrors; unchanged: boolean } {
  const patch = toPlanPatch(values, plan);
  if (Object.keys(patch).length === 0) return { errors: {}, unchanged: true };
  const checked = validate(actionPlanPatchSchema, patch);
  const errors = planFormErrors(checked.errors);
  // the end is checked against the start even when only one of them changed
  if (!errors.endDate && !errors.startDate && values.endDate && values.startDate && values.endDate < values.startDate) {
    errors.endDate = "The end date must be on or after the start date.";
  }
  return { patch: checked.data && !errors.endDate ? patch : undefined, errors, unchanged: false };
}
