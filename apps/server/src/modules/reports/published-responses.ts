/**
 * The raw responses a company may download (the survey export): only the published ones — the first ⌊n / k⌋ · k by
 * arrival, the same responses the reports show — each dated by its block's closing day rather than its own day, so a
 * row cannot be lined up with the moment one person replied (docs/decisions/0022).
 */
import type { AppContext } from "../../app-context.js";
import { findReportSurvey, listBlockEnds, listPublishedResponsesInRandomOrder } from "./reports.repo.js";
import { readSurveyState } from "./survey-state.js";

const PAGE = 2_000;

export interface PublishedResponse {
  /** The response's random id (never shown; orders detached comments by a keyed hash of it, decision 0052). */
  id: string;
  answers: Record<string, string>;
  /** The day the response's block of k closed (the day its last response arrived), YYYY-MM-DD. */
  blockDay: string;
}

/** The day of the block holding `seq`: the first block end at or after it (ends are in seq order). */
function blockDayOf(ends: readonly { seq: number; day: string }[], seq: number): string {
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ends[middle].seq >= seq) high = middle;
    else low = middle + 1;
  }
  return ends[low]?.day ?? "";
}

/** The published responses of a survey, a page at a time, in the order of their random ids (never arrival order). */
export async function* publishedResponsePages(ctx: AppContext, tenantId: string, surveyId: string): AsyncGenerator<PublishedResponse[]> {
  const { db } = ctx.database;
  const survey = await findReportSurvey(db, tenantId, surveyId);
  if (!survey || survey.draft) return;
  const { threshold, publishedSeq } = await readSurveyState(ctx, survey);
  if (publishedSeq === 0) return;
  const ends = await listBlockEnds(db, tenantId, surveyId, threshold, publishedSeq);
  let after: string | null = null;
  for (;;) {
    const rows = await listPublishedResponsesInRandomOrder(db, tenantId, surveyId, publishedSeq, after, PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ id: row.id, answers: row.answers, blockDay: blockDayOf(ends, row.seq) }));
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id;
  }
}
