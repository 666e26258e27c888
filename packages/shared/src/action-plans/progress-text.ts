/**
 * How a plan's progress reads (decision 0078), the same words wherever it is shown: the plan page and the company
 * report PDF's action plans section. A point without a number reads as its notice (the reports' hidden notice for a
 * group below the threshold), never as a figure.
 */

/** What the words need of a progress point (PlanProgressPoint in the contracts). */
export interface ProgressPointFigures {
  score: number | null;
  n: number | null;
  ci: { low: number; high: number } | null;
  change: number | null;
  notice: string | null;
}

/** A progress figure as the plan page writes it: "3.40 (n = 10; 95% interval 2.71–4.09)", or why there is none. */
export function describeProgressPoint(point: ProgressPointFigures): string {
  if (point.score === null) return point.notice ?? "Not available.";
  const interval = point.ci ? `; 95% interval ${point.ci.low.toFixed(2)}–${point.ci.high.toFixed(2)}` : "";
  return `${point.score.toFixed(2)} (n = ${point.n ?? 0}${interval})`;
}

/** "+0.25 since baseline", "−0.10 since baseline", "No change since baseline"; null when there is no change to show. */
export function describeProgressChange(point: ProgressPointFigures): string | null {
  if (point.change === null) return null;
  if (point.change === 0) return "No change since baseline";
  return `${point.change > 0 ? "+" : "−"}${Math.abs(point.change).toFixed(2)} since baseline`;
}

/** "Baseline" for the baseline, "Check-in 1" to "Check-in 3" for the check-in slots 0 to 2. */
export function progressPointLabel(point: { slot: number | null }): string {
  return point.slot === null ? "Baseline" : `Check-in ${point.slot + 1}`;
}

/** The sentence above the progress figures: the scale, and the group they are read for when it is one cohort. */
export function progressScaleNote(scope: { label: string; value: string } | null): string {
  const group = scope ? ` for ${scope.label}: ${scope.value}` : "";
  return `Scores from 1 (Strongly Disagree) to 5 (Strongly Agree), read from each survey's report${group}.`;
}
