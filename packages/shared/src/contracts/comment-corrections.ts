import { z } from "zod";
import { COMMENT_TOPICS } from "../comment-labels.js";
import { COMMENT_EMOTIONS, COMMENT_SENTIMENTS } from "./comments.js";

export { COMMENT_TOPICS };

/** The labels a reader may set on a comment. "none" (no answer) is the analyzer's own and is not offered. */
export const CORRECTABLE_SENTIMENTS = COMMENT_SENTIMENTS.filter((value) => value !== "none") as ["positive", "neutral", "negative"];
export const CORRECTABLE_EMOTIONS = COMMENT_EMOTIONS.filter((value) => value !== "None");

/** Which emotions go with which sentiment (the analyzer keeps the same pairing). */
export const EMOTIONS_OF_SENTIMENT: Record<(typeof CORRECTABLE_SENTIMENTS)[number], readonly string[]> = {
  positive: ["Love", "Gratitude", "Optimism", "Excitement"],
  neutral: ["Neutral"],
  negative: ["Annoyance", "Disapproval", "Anger", "Fear", "Disgust"],
};

export const commentLabelsSchema = z
  .strictObject({
    sentiment: z.enum(CORRECTABLE_SENTIMENTS),
    emotion: z.enum(CORRECTABLE_EMOTIONS as [string, ...string[]]),
    topic: z.enum(COMMENT_TOPICS),
  })
  // "Neutral" goes with any sentiment (the analyzer gives it to comments that judge without naming a feeling).
  .refine((labels) => labels.emotion === "Neutral" || EMOTIONS_OF_SENTIMENT[labels.sentiment].includes(labels.emotion), {
    path: ["emotion"],
    message: "This emotion does not go with this sentiment.",
  });
export type CommentLabels = z.infer<typeof commentLabelsSchema>;

const storedLabelsSchema = z.object({ sentiment: z.string(), emotion: z.string(), topic: z.string() });

/** A corrected comment: its labels now, and what the analyzer had said. */
export const commentCorrectionSchema = z.object({
  commentId: z.string(),
  labels: storedLabelsSchema,
  original: storedLabelsSchema,
  correctedAt: z.string(),
});
export type CommentCorrection = z.infer<typeof commentCorrectionSchema>;

export const commentCorrectionListSchema = z.object({ corrections: z.array(commentCorrectionSchema) });
export type CommentCorrectionList = z.infer<typeof commentCorrectionListSchema>;

/** One line of the evaluation export: the text and the corrected labels, nothing that points at a respondent. */
export const correctedCommentExportSchema = z.object({
  comments: z.array(z.object({ text: z.string(), sentiment: z.string(), emotion: z.string(), topic: z.string() })),
});
export type CorrectedCommentExport = z.infer<typeof correctedCommentExportSchema>;
