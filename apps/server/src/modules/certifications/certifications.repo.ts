import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { issuedBadge } from "../../db/schema-certifications.js";
import { billingOrder, billingOrderLine } from "../../db/schema-orders.js";
import { survey, surveyResponse } from "../../db/schema.js";

export type IssuedBadgeRow = typeof issuedBadge.$inferSelect;
export type NewIssuedBadge = Omit<typeof issuedBadge.$inferInsert, "id" | "tenantId">;

/** The badges the company holds (not revoked). */
export async function listIssuedBadges(db: Database, tenantId: string): Promise<IssuedBadgeRow[]> {
  return db
    .select()
    .from(issuedBadge)
    .where(and(eq(issuedBadge.tenantId, tenantId), isNull(issuedBadge.revokedAt)));
}

/** Badge ids on the company's orders awaiting payment: those cards are Requested. */
export async function listRequestedBadgeIds(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ badgeId: billingOrderLine.badgeId })
    .from(billingOrderLine)
    .innerJoin(billingOrder, eq(billingOrder.id, billingOrderLine.orderId))
    .where(
      and(
        eq(billingOrderLine.tenantId, tenantId),
        eq(billingOrder.tenantId, tenantId),
        eq(billingOrder.status, "awaiting_payment"),
        eq(billingOrderLine.kind, "badge"),
      ),
    );
  return rows.flatMap((row) => (row.badgeId ? [row.badgeId] : []));
}

/** One of the company's published, not-archived LOWI surveys with an end date, and how many responses it has. */
export interface LowiSurveyCount {
  id: string;
  endDate: Date;
  responses: number;
}

/**
 * The company's published, not-archived LOWI surveys with an end date and their response counts. Eligibility is
 * decided per survey (docs/decisions/0035): responses of two surveys are never added together.
 */
export async function listLowiSurveyCounts(db: Database, tenantId: string): Promise<LowiSurveyCount[]> {
  const rows = await db
    .select({ id: survey.id, endDate: survey.endDate, responses: sql<number>`count(${surveyResponse.id})::int` })
    .from(survey)
    .leftJoin(surveyResponse, and(eq(surveyResponse.surveyId, survey.id), eq(surveyResponse.tenantId, tenantId)))
    .where(
      and(
        eq(survey.tenantId, tenantId),
        eq(survey.isLowi, true),
        eq(survey.draft, false),
        eq(survey.archived, false),
        isNotNull(survey.endDate),
      ),
    )
    .groupBy(survey.id, survey.endDate);
  return rows.flatMap((row) => (row.endDate ? [{ id: row.id, endDate: row.endDate, responses: Number(row.responses) }] : []));
}

/** Issues badges; a badge the company already holds is left as it is (a replayed payment issues nothing twice). */
export async function insertIssuedBadges(db: Database, tenantId: string, rows: readonly NewIssuedBadge[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(issuedBadge)
    .values(rows.map((row) => ({ ...row, tenantId })))
    .onConflictDoNothing({ target: [issuedBadge.tenantId, issuedBadge.badgeId] });
}
