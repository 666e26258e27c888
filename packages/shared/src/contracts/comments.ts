/**
 * Comment report contracts (issue #5): Sentiment & Emotion, Comments, Thematic Analysis, the comment filters a user
 * saves (spec: selectedFilters) and the cohorts a member is assigned per survey (spec: assignedCohorts).
 * docs/decisions/0017-comments-and-cohorts.md explains the rules behind them.
 */
import { z } from "zod";
import { COMMENT_DIRECTIONS, COMMENT_EMOTIONS, COMMENT_SENTIMENTS, type CommentSentiment } from "../comment-labels.js";
import { RECOMMEND_TAGS } from "../surveys/lowi/recommend.js";
import { reportFilterSchema } from "./reports.js";

export {
  COMMENT_DIRECTIONS,
  COMMENT_EMOTIONS,
  COMMENT_SENTIMENTS,
  type CommentDirection,
  type CommentEmotion,
  type CommentSentiment,
} from "../comment-labels.js";

/** Spec surveys §3: the sentiment colours of every chart. */
export const SENTIMENT_COLORS: Record<CommentSentiment, string> = {
  negative: "#FB576D",
  positive: "#12B85D",
  neutral: "#FEAC00",
  none: "#A0AEC0",
};

/** Spec surveys §5 and §9. */
export const COMMENT_MIN_LENGTH = 3;
export const COMMENT_DISPLAY_CAP = 102;
export const COMMENT_SEARCH_DEBOUNCE_MS = 1000;
export const COMMENT_TRUNCATE_LENGTH = 100;
export const PIE_LABEL_MIN_PERCENT = 0.5;
export const COHORT_PICKER_LIMIT = 100;
export const COHORT_PICKER_REVEAL_STEP = 100;
export const COHORT_PICKER_REVEAL_MS = 1000;

/** A comment is shown only with more than 3 characters (spec surveys §5). */
export function isCommentShown(text: string): boolean {
  return text.trim().length > COMMENT_MIN_LENGTH;
}

/** Texts of the comment pages, word for word from the spec's catalogue (§6, §8). */
export const COMMENT_MESSAGES = {
  noCohortsAssigned:
    "You have no Cohorts assigned to this LOWI Survey. Please request your account administrator to assign you cohorts for this LOWI survey.",
  noCohortsSelected:
    "You have no Cohorts selected. Please select one or more Cohorts to view the Love of Workplace Index™ Comments Report.",
  noCommentsTitle: "No Comments",
  noCommentsText: "The current filter combination results in no comments.",
  noThematicTitle: "No Thematic Analysis",
  noThematicText: "A thematic analysis of your data will appear here given sufficient data.",
  cohortRequired: "Select at least one cohort to save.",
} as const;

const shareSchema = z.object({ count: z.number().int(), share: z.number() });

/** Counts and shares (percent, one decimal) of each sentiment and each emotion over a set of comments. */
export const sentimentBlockSchema = z.object({
  total: z.number().int(),
  sentiment: z.record(z.enum(COMMENT_SENTIMENTS), shareSchema),
  emotion: z.record(z.enum(COMMENT_EMOTIONS), shareSchema),
});
export type SentimentBlock = z.infer<typeof sentimentBlockSchema>;

export const sentimentReportSchema = z.union([
  z.object({
    hidden: z.literal(false),
    surveyId: z.string(),
    filters: z.array(reportFilterSchema),
    threshold: z.number().int(),
    overall: sentimentBlockSchema,
    questions: z.array(sentimentBlockSchema.extend({ key: z.string(), title: z.string() })),
  }),
  z.object({
    hidden: z.literal(true),
    threshold: z.number().int(),
    filters: z.array(reportFilterSchema),
    notice: z.string(),
  }),
]);
export type SentimentReport = z.infer<typeof sentimentReportSchema>;

export const cohortOptionSchema = z.object({
  key: z.string().min(1).max(80),
  value: z.string().min(1).max(200),
  label: z.string().max(400),
});
export type CohortOption = z.infer<typeof cohortOptionSchema>;

const cohortRefSchema = z.object({ key: z.string().min(1).max(80), value: z.string().min(1).max(200) });

/** Filters of the comments list; every list is optional and an empty list means "no restriction" except `cohorts`. */
export const commentFiltersSchema = z.object({
  /** Case-insensitive substring of the comment (needs the Comment Search feature). */
  search: z.string().trim().max(200).optional(),
  /** Only comments of respondents whose answer to each question is one of the listed answers. */
  questions: z
    .record(z.string().min(1).max(80), z.array(z.string().min(1).max(200)).max(50))
    .refine((questions) => Object.keys(questions).length <= 100, "At most 100 questions")
    .optional(),
  recommendations: z.array(z.enum(COMMENT_DIRECTIONS)).max(2).optional(),
  recommendTags: z.array(z.enum(RECOMMEND_TAGS)).max(3).optional(),
  sentiments: z.array(z.enum(COMMENT_SENTIMENTS)).max(4).optional(),
  emotions: z.array(z.enum(COMMENT_EMOTIONS)).max(11).optional(),
  /**
   * The cohorts to read (any of them): for members limited to assigned cohorts a subset of those (absent: all of
   * them; empty: none, which the page explains); for everyone else an optional narrowing.
   */
  cohorts: z.array(cohortRefSchema).max(100).optional(),
  /** Only comments answering these open questions. */
  questionKeys: z.array(z.string().min(1).max(80)).max(50).optional(),
});
export type CommentFilters = z.infer<typeof commentFiltersSchema>;

