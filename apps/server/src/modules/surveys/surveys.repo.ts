import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { Database, SqlExecutor } from "../../db/client.js";
import { positionalSql } from "../../db/positional-sql.js";
import { invitee, survey, surveyResponse, surveyResponseReceipt, tenant, user } from "../../db/schema.js";

export type SurveyRow = typeof survey.$inferSelect;
export type NewSurveyRow = typeof survey.$inferInsert;

export async function insertSurvey(db: Database, tenantId: string, row: Omit<NewSurveyRow, "tenantId">): Promise<SurveyRow> {
  const [inserted] = await db
    .insert(survey)
    .values({ ...row, tenantId })
    .returning();
  return inserted;
}

export async function findSurvey(db: Database, tenantId: string, surveyId: string): Promise<SurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)));
  return row;
}

/**
 * The company's surveys, newest first. Surveys imported from a file (source "import", decision 0046) are left out
 * unless asked for: they take no answers, so the survey list and the survey slots are not theirs.
 */
export async function listSurveys(
  db: Database,
  tenantId: string,
  options: { imported?: boolean } = {},
): Promise<(SurveyRow & { ownerName: string | null })[]> {
  const rows = await db
    .select({ survey, ownerFirst: user.firstName, ownerLast: user.lastName })
    .from(survey)
    .leftJoin(user, eq(user.id, survey.ownerUserId))
    .where(and(eq(survey.tenantId, tenantId), options.imported ? undefined : eq(survey.source, "survey")))
    .orderBy(desc(survey.createdAt));
  return rows.map((row) => ({ ...row.survey, ownerName: [row.ownerFirst, row.ownerLast].filter(Boolean).join(" ") || null }));
}

export async function listSurveysOfPreset(db: Database, tenantId: string, surveyPreset: string): Promise<SurveyRow[]> {
  return db
    .select()
    .from(survey)
    .where(and(eq(survey.tenantId, tenantId), eq(survey.surveyPreset, surveyPreset)))
    .orderBy(desc(survey.createdAt));
}

export async function updateSurvey(
  db: Database,
  tenantId: string,
  surveyId: string,
  changes: Partial<Omit<NewSurveyRow, "id" | "tenantId" | "createdAt">>,
): Promise<SurveyRow | undefined> {
  const [row] = await db
    .update(survey)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)))
    .returning();
  return row;
}

/** Response counts per survey for one company (the `completed` column). */
export async function countResponsesBySurvey(db: Database, tenantId: string, surveyIds: string[]): Promise<Map<string, number>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .select({ surveyId: surveyResponse.surveyId, total: count() })
    .from(surveyResponse)
    .where(and(eq(surveyResponse.tenantId, tenantId), inArray(surveyResponse.surveyId, surveyIds)))
    .groupBy(surveyResponse.surveyId);
  return new Map(rows.map((row) => [row.surveyId, Number(row.total)]));
}

/** The public page and the response endpoint know only the survey id; the row tells them the tenant. */
/** What the survey pages show of the company: its name, whether it has a logo (and its version), its accent colour. */
export interface SurveyBrandRow {
  companyName: string | null;
  logoContentType: string | null;
  logoUpdatedAt: Date | null;
  accentColor: string | null;
}

export async function findSurveyForRespondent(
  db: Database,
  surveyId: string,
): Promise<(SurveyRow & { brand: SurveyBrandRow }) | undefined> {
  const [row] = await db
    .select({
      survey,
      brand: {
        companyName: tenant.companyName,
        logoContentType: tenant.logoContentType,
        logoUpdatedAt: tenant.logoUpdatedAt,
        accentColor: tenant.accentColor,
      },
    })
    .from(survey)
    .innerJoin(tenant, eq(tenant.id, survey.tenantId))
    .where(eq(survey.id, surveyId));
  return row ? { ...row.survey, brand: row.brand } : undefined;
}

/**
 * What decides whether a response counts toward the thresholds (decision 0052), as the ingest hands it over: the
 * session signal already decided, the browser's and the network's HMACs. Absent (the seed, benches, tests that insert
 * populations directly), the response counts.
 */
export interface ResponseIndependence {
  sessionOfViewer: boolean;
  browserHash: string;
  networkHash: string;
  /** A network whose last counting response is older than this counts again. */
  networkCutoff: Date;
}

/**
 * The response insert with its independence decided in the same statement. A response can count only when no session
 * of the company sent it and its network's row is not fresh (no counting answer from that network within the window):
 * such a fresh network is only read, the common case (an office answering within its window), which takes no lock
 * and writes nothing but the response. Only a response that can count claims its browser (a browser already on
 * record does not count), and only a claimed browser claims the network: its row is inserted, or renewed if its
 * window has passed; two racing renewals wait for each other and re-check the time, so one wins. So a browser is
 * recorded only by the answer that counted for it — at most one counting answer per browser, which is the rule; a
 * browser whose answers never counted has nothing to lose. Rows whose window has passed are deleted by a job every 5
 * minutes (`pruneResponseNetworks`), not by the answer. Data-modifying CTEs run once and atomically, so two
 * responses racing from one browser or one network count once. One fixed text with positional parameters ($1
 * survey, $2 browser hash, $3 network hash, $4 no session of the company, $5 window cutoff, $6 tenant, $7 answers,
 * $8 day), so the hot path sends it as it is, without building a query per response.
 */
