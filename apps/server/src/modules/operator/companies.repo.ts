import { and, asc, count, desc, eq, ilike, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { activityLog, survey, surveyResponse, tenant, upgradeRequest, user } from "../../db/schema.js";
import { issuedBadge } from "../../db/schema-certifications.js";
import { billingOrder, billingOrderLine } from "../../db/schema-orders.js";

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page of customer companies (never the operator's own), by name, with their people, surveys, responses and
 * latest logged activity. A platform-wide read for the operator console only.
 */
export async function listCompanies(db: Database, input: { search?: string; tenantId?: string; page: number; pageSize: number }) {
  const where = and(
    eq(tenant.isInternalAccount, false),
    input.tenantId ? eq(tenant.id, input.tenantId) : undefined,
    input.search ? ilike(tenant.companyName, containsPattern(input.search)) : undefined,
  );
  const users = db
    .select({ tenantId: user.tenantId, users: count().as("users") })
    .from(user)
    .where(eq(user.isInternalAccount, false))
    .groupBy(user.tenantId)
    .as("users");
  const surveys = db
    .select({ tenantId: survey.tenantId, surveys: count().as("surveys") })
    .from(survey)
    .groupBy(survey.tenantId)
    .as("surveys");
  const responses = db
    .select({ tenantId: surveyResponse.tenantId, responses: count().as("responses") })
    .from(surveyResponse)
    .groupBy(surveyResponse.tenantId)
    .as("responses");
  const activity = db
    .select({ tenantId: activityLog.tenantId, lastActivityAt: sql<Date | null>`max(${activityLog.createdAt})`.as("last_activity_at") })
    .from(activityLog)
    .groupBy(activityLog.tenantId)
    .as("activity");
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: tenant.id,
        companyName: tenant.companyName,
        companySize: tenant.companySize,
        plan: tenant.plan,
        users: sql<number>`coalesce(${users.users}, 0)`.mapWith(Number),
        surveys: sql<number>`coalesce(${surveys.surveys}, 0)`.mapWith(Number),
        responses: sql<number>`coalesce(${responses.responses}, 0)`.mapWith(Number),
        lastActivityAt: activity.lastActivityAt,
      })
      .from(tenant)
      .leftJoin(users, eq(users.tenantId, tenant.id))
      .leftJoin(surveys, eq(surveys.tenantId, tenant.id))
      .leftJoin(responses, eq(responses.tenantId, tenant.id))
      .leftJoin(activity, eq(activity.tenantId, tenant.id))
      .where(where)
      .orderBy(asc(sql`lower(${tenant.companyName})`), asc(tenant.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(tenant).where(where),
  ]);
  return { rows, total };
}

/** Whether the id names a customer company (the console never acts on Hearth's own). */
export async function isCustomerCompany(db: Database, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenant.id })
    .from(tenant)
    .where(and(eq(tenant.id, tenantId), eq(tenant.isInternalAccount, false)));
  return row !== undefined;
}

/** The company's upgrade requests, newest first, with the requester's email. */
export async function listUpgradeRequests(db: Database, tenantId: string) {
  return db
    .select({
      id: upgradeRequest.id,
      userId: upgradeRequest.userId,
      planRequested: upgradeRequest.planRequested,
      dateRequested: upgradeRequest.dateRequested,
      hasBeenAddressed: upgradeRequest.hasBeenAddressed,
      requestedBy: user.email,
    })
    .from(upgradeRequest)
    .leftJoin(user, eq(user.id, upgradeRequest.userId))
    .where(eq(upgradeRequest.tenantId, tenantId))
    .orderBy(desc(upgradeRequest.dateRequested));
}

/** Marks one request of the company addressed, once: undefined when it is not the company's or was already. */
export async function markUpgradeRequestAddressed(db: Database, tenantId: string, requestId: string) {
  const [row] = await db
    .update(upgradeRequest)
    .set({ hasBeenAddressed: true })
    .where(and(eq(upgradeRequest.tenantId, tenantId), eq(upgradeRequest.id, requestId), eq(upgradeRequest.hasBeenAddressed, false)))
    .returning({ id: upgradeRequest.id, userId: upgradeRequest.userId, planRequested: upgradeRequest.planRequested });
  return row;
}

/** The company's orders awaiting payment, oldest first. */
export async function listOrdersAwaitingPayment(db: Database, tenantId: string) {
  return db
    .select()
    .from(billingOrder)
    .where(and(eq(billingOrder.tenantId, tenantId), eq(billingOrder.status, "awaiting_payment")))
    .orderBy(asc(billingOrder.createdAt))
    .limit(100);
}

/** The certifications and awards on the company's orders awaiting payment (their cards read Requested), oldest first. */
export async function listCertificationRequests(db: Database, tenantId: string) {
  return db
    .select({
      orderId: billingOrder.id,
      orderNumber: billingOrder.number,
      requestedAt: billingOrder.createdAt,
      badgeId: billingOrderLine.badgeId,
      name: billingOrderLine.name,
      year: billingOrderLine.year,
      licenceType: billingOrderLine.licenceType,
    })
    .from(billingOrderLine)
    .innerJoin(billingOrder, and(eq(billingOrder.id, billingOrderLine.orderId), eq(billingOrder.tenantId, tenantId)))
    .where(and(eq(billingOrderLine.tenantId, tenantId), eq(billingOrder.status, "awaiting_payment"), eq(billingOrderLine.kind, "badge")))
    .orderBy(asc(billingOrder.createdAt), asc(billingOrderLine.name))
    .limit(200);
}

/** The certifications and awards the company holds (not revoked), newest year first, with the order that bought each. */
export async function listHeldCertifications(db: Database, tenantId: string) {
  return db
    .select({
      badgeId: issuedBadge.badgeId,
      name: issuedBadge.name,
      year: issuedBadge.year,
      licenceType: issuedBadge.licenceType,
      issuedAt: issuedBadge.issuedAt,
      orderNumber: billingOrder.number,
    })
    .from(issuedBadge)
    .leftJoin(billingOrder, and(eq(billingOrder.id, issuedBadge.orderId), eq(billingOrder.tenantId, tenantId)))
    .where(and(eq(issuedBadge.tenantId, tenantId), isNull(issuedBadge.revokedAt)))
    .orderBy(desc(issuedBadge.year), asc(issuedBadge.name));
}
