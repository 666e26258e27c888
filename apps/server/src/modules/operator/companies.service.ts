import { COMPANIES_PAGE_SIZE, type CompaniesPage, type OperatorCompany, type OperatorCompanyDetail } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { type DealRow, listDealsOfTenants, listTenantDeals } from "../billing/billing.repo.js";
import { effectivePlanOfDeals, toDealResponse } from "../billing/billing.service.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { upgradeRequestAddressed } from "../notifications/notification-events.js";
import { notify } from "../notifications/notifications.service.js";
import { toOrderResponse } from "../orders/orders.service.js";
import { readCompanyBadgeFacts, readLowiSurveyFacts } from "../certifications/certifications.service.js";
import { findTenant } from "../company/company.repo.js";
import {
  listCertificationRequests,
  listCompanies,
  listHeldCertifications,
  listOrdersAwaitingPayment,
  listUpgradeRequests,
  markUpgradeRequestAddressed,
} from "./companies.repo.js";

/** The operator console's company list: search by name, a page at a time, each with its effective plan and deal. */
export async function readCompanies(ctx: AppContext, input: { search?: string; page: number }): Promise<CompaniesPage> {
  const { db } = ctx.database;
  const { rows, total } = await listCompanies(db, { search: input.search || undefined, page: input.page, pageSize: COMPANIES_PAGE_SIZE });
  return { companies: await withEffectivePlans(db, rows), page: input.page, pageSize: COMPANIES_PAGE_SIZE, total };
}

type CompanyRow = Awaited<ReturnType<typeof listCompanies>>["rows"][number];

/** One company row of the console with its effective plan, from its deals. */
function toOperatorCompany(row: CompanyRow, deals: readonly DealRow[], now: Date): OperatorCompany {
  const effective = effectivePlanOfDeals(deals, now);
  const lastActivity = row.lastActivityAt ? new Date(row.lastActivityAt) : null;
  return {
    id: row.id,
    companyName: row.companyName,
    companySize: row.companySize,
    plan: row.plan,
    effectivePlan: effective.plan,
    dealId: effective.deal?.dealId ?? null,
    hasDeal: effective.deal !== null,
    users: row.users,
    surveys: row.surveys,
    responses: row.responses,
    lastActivityAt: lastActivity ? lastActivity.toISOString() : null,
  };
}

/** The company rows with their effective plans, from one read of all their deals (not a query per company). */
async function withEffectivePlans(db: Database, rows: CompanyRow[], now = new Date()): Promise<OperatorCompany[]> {
  const dealsByTenant = await listDealsOfTenants(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOperatorCompany(row, dealsByTenant.get(row.id) ?? [], now));
}

/**
 * The certifications the company has asked for (badges on orders awaiting payment), each with its eligibility now by
 * the rules its own cards use, and the ones it holds. Paying the order grants a request; cancelling it declines it.
 */
async function readCompanyCertifications(ctx: AppContext, tenantId: string, now: Date) {
  const { db } = ctx.database;
  const [requests, held, tenantRow] = await Promise.all([
    listCertificationRequests(db, tenantId),
    listHeldCertifications(db, tenantId),
    findTenant(db, tenantId),
  ]);
  const lowi = requests.length > 0 ? await readLowiSurveyFacts(ctx, tenantId, now) : [];
  const facts = requests.length > 0 ? await readCompanyBadgeFacts(db, tenantId, tenantRow?.headcount ?? null, lowi, now) : null;
  return {
    certificationRequests: requests.flatMap((row) => {
      if (!row.badgeId) return [];
      const eligibility = facts?.eligibility.badges[row.badgeId];
      return [
        {
          orderId: row.orderId,
          orderNumber: row.orderNumber,
          requestedAt: row.requestedAt.toISOString(),
          badgeId: row.badgeId,
          name: row.name,
          year: row.year,
          licenceType: row.licenceType,
          eligible: eligibility?.eligible ?? false,
          reasons: eligibility ? eligibility.reasons : ["This badge is no longer on offer."],
        },
      ];
    }),
    heldCertifications: held.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() })),
  };
}

/** One company's page in the console: figures, deals, orders awaiting payment, upgrade and certification requests. */
export async function readCompanyDetail(ctx: AppContext, tenantId: string, now = new Date()): Promise<OperatorCompanyDetail> {
  const { db } = ctx.database;
  const { rows } = await listCompanies(db, { tenantId, page: 1, pageSize: 1 });
  if (!rows[0]) throw notFound("Company not found");
  const [deals, orders, requests] = await Promise.all([
    listTenantDeals(db, tenantId),
    listOrdersAwaitingPayment(db, tenantId),
    listUpgradeRequests(db, tenantId),
  ]);
  const company = toOperatorCompany(rows[0], deals, now);
  const certifications = await readCompanyCertifications(ctx, tenantId, now);
  return {
    ...certifications,
    company,
    deals: deals.map(toDealResponse),
    ordersAwaitingPayment: orders.map((row) => {
      const { lines: _lines, ...summary } = toOrderResponse(row, []);
      return summary;
    }),
    upgradeRequests: requests.map((request) => ({
      id: request.id,
      planRequested: request.planRequested,
      dateRequested: request.dateRequested.toISOString(),
      hasBeenAddressed: request.hasBeenAddressed,
      requestedBy: request.requestedBy,
    })),
  };
}

/**
 * Marks an upgrade request addressed (hasBeenAddressed), once: in the same transaction the requester is notified
 * (decision 0047's upgradeRequestAddressed) and the company's activity log records which Hearth staff did it.
 */
export async function addressUpgradeRequest(ctx: AppContext, actor: Actor, tenantId: string, requestId: string): Promise<{ ok: true }> {
  await ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const marked = await markUpgradeRequestAddressed(db, tenantId, requestId);
    if (!marked) throw new AppError("NOT_FOUND", "No open upgrade request of this company has that id.");
    await notify(db, tenantId, upgradeRequestAddressed(marked.id, marked.planRequested, marked.userId));
    await insertActivityLogs(db, tenantId, actor.userId, [
      { action: "upgrade_request_addressed", data: { requestId: marked.id, plan: marked.planRequested, operatorEmail: actor.email } },
    ]);
  });
  return { ok: true };
}
