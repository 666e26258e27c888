/**
 * Report API contracts (issue #5): what the report pages, the dashboard and integrators read. The numbers come from
 * the shared score engine; every group below the company's visibility threshold answers `{hidden: true}` instead.
 */
import { z } from "zod";

/** `?filter=<cohortKey>:<value>`, repeatable (at most two at once). */
export const reportFilterSchema = z.object({ key: z.string().min(1).max(80), value: z.string().min(1).max(200) });
export type ReportFilter = z.infer<typeof reportFilterSchema>;

/** A 95% confidence interval on the 1–5 scale; null with fewer than two answers. */
export const confidenceIntervalSchema = z.object({ low: z.number(), high: z.number() }).nullable();

/** One score shown out of 5 and as a percent of 5, next to its benchmark. */
export const scoreRowSchema = z.object({
  /** Display name ("Psychological Safety", "Love: Manager", "Systemic Collaboration"). */
  name: z.string(),
  /** Benchmark topic or area key ("PsychologicalSafety", "LoveManager", "SystemicCollaboration"). */
  topic: z.string(),
  /** Mean on the 1–5 scale; 0 when nobody answered. */
  score: z.number(),
  /** score as a percent of 5, one decimal. */
  percent: z.number(),
  /** The benchmark on the same scale; 0 when there is none for this row. */
  benchmark: z.number(),
  /** The comparison label: signed percent difference, or "-%" when either side is 0. */
  comparison: z.string(),
  ci: confidenceIntervalSchema,
  /** Answers behind the score. */
  answers: z.number().int(),
  /** True when value and benchmark are both 0 (the bar is not drawn). */
  hideBar: z.boolean(),
  /** Why there is no comparison, when there is none (one of the spec's two tooltips). */
  benchmarkNote: z.string().nullable(),
});
export type ScoreRow = z.infer<typeof scoreRowSchema>;

export const recommendSummarySchema = z.object({
  recommend: z.number().int(),
  neutral: z.number().int(),
  wontRecommend: z.number().int(),
  total: z.number().int(),
  /** Percentages rounded to one decimal. */
  shares: z.object({ recommend: z.number(), neutral: z.number(), wontRecommend: z.number() }),
  /** Employee Net Promoter Score, −100 … 100 (docs/decisions/0012-score-engine.md). */
  enps: z.number().nullable(),
  /** Answers per scale point 1 (Very Likely) … 10 (Not at All Likely), after the spec's merges. */
  distribution: z.array(z.object({ value: z.number().int(), label: z.string(), count: z.number().int() })),
  benchmark: z
    .object({
      recommend: z.number(),
      neutral: z.number(),
      wontRecommend: z.number(),
      shares: z.object({ recommend: z.number(), neutral: z.number(), wontRecommend: z.number() }),
    })
    .nullable(),
});
export type RecommendSummary = z.infer<typeof recommendSummarySchema>;

export const benefitRowSchema = z.object({
  topic: z.string(),
  name: z.string(),
  /** Mean satisfaction 1–5 among people who have the benefit ("Not Offered" left out); 0 when nobody rated it. */
  satisfaction: z.number(),
  percent: z.number(),
  benchmark: z.number(),
  comparison: z.string(),
  hideBar: z.boolean(),
  /** Share of answers (excluding blanks) saying the benefit is offered, one decimal. */
  offeredShare: z.number(),
  answers: z.number().int(),
  benchmarkNote: z.string().nullable(),
});
export type BenefitRow = z.infer<typeof benefitRowSchema>;

export const groupAreaRowSchema = z.object({
  topic: z.string(),
  name: z.string(),
  doWell: z.number().int(),
  doBetter: z.number().int(),
  notSure: z.number().int(),
  shares: z.object({ doWell: z.number(), doBetter: z.number(), notSure: z.number() }),
});

export const hiddenReportSchema = z.object({
  hidden: z.literal(true),
  threshold: z.number().int(),
  filters: z.array(reportFilterSchema),
  notice: z.string(),
});
export type HiddenReport = z.infer<typeof hiddenReportSchema>;

