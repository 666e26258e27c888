import type { FastifyInstance } from "fastify";
import {
  REPORT_CSV_TABLES,
  type ReportCsvTable,
  breakdownReportSchema,
  companyReportResponseSchema,
  keyDriversResponseSchema,
  reportPublicationSchema,
  teamReportSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { exportReportTableCsv, exportCompanyReportPdf } from "./report-export.service.js";
import { setReportLogger } from "./report-benchmarks.service.js";
import { commentLabelsShown } from "../comments/comments.service.js";
import { getBreakdownReport, getCompanyReport, getTeamReport, parseReportFilters } from "./reports.service.js";
import { sendAttachment } from "../../lib/download.js";
import { getReportPublication } from "./publication.service.js";
import { getKeyDrivers } from "./key-drivers.service.js";
import type { ReportPdfSectionSource } from "./report-pdf-sections.js";

const surveyParams = z.object({ surveyId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id") });
const filterQuery = z.object({
  filter: z.union([z.string().max(300), z.array(z.string().max(300)).max(10)]).optional(),
});

/** What app.ts hands in from slices above the reports: the sections they add to the company report PDF. */
export interface ReportRouteOptions {
  pdfSections?: readonly ReportPdfSectionSource[];
}

export async function registerReportRoutes(app: FastifyInstance, ctx: AppContext, options: ReportRouteOptions = {}): Promise<void> {
  setReportLogger(app.log);

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/company",
    summary:
      "The company report of a LOWI survey (LOWI and SPARK scores, competencies, love and SPARK areas, recommend, benefits, benchmarks); ?filter=cohortKey:value (up to two) narrows it; a group below the visibility threshold answers {hidden:true}",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    query: filterQuery,
    response: companyReportResponseSchema,
    handler: ({ actor, params, query }) => getCompanyReport(ctx, actor, params.surveyId, parseReportFilters(query.filter)),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/drivers",
    summary:
      "Key drivers of a closed LOWI survey: each competency's, SPARK area's and love area's correlation (90% interval) and relative weight on the love score and the recommend answer, with strengths and opportunities; ?filter=cohortKey:value (one) asks for a cohort's own, given only from max(30, threshold) complete responses with Department Insights; 403 PLAN_UPGRADE_REQUIRED without Transformation Plans",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    query: filterQuery,
    response: keyDriversResponseSchema,
    handler: ({ actor, params, query }) => getKeyDrivers(ctx, actor, params.surveyId, parseReportFilters(query.filter)),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/publication",
    summary:
      "How many of the survey's responses its reports count (whole blocks of the visibility threshold) and the sentence that says why the rest wait",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    response: reportPublicationSchema,
    handler: ({ actor, params }) => getReportPublication(ctx, actor, params.surveyId),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/team",
    summary:
      "Scores by cohort (rows: the values of one cohort question; columns: LOWI, SPARK and the SPARK areas), hidden rows below the threshold",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    query: z.object({ cohort: z.string().min(1).max(80).optional() }),
    response: teamReportSchema,
    handler: ({ actor, params, query }) => getTeamReport(ctx, actor, params.surveyId, query.cohort),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/breakdown",
    summary: "Per question: how answers spread over the options, and for open questions the comments' sentiment and emotion",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    query: filterQuery,
    response: breakdownReportSchema,
    handler: ({ actor, params, query }) =>
      getBreakdownReport(ctx, actor, params.surveyId, parseReportFilters(query.filter), commentLabelsShown),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/company.pdf",
    summary:
      "The company report as a PDF, ending with the action plans whose baseline is the survey that the caller may see (with Transformation Plans)",
    tags: ["reports"],
    access: "report-view",
    produces: ["application/pdf"],
    params: surveyParams,
    query: filterQuery,
    handler: async ({ actor, params, query, reply }) => {
      const filters = parseReportFilters(query.filter);
      const file = await exportCompanyReportPdf(ctx, actor, params.surveyId, filters, options.pdfSections);
      return sendAttachment(reply, "application/pdf", file.fileName, file.bytes);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/export/:table",
    summary: `One report table as CSV: ${REPORT_CSV_TABLES.map((table) => `${table}.csv`).join(", ")}`,
    tags: ["reports"],
    access: "report-view",
    params: surveyParams.extend({ table: z.enum(REPORT_CSV_TABLES.map((table) => `${table}.csv`) as [string, ...string[]]) }),
    query: filterQuery.extend({ cohort: z.string().min(1).max(80).optional() }),
    produces: ["text/csv; charset=utf-8"],
    handler: async ({ actor, params, query, reply }) => {
      const table = params.table.replace(/\.csv$/, "") as ReportCsvTable;
      const file = await exportReportTableCsv(ctx, actor, params.surveyId, table, parseReportFilters(query.filter), query.cohort);
      return sendAttachment(reply, "text/csv; charset=utf-8", file.fileName, file.text);
    },
  });
}
