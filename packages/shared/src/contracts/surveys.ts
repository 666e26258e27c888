/** Survey API contracts (issue #3): creation and editing, lists, detail, the public survey, responses, end dates. */
import { z } from "zod";
import { SURVEY_PRESET_IDS } from "../surveys/presets/types.js";
import { surveyFieldSchema } from "../surveys/survey-field.js";
import { SURVEY_STATUSES } from "../surveys/survey-status.js";
import { MAX_DESCRIPTION_LENGTH, MAX_META_FIELD_LENGTH, MAX_NAME_LENGTH, MAX_QUESTION_LENGTH } from "../surveys/validate-survey-draft.js";

/** Survey ids are random, URL-safe and unguessable (they appear in public links). */
export const surveyIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Not a survey id");
export const surveyPresetSchema = z.enum(SURVEY_PRESET_IDS);
export const surveyStatusSchema = z.enum(SURVEY_STATUSES);

const metaFieldsSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), z.string().trim().max(MAX_META_FIELD_LENGTH))
  .refine((fields) => Object.keys(fields).length <= 20, "Too many meta fields");

/**
 * Save (draft: true) or publish (draft: false) a survey. The shape only; the wizard's rules are validateSurveyDraft,
 * which the server runs with the preset and the user's features.
 */
export const surveyCreateInputSchema = z.object({
  surveyPreset: surveyPresetSchema,
  name: z.string().trim().max(MAX_NAME_LENGTH),
  description: z.string().trim().max(MAX_DESCRIPTION_LENGTH),
  metaFields: metaFieldsSchema,
  fields: z.array(surveyFieldSchema).max(300),
  draft: z.boolean(),
  /** Publishing needs the end date (epoch ms, the chosen day's 23:59:59.999 in the company's time zone). */
  endDate: z.number().int().positive().nullable().optional(),
  /** Whether answers are kept apart from who gave them; the server decides the default. */
  isAnonymous: z.boolean().optional(),
});
export type SurveyCreateInput = z.infer<typeof surveyCreateInputSchema>;

/** Editing a saved survey: the same body plus its id. */
export const surveyUpdateInputSchema = surveyCreateInputSchema.extend({ surveyId: surveyIdSchema });
export type SurveyUpdateInput = z.infer<typeof surveyUpdateInputSchema>;

