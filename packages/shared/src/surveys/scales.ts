/** Answer scales shared by the LOWI instrument and the presets. Report code matches answers against these exact texts. */

/** The 5-point agree scale (spec surveys §9), lowest first; a score is the option's position, 1 to 5. */
export const AGREE_SCALE = ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"] as const;

/** Recommend-to-a-friend: 1 = Very Likely … 10 = Not at All Likely (spec surveys §9). */
export const RECOMMEND_OPTIONS = ["Very Likely", "2", "3", "4", "5", "6", "7", "8", "9", "Not at All Likely"] as const;

/** Group-area recommendation rows; the first two match the report's recommendation filter "do well" / "do better". */
export const RECOMMENDATION_OPTIONS = ["Do Well", "Do Better", "Not Sure"] as const;

/** Benefit satisfaction, lowest first (score 1 to 5), plus "Not Offered", which carries no score. */
export const BENEFIT_SCALE = ["Very Dissatisfied", "Dissatisfied", "Neutral", "Satisfied", "Very Satisfied", "Not Offered"] as const;

export const YES_NO = ["Yes", "No"] as const;
export const YES_NO_NOT_SURE = ["Yes", "No", "Not Sure"] as const;

/** Score of an answer on a scale whose first option scores 1, or null when it is not a scored option. */
export function scoreScaleAnswer(scale: readonly string[], answer: string, scoredCount = scale.length): number | null {
  const index = scale.indexOf(answer.trim());
  return index >= 0 && index < scoredCount ? index + 1 : null;
}

/** Agree-scale score, 1 (Strongly Disagree) to 5 (Strongly Agree). */
export function scoreAgreeAnswer(answer: string): number | null {
  return scoreScaleAnswer(AGREE_SCALE, answer);
}

/** Benefit satisfaction score, 1 to 5; "Not Offered" and anything else give null. */
export function scoreBenefitAnswer(answer: string): number | null {
  return scoreScaleAnswer(BENEFIT_SCALE, answer, 5);
}
