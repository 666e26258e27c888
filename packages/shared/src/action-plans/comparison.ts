/**
 * The groups a cohort plan is compared with (issue 26 item 4, decision 0079): the other cohorts of the plan's key
 * that have no plan of their own, as the baseline report shows them (hidden cohorts are never named), largest first,
 * at most `PLAN_COMPARISON_MAX`. Their change from baseline beside the plan's tells whether acting made a difference.
 */
export const PLAN_COMPARISON_MAX = 8;

export function comparableCohortValues(
  visible: readonly { value: string; size: number }[],
  planValue: string,
  plannedValues: ReadonlySet<string>,
): { values: string[]; more: number } {
  const candidates = visible
    .filter((cohort) => cohort.value !== planValue && !plannedValues.has(cohort.value))
    .sort((a, b) => b.size - a.size || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return {
    values: candidates.slice(0, PLAN_COMPARISON_MAX).map((cohort) => cohort.value),
    more: Math.max(0, candidates.length - PLAN_COMPARISON_MAX),
  };
}
