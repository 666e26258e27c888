/**
 * A plan's progress figures in words, written once for every place that shows them: the plan page, the check-in's
 * closing notice and email, the report PDF (decision 0078).
 */
import type { PlanProgressPoint } from "../contracts/action-plans.js";

/** "3.40 (n = 10; 95% interval 2.71–4.09)", or why there is no figure. */
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
