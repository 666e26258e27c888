/**
 * The key drivers of a closed LOWI survey (issue 26 item 1, decision 0077): what moves the love score and the
 * recommend answer, with the evidence behind every figure (n, interval, method, scope).
 */
import { z } from "zod";
import { hiddenReportSchema, reportFilterSchema } from "./reports.js";

const OUTCOMES = ["love", "recommend"] as const;
const KINDS = ["item", "area", "loveArea"] as const;

export const DRIVER_OUTCOME_LABELS: Record<(typeof OUTCOMES)[number], string> = {
  love: "Love of the company (the LOWI score)",
  recommend: "Would recommend the company as a place to work",
};

export const DRIVER_KIND_LABELS: Record<(typeof KINDS)[number], string> = {
  item: "Competency",
  area: "SPARK area",
  loveArea: "Love area",
};

export const keyDriverRowSchema = z.object({
  /** The agree item's key for items and love areas, the SPARK area's key for areas: what a plan's focus names. */
  key: z.string(),
  label: z.string(),
  kind: z.enum(KINDS),
  /** Pearson correlation with the outcome, rounded to 2 decimals; null when the answers cannot give one (too few, or all alike). */
  r: z.number().nullable(),
  /** Its 90% interval (Fisher z), rounded to 2 decimals. */
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Johnson's relative weight as a share of its family's R², percent with one decimal; null where none is computed. */
  weight: z.number().nullable(),
  /** Respondents the figure is computed from (complete answers). */
  n: z.number().int(),
  /** Share answering Agree or Strongly Agree, percent with one decimal (the items of an area pooled). */
  favourability: z.number(),
  /** The mean as a percent of 5, as the Company report shows it. */
  scorePercent: z.number(),
  /** The benchmark of the company's size and year on the same scale; null without one. */
  benchmarkPercent: z.number().nullable(),
});
export type KeyDriverRow = z.infer<typeof keyDriverRowSchema>;

export const driverOutcomeSchema = z.object({
  outcome: z.enum(OUTCOMES),
  label: z.string(),
  drivers: z.array(keyDriverRowSchema),
  strengths: z.array(keyDriverRowSchema),
  opportunities: z.array(keyDriverRowSchema),
});
export type DriverOutcomeResult = z.infer<typeof driverOutcomeSchema>;

export const keyDriversSchema = z.object({
  hidden: z.literal(false),
  surveyId: z.string(),
  surveyName: z.string(),
  filters: z.array(reportFilterSchema),
  threshold: z.number().int(),
  /** "cohort" when the figures are the filtered cohort's own; "company" otherwise (see `scopeNote`). */
  scope: z.enum(["company", "cohort"]),
  /** Why a cohort that was asked for is answered with the company's drivers; null when the scope is what was asked. */
  scopeNote: z.string().nullable(),
  /** Published responses of the group the figures describe, and how many of them answered every driver item. */
  responses: z.number().int(),
  n: z.number().int(),
  method: z.string(),
  /** The survey's average score percent over its items: the line strengths stand above and opportunities below. */
  averagePercent: z.number(),
  outcomes: z.array(driverOutcomeSchema),
});
export type KeyDrivers = z.infer<typeof keyDriversSchema>;

export const keyDriversResponseSchema = z.discriminatedUnion("hidden", [keyDriversSchema, hiddenReportSchema]);
export type KeyDriversResponse = z.infer<typeof keyDriversResponseSchema>;

/** What the page says when a cohort is asked for and the company's figures are given instead. */
export const DRIVER_SCOPE_NOTES = {
  noDepartmentInsights: "Drivers for one cohort need Department Insights; these are the company's.",
  tooFew: (minimum: number) =>
    `A cohort's own drivers need at least ${minimum} complete responses, and this cohort has fewer. These are the company's.`,
} as const;

export const DRIVERS_NEED_CLOSED_SURVEY = "Key drivers are computed once the survey has closed.";
