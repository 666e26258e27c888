import { COMPANIES_PAGE_SIZE, type CompaniesPage, type OperatorCompanyDetail } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { listTenantDeals } from "../billing/billing.repo.js";
import { readEffectivePlan, toDealResponse } from "../billing/billing.service.js";
import { insertActivityLogs } from "../cart/cart.repo.js";
import { upgradeRequestAddressed } from "../notifications/notification-events.js";
import { notify } from "../notifications/notifications.service.js";
import { toOrderResponse } from "../orders/orders.service.js";
import { listCompanies, listOrdersAwaitingPayment, listUpgradeRequests, markUpgradeRequestAddressed } from "./companies.repo.js";

/** The operator console's company list: search by name, a page at a time, each with its effective plan and deal. */
export async function readCompanies(ctx: AppContext, input: { search?: string; page: number }): Promise<CompaniesPage> {
  const { db } = ctx.database;
  const { rows, total } = await listCompanies(db, { search: input.search || undefined, page: input.page, pageSize: COMPANIES_PAGE_SIZE });
  return { companies: await withEffectivePlans(db, rows), page: input.page, pageSize: COMPANIES_PAGE_SIZE, total };
}

type CompanyRow = Awaited<ReturnType<typeof listCompanies>>["rows"][number];

async function withEffectivePlans(db: Database, rows: CompanyRow[]) {
  const now = new Date();
  return Promise.all(
    rows.map(async (row) => {
      const effective = await readEffectivePlan(db, row.id, now);
      const lastActivity = row.lastActivityAt ? new Date(row.lastActivityAt) : null;
      return {
        id: row.id,
        companyName: row.companyName,
        companySize: row.companySize,
        plan: row.plan,
        effectivePlan: effective.plan,
        dealId: effective.deal?.dealId ?? null,
        hasDeal: effective.deal !== null && effective.deal !== undefined,
        users: row.users,
        surveys: row.surveys,
        responses: row.responses,
        lastActivityAt: lastActivity ? lastActivity.toISOString() : null,
      };
    }),
  );
}

/** One company's page in the console: its figures, deals, orders awaiting payment and upgrade requests. */
export async function readCompanyDetail(ctx: AppContext, tenantId: string): Promise<OperatorCompanyDetail> {
  const { db } = ctx.database;
  const { rows } = await listCompanies(db, { tenantId, page: 1, pageSize: 1 });
  if (!rows[0]) throw notFound("Company not found");
  const [[company], deals, orders, requests] = await Promise.all([
    withEffectivePlans(db, rows),
    listTenantDeals(db, tenantId),
    listOrdersAwaitingPayment(db, tenantId),
    listUpgradeRequests(db, tenantId),
  ]);
  return {
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
