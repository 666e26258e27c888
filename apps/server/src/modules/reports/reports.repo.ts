/**
 * The only SQL of the reports slice. Every function takes the tenant id, so no query can read another company's rows.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.js";
import { invitee, survey, surveyResponse, tenant } from "../../db/schema.js";
import { assignedCohort, benchmarkRecomputed, commentExcerpt, surveyAggregate } from "../../db/schema-reports.js";

export type SurveyAggregateRow = typeof surveyAggregate.$inferSelect;
export type CommentExcerptRow = typeof commentExcerpt.$inferSelect;

export async function findSurveyAggregate(db: Database, tenantId: string, surveyId: string): Promise<SurveyAggregateRow | undefined> {
  const [row] = await db
    .select()
    .from(surveyAggregate)
    .where(and(eq(surveyAggregate.surveyId, surveyId), eq(surveyAggregate.tenantId, tenantId)));
  return row;
}

/**
 * Stores folded numbers unless a row already holds more (another instance folded further): the stored `folded_seq`
 * only moves forward for the same engine version.
 */
export async function saveSurveyAggregate(
  db: Database,
  tenantId: string,
  surveyId: string,
  row: { version: number; foldedSeq: number; responses: number; data: unknown },
): Promise<void> {
  await db
    .insert(surveyAggregate)
    .values({ surveyId, tenantId, ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: surveyAggregate.surveyId,
      set: {
        version: row.version,
        foldedSeq: row.foldedSeq,
        responses: row.responses,
        data: row.data,
        updatedAt: new Date(),
      },
      setWhere: sql`${surveyAggregate.tenantId} = ${tenantId} and (${surveyAggregate.version} <> ${row.version} or ${surveyAggregate.foldedSeq} < ${row.foldedSeq})`,
    });
}

export interface ResponseForFold {
  seq: number;
  answers: Record<string, string>;
}

/** Responses with `after < seq <= upTo` (upTo null: no upper bound), in seq order, at most `limit`. */
export async function listResponsesAfterSeq(
  db: Database,
  tenantId: string,
  surveyId: string,
  after: number,
  upTo: number | null,
  limit: number,
): Promise<ResponseForFold[]> {
  const rows = await db
    .select({ seq: surveyResponse.seq, answers: surveyResponse.answers })
    .from(surveyResponse)
    .where(
      and(
        eq(surveyResponse.surveyId, surveyId),
        eq(surveyResponse.tenantId, tenantId),
        gt(surveyResponse.seq, after),
        upTo === null ? undefined : lte(surveyResponse.seq, upTo),
      ),
    )
    .orderBy(asc(surveyResponse.seq))
    .limit(limit);
  return rows.map((row) => ({ seq: row.seq ?? 0, answers: row.answers }));
}