/** POST /api/reports/:surveyId/comments: the filters plus the report's cohort filters (the ?filter= bar, at most two). */
export const commentsRequestSchema = commentFiltersSchema.extend({
  filters: z.array(reportFilterSchema).max(10).optional(),
});
export type CommentsRequest = z.infer<typeof commentsRequestSchema>;

export const commentRowSchema = z.object({
  id: z.string(),
  text: z.string(),
  questionKey: z.string(),
  recommendation: z.enum(COMMENT_DIRECTIONS).nullable(),
  recommendTag: z.enum(RECOMMEND_TAGS).nullable(),
  sentiment: z.enum(COMMENT_SENTIMENTS),
  emotion: z.enum(COMMENT_EMOTIONS),
  topic: z.string(),
});
export type CommentRow = z.infer<typeof commentRowSchema>;

export const commentsResponseSchema = z.object({
  comments: z.array(commentRowSchema),
  /** Comments matching the filters (before the cap of 102 without a search term). */
  total: z.number().int(),
  truncated: z.boolean(),
  /**
   * True when the list asked for is hidden (its group, an answer filter, a search or a tag would list 1..k−1
   * respondents, decision 0053): no comment and no count; `notice` carries the spec's words.
   */
  hidden: z.boolean(),
  /** The hidden-group notice when a cohort asked for falls below the visibility threshold (its comments are left out). */
  notice: z.string().nullable(),
  scope: z.object({
    /** True for members who read only the comments of their assigned cohorts. */
    restricted: z.boolean(),
    /** Why nothing is listed for such a member (no cohorts assigned, none selected), word for word from the spec. */
    message: z.string().nullable(),
  }),
  options: z.object({
    /** Cohorts this user may pick: assigned ones for restricted members, every listable cohort otherwise. */
    cohorts: z.array(cohortOptionSchema),
    openQuestions: z.array(z.object({ key: z.string(), title: z.string() })),
    answerQuestions: z.array(z.object({ key: z.string(), title: z.string(), options: z.array(z.string()) })),
  }),
});
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;

export const themeSchema = z.object({
  key: z.string(),
  label: z.string(),
  topic: z.string(),
  count: z.number().int(),
  sentiment: z.record(z.enum(COMMENT_SENTIMENTS), z.number().int()),
  keyPhrases: z.array(z.string()),
  examples: z.array(z.object({ id: z.string(), text: z.string(), sentiment: z.enum(COMMENT_SENTIMENTS) })),
});
export type ThemeRow = z.infer<typeof themeSchema>;

export const thematicReportSchema = z.union([
  z.object({
    hidden: z.literal(false),
    surveyId: z.string(),
    filters: z.array(reportFilterSchema),
    threshold: z.number().int(),
    /** Comments the themes were drawn from. */
    comments: z.number().int(),
    themes: z.array(themeSchema),
    /** The hidden-group notice when a cohort of the user's scope falls below the threshold (its comments are left out). */
    notice: z.string().nullable(),
    scope: z.object({ restricted: z.boolean(), message: z.string().nullable() }),
  }),
  z.object({
    hidden: z.literal(true),
    threshold: z.number().int(),
    filters: z.array(reportFilterSchema),
    notice: z.string(),
  }),
]);
export type ThematicReport = z.infer<typeof thematicReportSchema>;

/** The comment filters a user last chose for one survey (spec: selectedFilters), restored by the Comments page. */
export const selectedFiltersSchema = commentFiltersSchema.omit({ search: true });
export type SelectedFilters = z.infer<typeof selectedFiltersSchema>;

export const selectedFiltersQuerySchema = z.object({ surveyId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id") });
export const selectedFiltersResponseSchema = z.object({ surveyId: z.string(), filters: selectedFiltersSchema.nullable() });
export type SelectedFiltersResponse = z.infer<typeof selectedFiltersResponseSchema>;

const memberRef = {
  userId: z.string().min(1).max(100).optional(),
  surveyId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id"),
};

export const getAssignedCohortsSchema = z.object({
  ...memberRef,
  email: z.email().max(254).optional(),
});
export const assignedCohortsResponseSchema = z.object({ assignedCohorts: z.array(cohortOptionSchema) });
export type AssignedCohortsResponse = z.infer<typeof assignedCohortsResponseSchema>;

export const postAssignedCohortsSchema = z.object({
  userId: z.string().min(1).max(100),
  surveyId: memberRef.surveyId,
  assignedCohorts: z
    .array(cohortOptionSchema)
    .min(1, COMMENT_MESSAGES.cohortRequired)
    .max(COHORT_PICKER_LIMIT * 10),
  email: z.email().max(254).optional(),
});
export const postAssignedCohortsPreRegistrationSchema = z.object({
  userId: z.string().max(100).nullable().optional(),
  surveyId: memberRef.surveyId,
  assignedCohorts: z
    .array(cohortOptionSchema)
    .min(1, COMMENT_MESSAGES.cohortRequired)
    .max(COHORT_PICKER_LIMIT * 10),
  email: z.email().max(254),
});

/** A team member and the pending (not yet signed up) addresses with assigned cohorts, for the Team members page. */
export const teamMemberSchema = z.object({
  userId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.string().nullable(),
  pending: z.boolean(),
  /** The company's Company Leader: always an Admin, never removed (decision 0041). */
  isCompanyLeader: z.boolean(),
});
export const teamMembersResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  surveys: z.array(z.object({ id: z.string(), name: z.string(), isLowi: z.boolean() })),
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponseSchema>;

/** The cohorts of a survey a member may be assigned (its filter questions' values). */
export const surveyCohortOptionsResponseSchema = z.object({ surveyId: z.string(), cohorts: z.array(cohortOptionSchema) });
export type SurveyCohortOptionsResponse = z.infer<typeof surveyCohortOptionsResponseSchema>;
