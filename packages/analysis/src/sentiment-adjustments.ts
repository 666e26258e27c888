/**
 * Sentence-level corrections to the learned model's sentiment, from the labelling guide and the rules' evidence
 * (issue 11 item 17, rounds five to seven; docs/decisions/0014): softened suggestions and balanced judgements are
 * neutral. (Round six's "praise by the absence of a harm" override went in round seven: the model trained on twenty
 * authors reads those comments itself, and the override called more complaints positive than it rescued praise.)
 */
import { balancedJudgement, type Cue } from "./cues.js";
import type { LocalAnalysisDetail } from "./analysis-detail.js";
import type { Word } from "./nlp.js";
import type { Polarity, RuleVerdict } from "./sentiment-model.js";

/** A balanced judgement stays neutral while its summed score is smaller than this. */
const BALANCED_MAX_SCORE = 3;
const SUGGESTION_OPENERS = new Set(["maybe", "perhaps", "could", "might", "possibly", "ideally"]);

/** Whether every sentence of the comment opens as a softened suggestion ("Maybe …", "Could we …", "It would be nice …"). */
function softenedSuggestion(words: readonly Word[]): boolean {
  const starts = words.filter((word, index) => index === 0 || words[index - 1].sentence !== word.sentence);
  return starts.every((start) => {
    const [second, third] = [words[start.index + 1], words[start.index + 2]];
    if (SUGGESTION_OPENERS.has(start.norm)) return true;
    return (start.norm === "it" || start.norm === "would") && [second?.norm, third?.norm].includes("would");
  });
}

export interface AdjustmentInput {
  text: string;
  rules: RuleVerdict;
  detail: LocalAnalysisDetail;
  cues: readonly Cue[];
  words: readonly Word[];
}

/** The sentiment after the corrections below, given the model's (`learned`). */
export function adjustSentiment(learned: Polarity, { text, rules, detail, cues, words }: AdjustmentInput): Polarity {
  let sentiment = learned;
  // A softened suggestion that the rules find no complaint in is neutral, as the labelling guide says ("Maybe look
  // at staggering lunch breaks", "Could we try a suggestion box?"): the model's reading of its words does not
  // make it a complaint.
  if (sentiment === "negative" && rules.sentiment === "neutral" && cues.length === 0 && softenedSuggestion(words)) sentiment = "neutral";
  // A judgement the writer balances ("Good kit, poor scheduling. Evens out.") is neutral unless one side is strong.
  if (sentiment !== "neutral" && Math.abs(detail.score) < BALANCED_MAX_SCORE && cues.length === 0 && balancedJudgement(text))
    sentiment = "neutral";
  return sentiment;
}
