import type { FastifyInstance } from "fastify";
import {
  activityLogPageSchema,
  surveyChangesPageSchema,
  surveyChangesQuerySchema,
  companiesPageSchema,
  companiesQuerySchema,
  operatorCompanyDetailSchema,
  activityLogQuerySchema,
  changeInternalAccountResponseSchema,
  changeInternalAccountSchema,
  dealActionInputSchema,
  dealInputSchema,
  dealSchema,
  switchTenantResponseSchema,
  switchTenantSchema,
  tenantSwitchStateSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { addressUpgradeRequest, readCompanies, readCompanyDetail } from "./companies.service.js";
import { changeCompanyDeal, recordCompanyDeal } from "./company-deals.service.js";
import { readCompanySurveyChangeLog } from "../surveys/survey-changes.service.js";
import {
  changeInternalVisibility,
  readActivityLog,
  readCompanyActivityLog,
  readSwitchState,
  returnToOwnAccount,
  switchTenant,
} from "./tenant-switch.service.js";

/** The operator console's routes (decision 0048): 404 to anyone but an internal account, except the company's log. */
export async function registerOperatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/admin/dashboard/changeInternalAccount",
    summary: "Toggle the calling internal account's feature visibility between User and Gold (409 when currentState is stale)",
    tags: ["operator"],
    access: "operator",
    body: changeInternalAccountSchema,
    response: changeInternalAccountResponseSchema,
    handler: ({ actor, body }) => changeInternalVisibility(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/admin/companies",
    summary: "Customer companies by name, 20 a page, with plan, effective plan, deal, users, surveys, responses and last activity",
    tags: ["operator"],
    access: "operator",
    query: companiesQuerySchema,
    response: companiesPageSchema,
    handler: ({ query }) => readCompanies(ctx, query),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/admin/companies/:tenantId",
    summary:
      "One company in the console: its figures, deals, orders awaiting payment, upgrade requests, certification requests (with eligibility now) and certifications held",
    tags: ["operator"],
    access: "operator",
    params: z.object({ tenantId: z.uuid() }),
    response: operatorCompanyDetailSchema,
    handler: ({ params }) => readCompanyDetail(ctx, params.tenantId),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/admin/companies/:tenantId/activity-log",
    summary: "One company's admin activity log, newest first, 50 a page (entries by Hearth staff marked)",
    tags: ["operator"],
    access: "operator",
    params: z.object({ tenantId: z.uuid() }),
    query: activityLogQuerySchema,
    response: activityLogPageSchema,
    handler: ({ params, query }) => readCompanyActivityLog(ctx, params.tenantId, query.page),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/admin/companies/:tenantId/surveys/:surveyId/changes",
    summary: "One of a company's surveys: its change history, newest first, at most 50 a page (decision 0075)",
    tags: ["operator"],
    access: "operator",
    params: z.object({ tenantId: z.uuid(), surveyId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id") }),
    query: surveyChangesQuerySchema,
    response: surveyChangesPageSchema,
    handler: ({ params, query }) => readCompanySurveyChangeLog(ctx, params.tenantId, params.surveyId, query),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/admin/companies/:tenantId/deals",
    summary: "Record a deal for the company; the company's admin activity log names the operator",
    tags: ["operator"],
    access: "operator",
    params: z.object({ tenantId: z.uuid() }),
    body: dealInputSchema,
    response: dealSchema,
    status: 201,
    handler: ({ actor, params, body }) => recordCompanyDeal(ctx, actor, params.tenantId, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/admin/companies/:tenantId/deals/:dealRecordId/actions",
    summary:
      "Activate, force, stop forcing or expire one of the company's deals (409 with the reason when the action does not apply); logged with the operator",
    tags: ["operator"],
    access: "operator",
    params: z.object({ tenantId: z.uuid(), dealRecordId: z.uuid() }),
    body: dealActionInputSchema,
    response: dealSchema,
    handler: ({ actor, params, body }) => changeCompanyDeal(ctx, actor, params.tenantId, params.dealRecordId, body.action),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/admin/companies/:tenantId/upgrade-requests/:requestId/addressed",
    summary: "Mark a company's upgrade request addressed (once; 404 after) and notify the requester in the same transaction",
    tags: ["operator"],
    access: "operator",
    params: z.object({ tenantId: z.uuid(), requestId: z.uuid() }),
    response: z.object({ ok: z.literal(true) }),
    handler: ({ actor, params }) => addressUpgradeRequest(ctx, actor, params.tenantId, params.requestId),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/switch-tenant",
    summary: "The calling internal account's visibility and the company it is viewing, if any",
    tags: ["operator"],
    access: "operator",
    response: tenantSwitchStateSchema,
    handler: async ({ actor }) => readSwitchState(actor),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/switch-tenant",
    summary: "View one company as Hearth staff from this session for 60 minutes (success false with the reason when refused)",
    tags: ["operator"],
    access: "operator",
    body: switchTenantSchema,
    response: switchTenantResponseSchema,
    handler: ({ actor, body }) => switchTenant(ctx, actor, body.newTenantId),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/switch-tenant/return",
    summary: "Return to my account: ends this session's view of a company at once",
    tags: ["operator"],
    access: "operator",
    response: z.object({ success: z.literal(true) }),
    handler: ({ actor }) => returnToOwnAccount(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/activity-log",
    summary: "The company's admin activity log, newest first, 50 a page; entries written while Hearth staff viewed it are marked",
    tags: ["company"],
    access: "admin",
    query: activityLogQuerySchema,
    response: activityLogPageSchema,
    handler: ({ actor, query }) => readActivityLog(ctx, actor, query.page),
  });
}
