/**
 * The only SQL of the comments slice: analysed excerpts, assigned cohorts, saved comment filters and the team list.
 * Every read a user triggers takes the tenant id; the analysis job reads a response by its id and carries the
 * response's own tenant id into everything it writes.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { survey, surveyResponse, user } from "../../db/schema.js";
import { assignedCohort, commentExcerpt } from "../../db/schema-reports.js";

export interface ResponseToAnalyse {
  id: string;
  tenantId: string;
  surveyId: string;
  answers: Record<string, string>;
  submittedOn: string;
  fields: unknown[];
}

/** The responses (with their survey's questions) that analysis jobs name; unknown ids are simply missing. */
export async function findResponsesToAnalyse(db: Database, responseIds: readonly string[]): Promise<ResponseToAnalyse[]> {
  const ids = responseIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return [];
  return db
    .select({
      id: surveyResponse.id,
      tenantId: surveyResponse.tenantId,
      surveyId: surveyResponse.surveyId,
      answers: surveyResponse.answers,
      submittedOn: surveyResponse.submittedOn,
      fields: survey.fields,
    })
    .from(surveyResponse)
    .innerJoin(survey, and(eq(survey.id, surveyResponse.surveyId), eq(survey.tenantId, surveyResponse.tenantId)))
    .where(inArray(surveyResponse.id, ids));
}

export type NewExcerpt = typeof commentExcerpt.$inferInsert;

/** Writes excerpts; one that exists for its (response, question) is left as it is, so a job may run twice. */
export async function insertExcerpts(db: Database, rows: readonly NewExcerpt[]): Promise<number> {
  if (rows.length === 0) return 0;
  let written = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await db
      .insert(commentExcerpt)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing({ target: [commentExcerpt.responseId, commentExcerpt.questionKey] })
      .returning({ id: commentExcerpt.id });
    written += inserted.length;
  }
  return written;
}

/**
 * Ids of responses, after `afterSeq` in seq order, that have a non-empty answer to one of their survey's Text
 * questions and no excerpt yet: what the backfill still has to analyse.
 */
export async function listResponsesWithoutExcerpts(db: Database, afterSeq: number, limit: number): Promise<{ id: string; seq: number }[]> {
  const result = (await db.execute(sql`
    select r.id, r.seq
    from survey_response r
    join survey s on s.id = r.survey_id and s.tenant_id = r.tenant_id
    where r.seq > ${afterSeq}
      and exists (
        select 1 from jsonb_array_elements(s.fields) f
        where f->>'answerType' = 'Text' and coalesce(btrim(r.answers->>(f->>'key')), '') <> ''
      )
      and not exists (select 1 from comment_excerpt e where e.response_id = r.id)
    order by r.seq
    limit ${limit}
  `)) as unknown as { rows: { id: string; seq: number | string }[] };
  return result.rows.map((row) => ({ id: row.id, seq: Number(row.seq) }));
}

export interface StoredComment {
  id: string;
  responseId: string;
  text: string;
  questionKey: string;
  sentiment: string;
  emotion: string;
  topic: string;
  direction: string | null;
  recommendTag: string | null;
  /** Only the answers asked for (cohort questions and answer filters), not the whole response. */
  answers: Record<string, string | null>;
  /** Whether the comment's respondent counts toward visibility thresholds (`countsTowardThreshold`). */
  countsTowardThreshold: boolean;
}

/**
 * THE rule for which respondents count toward a visibility threshold when the comment lists decide what may be
 * listed (decision 0053): the response's own `counts_toward_threshold`, decided once at ingest (decision 0052), the
 * same column the blocks and the suppression plan count by. The published bound is applied separately, by seq.
 */
export function countsTowardThreshold() {
  return sql<boolean>`${surveyResponse.countsTowardThreshold}`;
}

/**
 * The comments of a survey that a report may read: of responses with seq ≤ `upToSeq` (published in blocks of k,
 * decision 0022) and longer than `minLength` characters. For a query joining commentExcerpt to surveyResponse.
 */
export function publishedCommentConditions(tenantId: string, surveyId: string, upToSeq: number, minLength: number) {
  return and(
    eq(commentExcerpt.tenantId, tenantId),
    eq(commentExcerpt.surveyId, surveyId),
    lte(surveyResponse.seq, upToSeq),
    sql`char_length(btrim(${commentExcerpt.text})) > ${minLength}`,
  );
}

/**
 * A survey's published comments (of responses with seq ≤ `upToSeq`, docs/decisions/0022) longer than `minLength`
 * characters, ordered by their random id (never by arrival), with the respondent's answers to `answerKeys` only.
 */
