/**
 * The quote rule (packages/analysis `quoteVerdict`, docs/decisions/0014) applied to stored comments: a comment is a
 * quote only when it is stored positive and, unless a reader corrected it, the analyzer is confident it is positive
 * (no contrast, no negative cue). Verdicts are remembered per text and stored label, since the rule is deterministic.
 */
import { isQuoteEligible } from "@hearth/analysis";
import { sql } from "drizzle-orm";
import { commentExcerpt, commentLabelCorrection } from "../../db/schema-reports.js";

/** Select column: whether a reader corrected the comment's labels. */
export const correctedColumn = sql<boolean>`exists (select 1 from ${commentLabelCorrection} where ${commentLabelCorrection.commentId} = ${commentExcerpt.id})`;

const verdicts = new Map<string, boolean>();
const MAX_REMEMBERED = 20_000;

export function passesQuoteRule(row: { text: string; sentiment: string; corrected: boolean }): boolean {
  const key = `${row.corrected ? 1 : 0}${row.sentiment}\u0000${row.text}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = isQuoteEligible(row);
    verdicts.set(key, verdict);
    if (verdicts.size > MAX_REMEMBERED) verdicts.delete(verdicts.keys().next().value as string);
  }
  return verdict;
}
