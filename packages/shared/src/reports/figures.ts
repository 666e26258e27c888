/**
 * How every figure the product shows is written (issue 25 item 1): one rounding, in one place, for the screens, the
 * PDFs, the CSV exports, the badges' criteria, the emails and the public pages. A number shown in two places is
 * computed once and then formatted here, so the two can never disagree. See docs/decisions/0072-one-rule-per-figure.md.
 */
import { percentOfMax, roundTo, SCORE_MAX } from "./format.js";

/** A 1–5 score with two decimals, rounded half away from zero ("3.55"). */
export function formatScore(score: number): string {
  return roundTo(Number.isFinite(score) ? score : 0, 2).toFixed(2);
}

/** A percentage with one decimal, rounded half away from zero ("71.0%"). */
export function formatPercent(value: number): string {
  return `${roundTo(Number.isFinite(value) ? value : 0, 1).toFixed(1)}%`;
}

/** The LOWI score as every page writes it: "3.55 out of 5 (71.0%)" (spec surveys §5: out of 5, shown as a percent of 5). */
export function formatLowiScore(score: number): string {
  return `${formatScore(score)} out of ${SCORE_MAX} (${formatPercent(percentOfMax(score))})`;
}

/**
 * A part of a whole as a percentage with one decimal. Against a bar (the certification's 70% positive answers), a value
 * just under the bar is never written as the bar itself: 69.96% reads "69.9%", not "70.0%" beside "70% needed".
 */
export function sharePercent(part: number, total: number, bar?: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0 || part <= 0) return 0;
  const exact = (part / total) * 100;
  const rounded = roundTo(exact, 1);
  if (bar !== undefined && exact < bar && rounded >= bar) return Math.floor(exact * 10) / 10;
  return rounded;
}

/** `sharePercent` written out ("72.3%"). */
export function formatShare(part: number, total: number, bar?: number): string {
  return formatPercent(sharePercent(part, total, bar));
}

/** A count of responses in words ("1 response", "1,204 responses"). */
export function formatResponses(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "response" : "responses"}`;
}

/**
 * Why a report counts fewer responses than the survey list (decision 0022): responses publish in whole blocks of the
 * survey's threshold k, so that no single answer can be told apart by comparing the report before and after it.
 * Null when every response is published.
 */
export function describePublication(published: number, total: number, threshold: number): string | null {
  if (total <= published) return null;
  const waiting = total - published;
  return (
    `${published.toLocaleString("en-US")} of ${formatResponses(total)} are published. Responses publish together in ` +
    `blocks of ${threshold} so that no single answer can be singled out: ${waiting.toLocaleString("en-US")} ` +
    `${waiting === 1 ? "is" : "are"} waiting for the next block to fill.`
  );
}
