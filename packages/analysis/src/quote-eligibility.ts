import { analyzeWithSignals } from "./local-analyzer.js";
import type { Sentiment } from "./types.js";

/** The analyzer's sentiment confidence a comment needs before it may be offered as a shareable quote. */
export const QUOTE_MIN_CONFIDENCE = 0.8;

export interface QuoteCandidate {
  text: string;
  /** The stored label (the analyzer's, or a reader's correction). */
  sentiment: Sentiment | string;
  /** Whether a reader corrected the comment's labels: a corrected label is a person's judgement and decides alone. */
  corrected: boolean;
}

export type QuoteVerdict =
  | { eligible: true }
  | { eligible: false; reason: "not positive" | "low confidence" | "contrast" | "negative cue" | "question" | "wish" };

/**
 * The quote rule (issue 11, item 17; docs/decisions/0014). A comment is offered for sharing only when
 * - its stored sentiment is positive (so a comment a reader corrected to neutral or negative never is), and
 * - when nobody corrected it, the local analyzer, run on the text now, is confident it is positive:
 *   sentiment positive with confidence ≥ 0.8, no contrast or concession ("but", "however", "although"), no negative
 *   word, implicit complaint, irony or negated action anywhere in it, no wish ("would", "could", "if"), and no
 *   question mark.
 * A comment a reader corrected to positive is eligible on that judgement. Pure and deterministic.
 */
export function quoteVerdict(candidate: QuoteCandidate): QuoteVerdict {
  if (candidate.sentiment !== "positive") return { eligible: false, reason: "not positive" };
  if (candidate.corrected) return { eligible: true };
  if (candidate.text.includes("?")) return { eligible: false, reason: "question" };
  const { analysis, signals } = analyzeWithSignals(candidate.text);
  if (!signals || analysis.sentiment !== "positive") return { eligible: false, reason: "not positive" };
  if (analysis.confidence.sentiment < QUOTE_MIN_CONFIDENCE) return { eligible: false, reason: "low confidence" };
  if (signals.detail.contrast) return { eligible: false, reason: "contrast" };
  if (signals.negativeCue) return { eligible: false, reason: "negative cue" };
  if (signals.detail.hypothetical) return { eligible: false, reason: "wish" };
  return { eligible: true };
}

export const isQuoteEligible = (candidate: QuoteCandidate): boolean => quoteVerdict(candidate).eligible;
