/**
 * The only SQL of social quotes. Every function takes the tenant id, so no query reads another company's comments.
 */
import { QUOTE_MAX_LENGTH, QUOTE_MIN_LENGTH } from "@hearth/shared";
import { and, asc, desc, eq, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { uuidArray } from "../../db/sql-arrays.js";
import { activityLog, survey, surveyResponse, tenant } from "../../db/schema.js";
import { commentExcerpt } from "../../db/schema-reports.js";
import { correctedColumn, passesQuoteRule } from "./quote-rule.js";

/**
 * Text that looks like contact details (an email address, an @handle, a phone number or a web address) never becomes
 * a quote: a comment carrying them could point at its writer.
 */
const CONTACT_PATTERN = String.raw`[^\s@]+@[^\s@]+\.[a-z]{2,}|(^|\s)@[a-z0-9_]{2,}|\+?[0-9][0-9 ().-]{7,}[0-9]|https?://|www\.`;

/** A comment that can be a quote: positive, not removed, of a length that fits a card, no contact details. */
function eligible(tenantId: string): SQL {
  return and(
    eq(commentExcerpt.tenantId, tenantId),
    eq(commentExcerpt.sentiment, "positive"),
    eq(commentExcerpt.hidden, false),
    sql`char_length(btrim(${commentExcerpt.text})) between ${QUOTE_MIN_LENGTH} and ${QUOTE_MAX_LENGTH}`,
    sql`${commentExcerpt.text} !~* ${CONTACT_PATTERN}`,
  ) as SQL;
}

export interface QuoteSurveyRow {
  id: string;
  isDemo: boolean;
}

/** Surveys that have at least one quotable comment, newest first. */
export async function listSurveysWithQuotes(db: Database, tenantId: string): Promise<QuoteSurveyRow[]> {
  return db
    .select({ id: survey.id, isDemo: survey.isDemo })
    .from(survey)
    .where(
      and(
        eq(survey.tenantId, tenantId),
        eq(survey.draft, false),
        sql`exists (select 1 from ${commentExcerpt} where ${commentExcerpt.surveyId} = ${survey.id} and ${eligible(tenantId)})`,
      ),
    )
    .orderBy(desc(survey.createdAt), asc(survey.id));
}

export interface QuoteRow {
  id: string;
  text: string;
  surveyId: string;
  surveyName: string;
}

const quoteColumns = {
  id: commentExcerpt.id,
  text: commentExcerpt.text,
  surveyId: commentExcerpt.surveyId,
  surveyName: survey.name,
};

export interface QuotableSurvey {
  surveyId: string;
  /** Comments of responses up to this seq (the survey's published blocks, decision 0022). */
  maxSeq: number;
  /** Only these comments (what the reader may read on the Comments page); null: any. */
  ids: string[] | null;
}

function withinBlocks(surveys: readonly QuotableSurvey[]): SQL {
  return or(
    ...surveys.map((entry) =>
      and(
        eq(commentExcerpt.surveyId, entry.surveyId),
        lte(surveyResponse.seq, entry.maxSeq),
        entry.ids === null ? undefined : sql`${commentExcerpt.id} = any(${uuidArray(entry.ids)})`,
      ),
    ),
  ) as SQL;
}

/**
 * One page of quotes from the given surveys: newest survey first, then by excerpt id (random, not answer order).
 * The candidates the SQL finds pass the quote rule (`passesQuoteRule`) before they are paged and counted.
 */
export async function listQuotes(
  db: Database,
  tenantId: string,
  surveys: readonly QuotableSurvey[],
  limit: number,
  offset: number,
): Promise<{ rows: QuoteRow[]; total: number }> {
  if (surveys.length === 0) return { rows: [], total: 0 };
  const where = and(eligible(tenantId), withinBlocks(surveys));
  const candidates = await db
    .select({ ...quoteColumns, sentiment: commentExcerpt.sentiment, corrected: correctedColumn })
    .from(commentExcerpt)
    .innerJoin(survey, and(eq(survey.id, commentExcerpt.surveyId), eq(survey.tenantId, commentExcerpt.tenantId)))
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(where)
    .orderBy(desc(survey.createdAt), asc(survey.id), asc(commentExcerpt.id));
  const quotes = candidates.filter(passesQuoteRule).map(({ id, text, surveyId, surveyName }) => ({ id, text, surveyId, surveyName }));
  return { rows: quotes.slice(offset, offset + limit), total: quotes.length };
}

/** One quotable comment of this company, or undefined (another company's, removed, not positive, too long…). */
export async function findQuote(
  db: Database,
  tenantId: string,
  quoteId: string,
): Promise<(QuoteRow & { surveyIsDemo: boolean; responseSeq: number }) | undefined> {
  const [row] = await db
    .select({
      ...quoteColumns,
      surveyIsDemo: survey.isDemo,
      responseSeq: surveyResponse.seq,
      sentiment: commentExcerpt.sentiment,
      corrected: correctedColumn,
    })
    .from(commentExcerpt)
    .innerJoin(survey, and(eq(survey.id, commentExcerpt.surveyId), eq(survey.tenantId, commentExcerpt.tenantId)))
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(and(eligible(tenantId), eq(commentExcerpt.id, quoteId), eq(survey.draft, false)));
  if (!row || !passesQuoteRule(row)) return undefined;
  const { sentiment: _sentiment, corrected: _corrected, ...quote } = row;
  return { ...quote, responseSeq: row.responseSeq ?? 0 };
}

/** Sets the hidden flag; false when the comment is not this company's. */
export async function hideComment(db: Database, tenantId: string, quoteId: string): Promise<boolean> {
  const rows = await db
    .update(commentExcerpt)
    .set({ hidden: true })
    .where(and(eq(commentExcerpt.id, quoteId), eq(commentExcerpt.tenantId, tenantId)))
    .returning({ id: commentExcerpt.id });
  return rows.length > 0;
}

export interface QuoteTenantRow {
  companyName: string | null;
  features: string[];
  isDemo: boolean;
  logoContentType: string | null;
  logoUpdatedAt: Date | null;
}

/** What the quotes need of the company (its plan comes from its deals: billing.service.ts): its name, features and whether it is the demo company (no logo bytes). */
export async function findQuoteTenant(db: Database, tenantId: string): Promise<QuoteTenantRow | undefined> {
  const [row] = await db
    .select({
      companyName: tenant.companyName,
      features: tenant.features,
      isDemo: tenant.isDemo,
      logoContentType: tenant.logoContentType,
      logoUpdatedAt: tenant.logoUpdatedAt,
    })
    .from(tenant)
    .where(eq(tenant.id, tenantId));
  return row;
}

/** The logo bytes, read only when an image is rendered. */
export async function findTenantLogo(db: Database, tenantId: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db.select({ logo: tenant.logo, contentType: tenant.logoContentType }).from(tenant).where(eq(tenant.id, tenantId));
  return row?.logo && row.contentType ? { bytes: row.logo, contentType: row.contentType } : null;
}

export async function logActivity(
  db: Database,
  entry: { tenantId: string; userId: string; action: string; data: Record<string, unknown> },
): Promise<void> {
  await db.insert(activityLog).values(entry);
}
