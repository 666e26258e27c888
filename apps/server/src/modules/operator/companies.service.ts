import { COMPANIES_PAGE_SIZE, type CompaniesPage } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { listCompanies } from "./companies.repo.js";

/** The operator console's company list: search by name, a page at a time, each with its effective plan and deal. */
export async function readCompanies(ctx: AppContext, input: { search?: string; page: number }): Promise<CompaniesPage> {
  const { db } = ctx.database;
  const { rows, total } = await listCompanies(db, { search: input.search || undefined, page: input.page, pageSize: COMPANIES_PAGE_SIZE });
  const now = new Date();
  const companies = await Promise.all(
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
        users: row.users,
        surveys: row.surveys,
        responses: row.responses,
        lastActivityAt: lastActivity ? lastActivity.toISOString() : null,
      };
    }),
  );
  return { companies, page: input.page, pageSize: COMPANIES_PAGE_SIZE, total };
}
