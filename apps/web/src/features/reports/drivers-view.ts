/**
 * Words and links of the Key drivers tab (issue 26 item 1, decision 0077): every figure comes from the server, rounded
 * there; this only writes it out.
 */
import { type CohortFilter, DRIVER_KIND_LABELS, INVITEE_COHORT_PREFIX, isInviteeCohortKey, type KeyDriverRow } from "@hearth/shared";
import { newActionPlanPath } from "../action-plans";

/** "0.62 (90% interval 0.51 to 0.71)", or why there is no figure. */
export function describeCorrelation(driver: Pick<KeyDriverRow, "r" | "low" | "high">): string {
  if (driver.r === null) return "No correlation: too few complete answers, or everyone answered alike";
  const interval = driver.low !== null && driver.high !== null ? ` (90% interval ${formatR(driver.low)} to ${formatR(driver.high)})` : "";
  return `${formatR(driver.r)}${interval}`;
}

/** A correlation with two decimals and a real minus sign. */
export function formatR(value: number): string {
  return value.toFixed(2).replace("-", "−");
}

/** "18.4% of what the group explains", or a dash where no weight is computed. */
export function describeWeight(weight: number | null): string {
  return weight === null ? "—" : `${weight.toFixed(1)}%`;
}

/** "Scores 68.0% of 5, benchmark 74.0%" or "Scores 68.0% of 5, no benchmark". */
export function describeLevel(driver: Pick<KeyDriverRow, "scorePercent" | "benchmarkPercent">): string {
  const benchmark = driver.benchmarkPercent === null ? "no benchmark" : `benchmark ${driver.benchmarkPercent.toFixed(1)}%`;
  return `Scores ${driver.scorePercent.toFixed(1)}% of 5, ${benchmark}`;
}

export function kindLabel(driver: Pick<KeyDriverRow, "kind">): string {
  return DRIVER_KIND_LABELS[driver.kind];
}

/** The drivers of one outcome, strongest correlation first; those without one last. */
export function sortByImpact(drivers: readonly KeyDriverRow[]): KeyDriverRow[] {
  return [...drivers].sort((a, b) => (b.r ?? Number.NEGATIVE_INFINITY) - (a.r ?? Number.NEGATIVE_INFINITY));
}

/** The new-plan form, prefilled from an opportunity (the plan's focus, a title and the survey it came from). */
export function planFromOpportunityPath(
  surveyId: string,
  driver: Pick<KeyDriverRow, "key" | "label">,
  filters: readonly CohortFilter[] = [],
): string {
  // Drivers read for one invitee cohort (department: Sales) start a plan for that cohort; a survey question's answer
  // (an age band) is no plan scope, so such a filter starts a company plan.
  const [only] = filters.length === 1 && isInviteeCohortKey(filters[0].key) ? filters : [];
  const scope = only ? { key: only.key.slice(INVITEE_COHORT_PREFIX.length), value: only.value } : undefined;
  return newActionPlanPath({ focus: driver.key, title: `Improve ${driver.label}`, source: "suggested", survey: surveyId, scope });
}