export const companyReportSchema = z.object({
  hidden: z.literal(false),
  surveyId: z.string(),
  surveyName: z.string(),
  isDemo: z.boolean(),
  /**
   * The company's plan lacks the LOWI report: only `love` (the first row of score bars) and `responses` carry real
   * numbers; every other score is 0 and the page shows those sections blurred behind "Upgrade To Access".
   */
  locked: z.boolean(),
  filters: z.array(reportFilterSchema),
  threshold: z.number().int(),
  responses: z.number().int(),
  /** The LOWI (love) score, 1–5. */
  loveScore: z.number(),
  /** The SPARK score, 1–5. */
  sparkScore: z.number(),
  love: scoreRowSchema,
  spark: scoreRowSchema,
  competencies: z.array(scoreRowSchema),
  loveAreas: z.array(scoreRowSchema),
  sparkAreas: z.array(scoreRowSchema),
  top5: z.array(scoreRowSchema),
  low5: z.array(scoreRowSchema),
  recommend: recommendSummarySchema,
  benefits: z.array(benefitRowSchema),
  groupAreas: z.array(groupAreaRowSchema),
  benchmarkYear: z.number().int(),
  benchmarkSize: z.string(),
  /** "reference": the published/derived table; "recomputed": from ≥ 5 companies' closed LOWI surveys. */
  benchmarkSource: z.enum(["reference", "recomputed"]),
  /** Invited and responded, for the response rate; null when nobody was invited by email. */
  responseRate: z.object({ invited: z.number().int(), responded: z.number().int(), rate: z.number() }).nullable(),
  /** Cohort values hidden in filters because they fall below the threshold (or protect one that does). */
  hiddenCohorts: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type CompanyReport = z.infer<typeof companyReportSchema>;

export const companyReportResponseSchema = z.union([companyReportSchema, hiddenReportSchema]);
export type CompanyReportResponse = z.infer<typeof companyReportResponseSchema>;

/** A filterable cohort question (a question marked `filter: true`) and its values visible in reports. */
export const reportCohortSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.object({ value: z.string(), visible: z.boolean() })),
});
export type ReportCohort = z.infer<typeof reportCohortSchema>;

export const teamReportSchema = z.object({
  surveyId: z.string(),
  threshold: z.number().int(),
  cohorts: z.array(reportCohortSchema),
  /** The cohort question the rows break down by; null when the survey has none. */
  cohortKey: z.string().nullable(),
  columns: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.array(
    z.object({
      value: z.string(),
      hidden: z.boolean(),
      /** Null when hidden. */
      responses: z.number().int().nullable(),
      /** Column id → 1–5 score; null when hidden. */
      scores: z.record(z.string(), z.number()).nullable(),
    }),
  ),
  /** The whole survey, for the first row. */
  overall: z.object({ responses: z.number().int(), scores: z.record(z.string(), z.number()) }).nullable(),
  /** The spec's notice when any row is hidden, else null. */
  notice: z.string().nullable(),
});
export type TeamReport = z.infer<typeof teamReportSchema>;

export const breakdownQuestionSchema = z.object({
  key: z.string(),
  title: z.string(),
  group: z.string().nullable(),
  total: z.number().int(),
  options: z.array(z.object({ label: z.string(), count: z.number().int(), share: z.number() })),
  /** Open questions: comment sentiment and emotion counts. */
  sentiment: z.record(z.string(), z.number().int()).nullable(),
  emotion: z.record(z.string(), z.number().int()).nullable(),
});
export const breakdownReportSchema = z.union([
  z.object({
    hidden: z.literal(false),
    surveyId: z.string(),
    filters: z.array(reportFilterSchema),
    responses: z.number().int(),
    questions: z.array(breakdownQuestionSchema),
  }),
  hiddenReportSchema,
]);
export type BreakdownReport = z.infer<typeof breakdownReportSchema>;

export const dashboardSchema = z.object({
  companyName: z.string().nullable(),
  activeSurveys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      isLowi: z.boolean(),
      responses: z.number().int(),
      invited: z.number().int(),
      /** Percent, one decimal; null when nobody was invited by email. */
      responseRate: z.number().nullable(),
      endDate: z.number().nullable(),
    }),
  ),
  latestLowi: z
    .object({
      surveyId: z.string(),
      name: z.string(),
      responses: z.number().int(),
      hidden: z.boolean(),
      love: scoreRowSchema.nullable(),
      benchmarkYear: z.number().int().nullable(),
    })
    .nullable(),
  certification: z
    .object({
      surveyId: z.string(),
      headcount: z.number().int().nullable(),
      required: z.number().int(),
      responses: z.number().int(),
      remaining: z.number().int(),
      /** "N more responses needed", or that the rule is met. */
      message: z.string(),
      /** The year the survey ends in: the certification it counts for (docs/decisions/0035). */
      year: z.number().int(),
      /** Every rule of the certification (closed survey, responses, score) met or not, for this survey. */
      eligible: z.boolean(),
      checks: z.array(
        z.object({
          rule: z.enum(["survey", "closed", "responses", "score", "threshold", "recommend"]),
          met: z.boolean(),
          text: z.string(),
        }),
      ),
      nextStep: z.object({ label: z.string(), href: z.string().nullable() }),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * GET /api/reports/{surveyId}/publication: how many of the survey's responses its reports count, and why not all of
 * them (responses publish in blocks of the threshold, decision 0022). `note` is null when every response is published.
 */
export const reportPublicationSchema = z.object({
  total: z.number().int().min(0),
  published: z.number().int().min(0),
  threshold: z.number().int().min(1),
  note: z.string().nullable(),
});
export type ReportPublication = z.infer<typeof reportPublicationSchema>;