/** The highest response seq of a survey (0 without responses). */
export async function findMaxResponseSeq(db: Database, tenantId: string, surveyId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${surveyResponse.seq})` })
    .from(surveyResponse)
    .where(and(eq(surveyResponse.surveyId, surveyId), eq(surveyResponse.tenantId, tenantId)));
  return Number(row?.max ?? 0);
}

/**
 * Published responses (seq ≤ `publishedSeq`, docs/decisions/0022) whose answers match every `key = value` pair (a
 * report narrowed by two cohorts, which the folded aggregates do not hold), a page at a time by seq.
 */
export async function listResponsesMatching(
  db: Database,
  tenantId: string,
  surveyId: string,
  filters: readonly { key: string; value: string }[],
  publishedSeq: number,
  after: number,
  limit: number,
): Promise<ResponseForFold[]> {
  const conditions = filters.map((filter) => sql`${surveyResponse.answers} ->> ${filter.key} = ${filter.value}`);
  const rows = await db
    .select({ seq: surveyResponse.seq, answers: surveyResponse.answers })
    .from(surveyResponse)
    .where(
      and(
        eq(surveyResponse.surveyId, surveyId),
        eq(surveyResponse.tenantId, tenantId),
        gt(surveyResponse.seq, after),
        lte(surveyResponse.seq, publishedSeq),
        ...conditions,
      ),
    )
    .orderBy(asc(surveyResponse.seq))
    .limit(limit);
  return rows.map((row) => ({ seq: row.seq ?? 0, answers: row.answers }));
}

export interface ReportSurveyRow {
  id: string;
  tenantId: string;
  name: string;
  surveyPreset: string;
  authorUserId: string | null;
  isLowi: boolean;
  isDemo: boolean;
  isAnonymous: boolean;
  endDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
  archived: boolean;
  draft: boolean;
  /** Frozen at publication (null: published before the column existed and not yet read; see survey-state.ts). */
  visibilityThreshold: number | null;
  /** The cohort values of the survey's invitees, by cohort key (decision 0045). */
  inviteeCohorts: Record<string, string[]>;
  /** What fills the questions' {{placeholders}} (company_name and the like). */
  metaFields: Record<string, string>;
}

export async function findReportSurvey(db: Database, tenantId: string, surveyId: string): Promise<ReportSurveyRow | undefined> {
  const [row] = await db
    .select({
      id: survey.id,
      tenantId: survey.tenantId,
      name: survey.name,
      surveyPreset: survey.surveyPreset,
      authorUserId: survey.authorUserId,
      isLowi: survey.isLowi,
      isDemo: survey.isDemo,
      isAnonymous: survey.isAnonymous,
      endDate: survey.endDate,
      createdAt: survey.createdAt,
      updatedAt: survey.updatedAt,
      archived: survey.archived,
      draft: survey.draft,
      visibilityThreshold: survey.visibilityThreshold,
      inviteeCohorts: survey.inviteeCohorts,
      metaFields: survey.metaFields,
    })
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)));
  return row;
}

/**
 * Gives a published survey without a threshold (one inserted by a path that did not set it) its company's current
 * threshold, once: the first writer wins and the value never changes afterwards. Answers the survey's threshold.
 */
export async function freezeSurveyThreshold(db: Database, tenantId: string, surveyId: string): Promise<number | null> {
  await db
    .update(survey)
    .set({ visibilityThreshold: sql`(select ${tenant.visibilityThreshold} from ${tenant} where ${tenant.id} = ${tenantId})` })
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId), eq(survey.draft, false), isNull(survey.visibilityThreshold)));
  const [row] = await db
    .select({ visibilityThreshold: survey.visibilityThreshold })
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)));
  return row?.visibilityThreshold ?? null;
}

/** A survey's questions (read only when the cached copy is older than the survey's last change). */
export async function findSurveyFields(db: Database, tenantId: string, surveyId: string): Promise<unknown[] | undefined> {
  const [row] = await db
    .select({ fields: survey.fields })
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)));
  return row?.fields;
}

export interface ReportTenantRow {
  id: string;
  companyName: string | null;
  companySize: string;
  features: string[];
  logoContentType: string | null;
  logoUpdatedAt: Date | null;
}

export async function findReportTenant(db: Database, tenantId: string): Promise<ReportTenantRow | undefined> {
  const [row] = await db
    .select({
      id: tenant.id,
      companyName: tenant.companyName,
      companySize: tenant.companySize,
      features: tenant.features,
      logoContentType: tenant.logoContentType,
      logoUpdatedAt: tenant.logoUpdatedAt,
    })
    .from(tenant)
    .where(eq(tenant.id, tenantId));
  return row;
}

export async function listRecomputedBenchmarks(db: Database): Promise<(typeof benchmarkRecomputed.$inferSelect)[]> {
  return db.select().from(benchmarkRecomputed);
}

export async function listAssignedCohorts(db: Database, tenantId: string, surveyId: string, email: string) {
  const [row] = await db
    .select({ cohorts: assignedCohort.cohorts })
    .from(assignedCohort)
    .where(
      and(eq(assignedCohort.tenantId, tenantId), eq(assignedCohort.surveyId, surveyId), eq(assignedCohort.email, email.toLowerCase())),
    );
  return row?.cohorts ?? null;
}

/** People invited by email to each survey (cancelled sends left out), for response rates. */
export async function countInviteesBySurvey(db: Database, tenantId: string, surveyIds: readonly string[]): Promise<Map<string, number>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .select({ surveyId: invitee.surveyId, total: sql<number>`count(*)` })
    .from(invitee)
    .where(and(eq(invitee.tenantId, tenantId), inArray(invitee.surveyId, [...surveyIds]), ne(invitee.sendStatus, "Cancelled")))
    .groupBy(invitee.surveyId);
  return new Map(rows.map((row) => [row.surveyId, Number(row.total)]));
}

/** Published, unarchived surveys, newest first, for the dashboard. */
export async function listPublishedSurveys(db: Database, tenantId: string) {
  return db
    .select({
      id: survey.id,
      name: survey.name,
      surveyPreset: survey.surveyPreset,
      authorUserId: survey.authorUserId,
      isLowi: survey.isLowi,
      isDemo: survey.isDemo,
      endDate: survey.endDate,
      createdAt: survey.createdAt,
      publishedAt: survey.publishedAt,
    })
    .from(survey)
    .where(and(eq(survey.tenantId, tenantId), eq(survey.archived, false), eq(survey.draft, false)))
    .orderBy(desc(survey.createdAt));
}

export async function findTenantHeadcount(db: Database, tenantId: string): Promise<number | null> {
  const [row] = await db.select({ headcount: tenant.headcount }).from(tenant).where(eq(tenant.id, tenantId));
  return row?.headcount ?? null;
}

/**
 * Sentiment and emotion counts of a survey's published comments (responses with seq ≤ `publishedSeq`, decision 0022)
 * per question, optionally only some responses' comments.
 */
export async function countCommentTags(
  db: Database,
  tenantId: string,
  surveyId: string,
  filters: readonly { key: string; value: string }[],
  publishedSeq: number,
) {
  const conditions = [
    lte(surveyResponse.seq, publishedSeq),
    ...filters.map((filter) => sql`${surveyResponse.answers} ->> ${filter.key} = ${filter.value}`),
  ];
  return db
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
}

/**
 * Every company's closed, published LOWI survey (demo surveys left out), for the benchmark job. The one read across
 * companies in this slice: it runs as the platform, never for a request, and only aggregates leave it.
 */
export async function listClosedLowiSurveysOfAllCompanies(db: Database, now: Date) {
  return db
    .select({
      surveyId: survey.id,
      tenantId: survey.tenantId,
      companySize: tenant.companySize,
      endDate: survey.endDate,
      createdAt: survey.createdAt,
    })
    .from(survey)
    .innerJoin(tenant, eq(tenant.id, survey.tenantId))
    .where(
      and(eq(survey.isLowi, true), eq(survey.isDemo, false), eq(tenant.isDemo, false), eq(survey.draft, false), lte(survey.endDate, now)),
    )
    .orderBy(asc(survey.tenantId), desc(survey.endDate));
}

/** Replaces the recomputed benchmark bands with these (bands no longer backed by 5 companies disappear). */
export async function replaceRecomputedBenchmarks(
  db: Database,
  bands: readonly { companySize: string; year: number; companies: number; data: unknown }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(benchmarkRecomputed);
    if (bands.length > 0) await tx.insert(benchmarkRecomputed).values(bands.map((band) => ({ ...band, computedAt: new Date() })));
  });
}

/**
 * The lowest seq in (after, upTo] of a response with a non-blank answer to one of `openKeys` and no comment excerpt
 * yet (its comments are not analysed), or null when every such response is analysed.
 */
export async function findFirstUnanalysedSeq(
  db: Database,
  tenantId: string,
  surveyId: string,
  openKeys: readonly string[],
  after: number,
  upTo: number,
): Promise<number | null> {
  if (openKeys.length === 0 || upTo <= after) return null;
  const hasOpenAnswer = sql.join(
    openKeys.map((key) => sql`coalesce(btrim(${surveyResponse.answers} ->> ${key}::text), '') <> ''`),
    sql` or `,
  );
  const [row] = await db
    .select({ seq: surveyResponse.seq })
    .from(surveyResponse)
    .where(
      and(
        eq(surveyResponse.surveyId, surveyId),
        eq(surveyResponse.tenantId, tenantId),
        gt(surveyResponse.seq, after),
        lte(surveyResponse.seq, upTo),
        sql`(${hasOpenAnswer})`,
        sql`not exists (select 1 from ${commentExcerpt} where ${commentExcerpt.responseId} = ${surveyResponse.id})`,
      ),
    )
    .orderBy(asc(surveyResponse.seq))
    .limit(1);
  return row ? Number(row.seq) : null;
}

/**
 * Which responses count toward a survey's thresholds (decision 0052): the one predicate every threshold is counted
 * over — blocks of k close on these, the suppression plan's cohort counts are these, and any list that must hold k
 * people before it is shown (comment lists, for instance) should count these. Responses that do not count are still
 * published with their block and enter every figure.
 */
export const countsTowardThreshold = surveyResponse.countsTowardThreshold;

/**
 * The ends of a survey's blocks up to `upTo` (decisions 0022, 0052): a block ends at the response that makes it hold
 * `blockSize` responses counting toward the thresholds. For each complete block, the seq of its last response and the
 * day that response arrived (the block's closing day). In seq order.
 */
export async function listBlockEnds(
  db: Database,
  tenantId: string,
  surveyId: string,
  blockSize: number,
  upTo: number,
): Promise<{ seq: number; day: string }[]> {
  const result = await db.execute(sql`
    select seq, submitted_on from (
      select ${surveyResponse.seq} as seq, ${surveyResponse.submittedOn} as submitted_on,
        ${countsTowardThreshold} as counting,
        count(*) filter (where ${countsTowardThreshold}) over (order by ${surveyResponse.seq}) as position
      from ${surveyResponse}
      where ${surveyResponse.tenantId} = ${tenantId} and ${surveyResponse.surveyId} = ${surveyId} and ${surveyResponse.seq} <= ${upTo}
    ) numbered
    where counting and position % ${blockSize} = 0
    order by seq`);
  return rowsOf<{ seq: number | string; submitted_on: string }>(result).map((row) => ({ seq: Number(row.seq), day: row.submitted_on }));
}

/** A page of a survey's published responses (seq ≤ `publishedSeq`) in the order of their random ids (the raw export). */
export async function listPublishedResponsesInRandomOrder(
  db: Database,
  tenantId: string,
  surveyId: string,
  publishedSeq: number,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; seq: number; answers: Record<string, string> }[]> {
  const rows = await db
    .select({ id: surveyResponse.id, seq: surveyResponse.seq, answers: surveyResponse.answers })
    .from(surveyResponse)
    .where(
      and(
        eq(surveyResponse.tenantId, tenantId),
        eq(surveyResponse.surveyId, surveyId),
        lte(surveyResponse.seq, publishedSeq),
        afterId ? gt(surveyResponse.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(surveyResponse.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, seq: Number(row.seq ?? 0) }));
}