/** One row of GET /api/surveys. Times are epoch ms; status is as displayed (describeSurveyStatus). */
export const surveySummarySchema = z.object({
  id: surveyIdSchema,
  name: z.string(),
  status: surveyStatusSchema,
  surveyPreset: z.string(),
  isLOWI: z.boolean(),
  completed: z.number().int().min(0),
  endDate: z.number().nullable(),
  created: z.number(),
  archived: z.boolean(),
  draft: z.boolean(),
  /** Shown to internal accounts only (the owner column). */
  ownerName: z.string().nullable().optional(),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;

/** GET /api/surveys/{id}. */
export const surveyDetailSchema = surveySummarySchema.extend({
  description: z.string(),
  metaFields: z.record(z.string(), z.string()),
  fields: z.array(surveyFieldSchema),
  isDemo: z.boolean(),
  isAnonymous: z.boolean().optional(),
  /** The public link to the survey, built from the server's APP_URL. */
  inviteLink: z.string(),
  /** The visibility threshold the survey was published with and keeps (null: a draft; docs/decisions/0022). */
  visibilityThreshold: z.number().int().nullable().optional(),
});
export type SurveyDetail = z.infer<typeof surveyDetailSchema>;

/** A question as the public page sees it: placeholders filled, nothing private. */
export const publicSurveyFieldSchema = z.object({
  key: z.string(),
  question: z.string().max(MAX_QUESTION_LENGTH + 1000),
  questionType: surveyFieldSchema.shape.questionType,
  answerType: surveyFieldSchema.shape.answerType,
  radioOptions: z.array(z.string()),
  topic: z.string().nullable(),
  title: z.string().optional(),
  required: z.boolean(),
});
export type PublicSurveyFieldContract = z.infer<typeof publicSurveyFieldSchema>;

/** GET /api/public/surveys/{surveyId}. */
export const publicSurveySchema = z.object({
  id: surveyIdSchema,
  name: z.string(),
  description: z.string(),
  isDemo: z.boolean(),
  status: surveyStatusSchema,
  fields: z.array(publicSurveyFieldSchema),
  /**
   * The company's brand on the page (decision 0065): its name, its logo (a versioned public URL of the survey's logo
   * endpoint, or null) and its accent colour, already made readable behind white text.
   */
  company: z.object({ name: z.string().nullable(), logoUrl: z.string().nullable(), accentColor: z.string().nullable() }),
  /** How long the survey takes, computed from its questions (decision 0064); null while it shows no questions. */
  duration: z.object({ minMinutes: z.number().int(), maxMinutes: z.number().int(), label: z.string() }).nullable(),
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

/**
 * POST /api/response. `data` maps question keys to answers (validateResponse checks them against the survey);
 * `r` is the optional signed invitation token. The answer is true or false.
 */
export const responseInputSchema = z.object({
  surveyId: surveyIdSchema,
  data: z.record(z.string().max(80), z.string().max(20_000)).refine((data) => Object.keys(data).length <= 500, "Too many answers"),
  r: z.string().max(4096).optional(),
});
export type ResponseInput = z.infer<typeof responseInputSchema>;

/**
 * POST /api/set-survey-end-date. The spec's payload also carries userId and tenantId; they are accepted, but the
 * session decides who and which company (a tenantId that differs from the session's must be refused).
 */
export const setEndDateInputSchema = z.object({
  surveyId: surveyIdSchema,
  endDate: z.number().int().positive(),
  userId: z.string().max(100).optional(),
  tenantId: z.string().max(100).optional(),
});
export type SetEndDateInput = z.infer<typeof setEndDateInputSchema>;

export const setEndDateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  inviteLink: z.string().nullable(),
});
export type SetEndDateResponse = z.infer<typeof setEndDateResponseSchema>;

/** POST /api/surveys/hasOpen and /api/surveys/getOpen. */
export const surveyPresetInputSchema = z.object({ surveyPreset: surveyPresetSchema });
export type SurveyPresetInput = z.infer<typeof surveyPresetInputSchema>;

/** Archive, restore and other actions on one survey. */
export const surveyIdInputSchema = z.object({ surveyId: surveyIdSchema });
export type SurveyIdInput = z.infer<typeof surveyIdInputSchema>;

/** A survey's change history (`GET /api/surveys/:id/changes`, decision 0075): newest first, at most 50 a page. */
export const SURVEY_CHANGES_MAX_PAGE_SIZE = 50;
export const surveyChangesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, "Ask for at least 1 entry a page.")
    .max(SURVEY_CHANGES_MAX_PAGE_SIZE, `Ask for at most ${SURVEY_CHANGES_MAX_PAGE_SIZE} entries a page.`)
    .default(20),
});
export type SurveyChangesQuery = z.infer<typeof surveyChangesQuerySchema>;

export const surveyChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  summary: z.string(),
});

export const surveyChangeEntrySchema = z.object({
  id: z.string(),
  /** update_survey, change_survey_end_date, close_survey, archive_survey or restore_survey. */
  action: z.string(),
  /** The action in words ("Survey edited"). */
  title: z.string(),
  createdAt: z.string(),
  /** Who did it, in words (`activityActorName`, decision 0070). */
  who: z.string(),
  /** Written by a Hearth internal account. */
  byHearthStaff: z.boolean(),
  changes: z.array(surveyChangeSchema),
  /** Changes beyond the stored bound, counted only. */
  moreChanges: z.number().int(),
});
export type SurveyChangeEntry = z.infer<typeof surveyChangeEntrySchema>;

export const surveyChangesPageSchema = z.object({
  entries: z.array(surveyChangeEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SurveyChangesPage = z.infer<typeof surveyChangesPageSchema>;
