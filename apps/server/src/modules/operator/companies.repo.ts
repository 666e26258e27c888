import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { activityLog, survey, surveyResponse, tenant, user } from "../../db/schema.js";

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page of customer companies (never the operator's own), by name, with their people, surveys, responses and
 * latest logged activity. A platform-wide read for the operator console only.
 */
export async function listCompanies(db: Database, input: { search?: string; page: number; pageSize: number }) {
  const where = and(
    eq(tenant.isInternalAccount, false),
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