export async function listSurveyComments(
  db: Database,
  tenantId: string,
  surveyId: string,
  answerKeys: readonly string[],
  minLength: number,
  upToSeq: number,
): Promise<StoredComment[]> {
  const rows = await db
    .select({
      id: commentExcerpt.id,
      responseId: commentExcerpt.responseId,
      text: commentExcerpt.text,
      questionKey: commentExcerpt.questionKey,
      sentiment: commentExcerpt.sentiment,
      emotion: commentExcerpt.emotion,
      topic: commentExcerpt.topic,
      direction: commentExcerpt.direction,
      recommendTag: commentExcerpt.recommendTag,
      // The whole answers object (jsonb_build_object takes at most 50 pairs; a LOWI survey has more choice
      // questions than that), trimmed to `answerKeys` below.
      answers: surveyResponse.answers,
      countsTowardThreshold: sql<boolean>`${countsTowardThreshold()}`,
    })
    .from(commentExcerpt)
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(publishedCommentConditions(tenantId, surveyId, upToSeq, minLength))
    .orderBy(asc(commentExcerpt.id));
  return rows.map((row) => {
    const source = (row.answers ?? {}) as Record<string, unknown>;
    const answers: Record<string, string | null> = {};
    for (const key of answerKeys) answers[key] = typeof source[key] === "string" ? (source[key] as string) : null;
    return { ...row, answers, countsTowardThreshold: row.countsTowardThreshold === true || String(row.countsTowardThreshold) === "true" };
  });
}

/**
 * Sentiment and emotion counts per question of a survey's published comments (responses with seq ≤ `upToSeq`),
 * optionally of respondents matching filters.
 */
export async function countSentiments(
  db: Database,
  tenantId: string,
  surveyId: string,
  filters: readonly { key: string; value: string }[],
  upToSeq: number,
) {
  const conditions = [
    lte(surveyResponse.seq, upToSeq),
    ...filters.map((filter) => sql`${surveyResponse.answers} ->> ${filter.key} = ${filter.value}`),
  ];
  const rows = await db
    .select({
      questionKey: commentExcerpt.questionKey,
      sentiment: commentExcerpt.sentiment,
      emotion: commentExcerpt.emotion,
      total: sql<number>`count(*)`,
    })
    .from(commentExcerpt)
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(and(eq(commentExcerpt.tenantId, tenantId), eq(commentExcerpt.surveyId, surveyId), ...conditions))
    .groupBy(commentExcerpt.questionKey, commentExcerpt.sentiment, commentExcerpt.emotion);
  return rows.map((row) => ({ ...row, total: Number(row.total) }));
}

export type AssignedCohortRow = typeof assignedCohort.$inferSelect;

/** A member's assigned cohorts for one survey: by user id, else by email (assigned before they signed up). */
export async function findAssignedCohorts(
  db: Database,
  tenantId: string,
  surveyId: string,
  who: { userId?: string | null; email?: string | null },
): Promise<AssignedCohortRow | undefined> {
  const email = who.email?.toLowerCase() ?? null;
  const rows = await db
    .select()
    .from(assignedCohort)
    .where(
      and(
        eq(assignedCohort.tenantId, tenantId),
        eq(assignedCohort.surveyId, surveyId),
        who.userId && email
          ? sql`(${assignedCohort.userId} = ${who.userId} or ${assignedCohort.email} = ${email})`
          : who.userId
            ? eq(assignedCohort.userId, who.userId)
            : eq(assignedCohort.email, email ?? ""),
      ),
    );
  return rows.find((row) => who.userId && row.userId === who.userId) ?? rows[0];
}

/** Links cohorts assigned to an address before sign-up to the user who now has it. */
export async function claimAssignedCohorts(db: Database, tenantId: string, userId: string, email: string): Promise<void> {
  await db
    .update(assignedCohort)
    .set({ userId })
    .where(and(eq(assignedCohort.tenantId, tenantId), eq(assignedCohort.email, email.toLowerCase()), isNull(assignedCohort.userId)));
}

export async function findSurveyFieldsById(db: Database, tenantId: string, surveyId: string) {
  const [row] = await db
    .select({ id: survey.id, fields: survey.fields, draft: survey.draft })
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)));
  return row;
}

export async function readSelectedFilters(db: Database, tenantId: string, userId: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ selectedFilters: user.selectedFilters })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId)));
  return row?.selectedFilters ?? {};
}

/** Sets one survey's entry of the user's saved filters (one statement, so two tabs saving at once both land). */
export async function writeSelectedFilters(
  db: Database,
  tenantId: string,
  userId: string,
  surveyId: string,
  filters: unknown,
): Promise<void> {
  await db
    .update(user)
    .set({
      selectedFilters: sql`jsonb_set(coalesce(${user.selectedFilters}, '{}'::jsonb), ${`{${surveyId}}`}::text[], ${JSON.stringify(filters)}::jsonb, true)`,
    })
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId)));
}