const INDEPENDENT_INSERT_SQL = `
  with fresh as (
    select 1 from survey_response_network
    where survey_id = $1 and prefix_hash = $3 and counted_at >= $5::timestamptz
  ),
  browser as (
    insert into survey_response_browser (survey_id, source_hash)
    select $1, $2 where $4::boolean and not exists (select 1 from fresh)
    on conflict do nothing
    returning 1
  ),
  network as (
    insert into survey_response_network (survey_id, prefix_hash, counted_at)
    select $1, $3, now() where exists (select 1 from browser)
    on conflict (survey_id, prefix_hash) do update set counted_at = excluded.counted_at
      where survey_response_network.counted_at < $5::timestamptz
    returning 1
  )
  insert into survey_response (tenant_id, survey_id, answers, submitted_on, counts_toward_threshold)
  values ($6, $1, $7::jsonb, $8, exists (select 1 from network))`;

/**
 * Deletes the network rows whose window has passed (decision 0052): they decide nothing any more, since an answer from
 * such a network counts and renews its row. Across every company: the rows are HMACs keyed by survey and hold nothing
 * of a tenant's. Answers how many went.
 */
export async function pruneResponseNetworks(sqlExecutor: SqlExecutor, cutoff: Date): Promise<number> {
  const { rows } = await sqlExecutor.executeSql(
    "with gone as (delete from survey_response_network where counted_at < $1::timestamptz returning 1) select count(*)::int as n from gone",
    [cutoff.toISOString()],
  );
  return (rows[0] as { n: number } | undefined)?.n ?? 0;
}

function independentInsertValues(
  tenantId: string,
  surveyId: string,
  answers: Record<string, string>,
  submittedOn: string,
  source: ResponseIndependence,
): unknown[] {
  return [
    surveyId,
    source.browserHash,
    source.networkHash,
    !source.sessionOfViewer,
    source.networkCutoff.toISOString(),
    tenantId,
    JSON.stringify(answers),
    submittedOn,
  ];
}

/**
 * Stores one response; with a personal token, its receipt and the invitee's Replied flag too, atomically. False
 * when the token was already used. The anonymous-link path is the hot one: one statement without the ORM (with its
 * independence, `INDEPENDENT_INSERT_SQL`; without, a plain insert). Nothing else happens on this path: comment
 * analysis reads new rows by seq later (comments/comment-analysis.ts).
 */
export async function insertResponse(
  db: Database,
  sqlExecutor: SqlExecutor,
  tenantId: string,
  input: {
    surveyId: string;
    answers: Record<string, string>;
    submittedOn: string;
    tokenHash: string | null;
    inviteeId?: string | null;
    independence?: ResponseIndependence;
  },
): Promise<boolean> {
  const tokenHash = input.tokenHash;
  const independence = input.independence;
  if (!tokenHash) {
    if (independence)
      await sqlExecutor.executeSql(
        INDEPENDENT_INSERT_SQL,
        independentInsertValues(tenantId, input.surveyId, input.answers, input.submittedOn, independence),
      );
    else
      await sqlExecutor.executeSql(
        "insert into survey_response (tenant_id, survey_id, answers, submitted_on) values ($1, $2, $3::jsonb, $4)",
        [tenantId, input.surveyId, JSON.stringify(input.answers), input.submittedOn],
      );
    return true;
  }
  return db.transaction(async (tx) => {
    const receipt = await tx
      .insert(surveyResponseReceipt)
      .values({ surveyId: input.surveyId, tokenHash })
      .onConflictDoNothing()
      .returning({ tokenHash: surveyResponseReceipt.tokenHash });
    if (receipt.length === 0) return false;
    if (independence) {
      const values = independentInsertValues(tenantId, input.surveyId, input.answers, input.submittedOn, independence);
      await tx.execute(positionalSql(INDEPENDENT_INSERT_SQL, values));
    } else
      await tx
        .insert(surveyResponse)
        .values({ tenantId, surveyId: input.surveyId, answers: input.answers, submittedOn: input.submittedOn });
    if (input.inviteeId && /^[0-9a-f-]{36}$/i.test(input.inviteeId)) {
      await tx
        .update(invitee)
        .set({ replied: true })
        .where(and(eq(invitee.id, input.inviteeId), eq(invitee.surveyId, input.surveyId), eq(invitee.tenantId, tenantId)));
    }
    return true;
  });
}

/**
 * Responses by their random id — an order that says nothing about when each arrived — a page at a time, after
 * `afterId` (exports stream these). Arrival order would let anyone who watched invitees' Replied flags change
 * match the k-th reply to the k-th row.
 */
export async function listResponsesInRandomOrder(db: Database, tenantId: string, surveyId: string, afterId: string | null, limit: number) {
  return db
    .select({ id: surveyResponse.id, answers: surveyResponse.answers, submittedOn: surveyResponse.submittedOn })
    .from(surveyResponse)
    .where(
      and(
        eq(surveyResponse.tenantId, tenantId),
        eq(surveyResponse.surveyId, surveyId),
        afterId ? gt(surveyResponse.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(surveyResponse.id))
    .limit(limit);
}
