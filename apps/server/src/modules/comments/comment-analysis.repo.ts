/**
 * The SQL of the comment-analysis passes (comment-analysis.ts): the cursor row with its lease, and responses read
 * by seq after the cursor. Responses are read across tenants (the pass works for the whole instance) and every
 * excerpt written carries its response's own tenant id.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.js";
import { survey } from "../../db/schema.js";
import { commentAnalysisCursor } from "../../db/schema-reports.js";

export const CURSOR_NAME = "comments";

/** Creates the cursor row at seq 0 (every stored response still to be looked at) when it does not exist yet. */
export async function ensureAnalysisCursor(db: Database): Promise<void> {
  await db.insert(commentAnalysisCursor).values({ name: CURSOR_NAME, analysedSeq: 0 }).onConflictDoNothing();
}

/**
 * Takes (or extends) the lease for `owner` when nobody else holds a live one; answers the cursor's seq, or null when
 * another instance holds the lease. One statement: on PostgreSQL the row lock settles two instances racing for it.
 */
export async function claimAnalysisLease(db: Database, owner: string, leaseSeconds: number): Promise<number | null> {
  const rows = rowsOf<{ analysed_seq: number | string }>(
    await db.execute(sql`
      update comment_analysis_cursor
      set lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${leaseSeconds})
      where name = ${CURSOR_NAME}
        and (lease_owner is null or lease_owner = ${owner} or lease_until is null or lease_until < now())
      returning analysed_seq
    `),
  );
  return rows.length === 0 ? null : Number(rows[0].analysed_seq);
}

/** Moves the cursor forward (never back) while `owner` still holds the lease; false when the lease was lost. */
export async function advanceAnalysisCursor(db: Database, owner: string, seq: number): Promise<boolean> {
  const rows = await db
    .update(commentAnalysisCursor)
    .set({ analysedSeq: sql`greatest(${commentAnalysisCursor.analysedSeq}, ${seq})` })
    .where(and(eq(commentAnalysisCursor.name, CURSOR_NAME), eq(commentAnalysisCursor.leaseOwner, owner)))
    .returning({ seq: commentAnalysisCursor.analysedSeq });
  return rows.length > 0;
}

/** Gives the lease up (at shutdown), so another instance takes over at once rather than when it expires. */
export async function releaseAnalysisLease(db: Database, owner: string): Promise<void> {
  await db
    .update(commentAnalysisCursor)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(commentAnalysisCursor.name, CURSOR_NAME), eq(commentAnalysisCursor.leaseOwner, owner)));
}

/** The highest seq stored so far (0 for none): read from the seq index. */
export async function highestResponseSeq(db: Database): Promise<number> {
  const rows = rowsOf<{ top: number | string | null }>(await db.execute(sql`select max(seq) as top from survey_response`));
  return Number(rows[0]?.top ?? 0);
}

export interface ResponseAfterCursor {
  id: string;
  seq: number;
  tenantId: string;
  surveyId: string;
  answers: Record<string, string>;
  submittedOn: string;
  /** True when the response already has an excerpt (analysed by an earlier pass or by another instance). */
  analysed: boolean;
}

/**
 * Responses with seq in (afterSeq, upToSeq], in seq order, at most `limit`. Their surveys' questions are read once
 * per survey (surveyFields): 27 kB of JSON for a LOWI survey, not to be repeated on every row.
 */
export async function listResponsesAfterSeq(
  db: Database,
  afterSeq: number,
  upToSeq: number,
  limit: number,
): Promise<ResponseAfterCursor[]> {
  const rows = rowsOf<{
    id: string;
    seq: number | string;
    tenant_id: string;
    survey_id: string;
    answers: Record<string, string>;
    submitted_on: string;
    analysed: boolean;
  }>(
    await db.execute(sql`
      select r.id, r.seq, r.tenant_id, r.survey_id, r.answers, r.submitted_on,
        exists (select 1 from comment_excerpt e where e.response_id = r.id) as analysed
      from survey_response r
      where r.seq > ${afterSeq} and r.seq <= ${upToSeq}
      order by r.seq
      limit ${limit}
    `),
  );
  return rows.map((row) => ({
    id: row.id,
    seq: Number(row.seq),
    tenantId: row.tenant_id,
    surveyId: row.survey_id,
    answers: typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers,
    submittedOn: row.submitted_on,
    analysed: row.analysed === true || (row.analysed as unknown) === "t",
  }));
}

/** The questions of the given surveys, by survey id (with the tenant each belongs to). */
export async function surveyFields(
  db: Database,
  surveyIds: readonly string[],
): Promise<Map<string, { tenantId: string; fields: unknown[] }>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: survey.id, tenantId: survey.tenantId, fields: survey.fields })
    .from(survey)
    .where(inArray(survey.id, [...surveyIds]));
  return new Map(rows.map((row) => [row.id, { tenantId: row.tenantId, fields: (row.fields ?? []) as unknown[] }]));
}

/**
 * Ids of responses with seq in (afterSeq, upToSeq] that have a non-empty answer to one of their survey's Text
 * questions and no excerpt: on PostgreSQL, rows whose insert committed after the cursor had passed their seq.
 */
export async function listUnanalysedResponseIds(db: Database, afterSeq: number, upToSeq: number, limit: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select r.id
      from survey_response r
      join survey s on s.id = r.survey_id and s.tenant_id = r.tenant_id
      where r.seq > ${afterSeq} and r.seq <= ${upToSeq}
        and exists (
          select 1 from jsonb_array_elements(s.fields) f
          where f->>'answerType' = 'Text' and coalesce(btrim(r.answers->>(f->>'key')), '') <> ''
        )
        and not exists (select 1 from comment_excerpt e where e.response_id = r.id)
      order by r.seq
      limit ${limit}
    `),
  );
  return rows.map((row) => row.id);
}
