import { z } from "zod";

/** The shape of one survey question, shared by the builder, the public page, the API, reports and export. */

export const QUESTION_TYPES = ["Text", "Matrix"] as const;
export const ANSWER_TYPES = ["Text", "Radio"] as const;

/** Which part of the LOWI instrument a question belongs to; custom and preset questions are "custom". */
export const QUESTION_GROUPS = ["agree", "open", "recommendation", "benefit", "recommend", "demographic", "custom"] as const;
export type QuestionGroup = (typeof QUESTION_GROUPS)[number];

export const surveyFieldSchema = z.object({
  /** Stable key: never changes once published; export columns and report data use it. */
  key: z.string().regex(/^[a-z][a-z0-9_]{1,79}$/),
  question: z.string().min(1).max(1000),
  questionType: z.enum(QUESTION_TYPES),
  answerType: z.enum(ANSWER_TYPES),
  radioOptions: z.array(z.string().min(1).max(200)).max(100),
  /** Benchmark and report topic (spec surveys §3 "Question topics"), or null for questions without one. */
  topic: z.string().nullable(),
  /** For Matrix questions: the shared prompt shown above the rows. */
  title: z.string().max(500).optional(),
  required: z.boolean(),
  /** LOWI radio questions that reports may filter by (the demographics). */
  filter: z.boolean().optional(),
  /** Preset default questions cannot be moved or removed. */
  isDefault: z.boolean(),
  group: z.enum(QUESTION_GROUPS),
  /** LOWI agree items: the competency or love area measured, and its SPARK area. */
  competency: z.string().optional(),
  loveArea: z.string().optional(),
  sparkArea: z.string().optional(),
});
export type SurveyField = z.infer<typeof surveyFieldSchema>;
