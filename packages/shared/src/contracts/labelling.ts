/**
 * The labelling page (decision 0050): labelers read comments of companies that opted in, text only, and label their
 * sentiment, emotion and topic with the analyzer's own label sets. Their labels are the analyzer's second
 * evaluation set.
 */
import { z } from "zod";
import { COMMENT_TOPICS } from "../comment-labels.js";
import { CORRECTABLE_EMOTIONS, CORRECTABLE_SENTIMENTS, EMOTIONS_OF_SENTIMENT } from "./comment-corrections.js";

/** The comment a labeler is asked to label: its text and an id to answer with, nothing else about it. */
export const labellingTaskSchema = z.object({
  /** Null when every comment they may read is labelled or skipped. */
  comment: z.object({ excerptId: z.string(), text: z.string() }).nullable(),
  /** Their points: one per comment they labelled. */
  labeledPoints: z.number().int(),
});
export type LabellingTask = z.infer<typeof labellingTaskSchema>;

const excerptIdSchema = z.uuid("This is not a comment you were given.");

export const labellingSubmitSchema = z
  .strictObject({
    excerptId: excerptIdSchema,
    sentiment: z.enum(CORRECTABLE_SENTIMENTS, "Choose positive, neutral or negative."),
    emotion: z.enum(CORRECTABLE_EMOTIONS as [string, ...string[]], "Choose one of the listed emotions."),
    topic: z.enum(COMMENT_TOPICS, "Choose one of the listed topics."),
  })
  // "Neutral" goes with any sentiment, as in the analyzer and in readers' corrections.
  .refine((labels) => labels.emotion === "Neutral" || EMOTIONS_OF_SENTIMENT[labels.sentiment].includes(labels.emotion), {
    path: ["emotion"],
    message: "This emotion does not go with this sentiment.",
  });
export type LabellingSubmit = z.infer<typeof labellingSubmitSchema>;

export const labellingSkipSchema = z.strictObject({ excerptId: excerptIdSchema });
export type LabellingSkip = z.infer<typeof labellingSkipSchema>;

/** Whether the company lets Hearth's labelers read its comments (off by default). */
export const labellingConsentSchema = z.strictObject({ allowLabelling: z.boolean("Choose on or off.") });
export type LabellingConsent = z.infer<typeof labellingConsentSchema>;
