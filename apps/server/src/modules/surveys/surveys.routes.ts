import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import {
  publicSurveySchema,
  responseInputSchema,
  setEndDateInputSchema,
  surveyCreateInputSchema,
  surveyChangesPageSchema,
  surveyChangesQuerySchema,
  surveyDetailSchema,
  surveySummarySchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { notFound } from "../../lib/errors.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { defineRoute } from "../../lib/route.js";
import { checkExportAllowed, exportFileName, exportSurveyCsv, exportSurveyXlsx } from "./survey-export.service.js";
import { getPublicSurvey, readPublicSurveyLogo } from "./public-survey.service.js";
import { responseSourceOf } from "./response-source.js";
import { readSurveyChangeLog } from "./survey-changes.service.js";
import {
  closeSurvey,
  createSurvey,
  findOpenSurveyOfPreset,
  getCompanySurvey,
  listCompanySurveys,
  setSurveyArchived,
  setSurveyEndDate,
  submitResponse,
  updateCompanySurvey,
} from "./surveys.service.js";

const surveyIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id") });
const presetBody = z.object({ surveyPreset: z.string().min(1).max(60) });

export async function registerSurveyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  // Responses are the hottest public path: limited per process in memory rather than with a database write each.
  const responseLimiter = new MemoryRateLimiter(ctx.env.RATE_LIMIT_RESPONSE_PER_IP, 60_000);
  const publicSurveyLimiter = new MemoryRateLimiter(300, 60_000);
  // Mail clients fetch a logo through a few image proxies (one address for many recipients): a higher bound.
  const logoLimiter = new MemoryRateLimiter(3000, 60_000);

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/surveys",
    summary: "The company's surveys with their displayed status and response counts",
    tags: ["surveys"],
    access: "survey-view",
    response: z.array(surveySummarySchema),
    handler: ({ actor }) => listCompanySurveys(db, actor),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/surveys/:id",
    summary: "One survey with its questions",
    tags: ["surveys"],
    access: "survey-view",
    params: surveyIdParams,
    response: surveyDetailSchema,
    handler: ({ actor, params }) => getCompanySurvey(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/surveys/:id/changes",
    summary: "The survey's change history, newest first: who changed what and when (decision 0075); at most 50 a page",
    tags: ["surveys"],
    access: "survey-view",
    params: surveyIdParams,
    query: surveyChangesQuerySchema,
    response: surveyChangesPageSchema,
    handler: ({ actor, params, query }) => readSurveyChangeLog(ctx, actor, params.id, query),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/surveys",
    summary: "Create a survey as a draft, or publish it with an end date",
    tags: ["surveys"],
    access: "survey-edit",
    status: 201,
    bodyLimit: 2 * 1024 * 1024,
    body: surveyCreateInputSchema,
    response: surveyDetailSchema,
    handler: ({ actor, body }) => createSurvey(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/surveys/:id",
    summary: "Save a draft, publish it, or edit a published survey (logged)",
    tags: ["surveys"],
    access: "survey-edit",
    params: surveyIdParams,
    bodyLimit: 2 * 1024 * 1024,
    body: surveyCreateInputSchema,
    response: surveyDetailSchema,
    handler: ({ actor, params, body }) => updateCompanySurvey(ctx, actor, params.id, body),
  });

  for (const [action, archived] of [
    ["archive", true],
    ["restore", false],
  ] as const) {
    defineRoute(app, ctx, {
      method: "POST",
      url: `/api/surveys/:id/${action}`,
      summary: archived ? "Archive a survey" : "Restore an archived survey",
      tags: ["surveys"],
      access: "survey-edit",
      params: surveyIdParams,
      response: surveySummarySchema,
      handler: ({ actor, params }) => setSurveyArchived(ctx, actor, params.id, archived),
    });
  }

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/surveys/:id/close",
    summary: "Close an active survey now (its end date becomes now); 409 for a draft, archived or closed survey",
    tags: ["surveys"],
    access: "survey-edit",
    params: surveyIdParams,
    response: surveySummarySchema,
    handler: ({ actor, params }) => closeSurvey(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/surveys/hasOpen",
    summary: "Whether the company has an open survey of this type",
    tags: ["surveys"],
    access: "survey-view",
    body: presetBody,
    response: z.boolean(),
    handler: async ({ actor, body }) => Boolean(await findOpenSurveyOfPreset(db, actor.tenantId, body.surveyPreset)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/surveys/getOpen",
    summary: "The company's open survey of this type, or null",
    tags: ["surveys"],
    access: "survey-view",
    body: presetBody,
    response: surveyDetailSchema.nullable(),
    handler: async ({ actor, body }) => {
      const open = await findOpenSurveyOfPreset(db, actor.tenantId, body.surveyPreset);
      return open ? getCompanySurvey(ctx, actor, open.id) : null;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/set-survey-end-date",
    summary: "Edit a published survey's expiration",
    tags: ["surveys"],
    access: "survey-edit",
    body: setEndDateInputSchema,
    response: z.object({ success: z.boolean(), message: z.string(), inviteLink: z.string() }),
    // userId and tenantId in the spec's payload do not choose anything: the session does. Another company's id is refused.
    handler: ({ actor, body }) => {
      if (body.tenantId && body.tenantId !== actor.tenantId) throw notFound("Survey not found");
      return setSurveyEndDate(ctx, actor, body.surveyId, body.endDate);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/public/surveys/:id",
    summary: "What a respondent sees of a survey (no private fields)",
    tags: ["public"],
    access: "public",
    params: surveyIdParams,
    response: publicSurveySchema,
    handler: async ({ params, request }) => {
      publicSurveyLimiter.enforce(request.ip);
      return getPublicSurvey(ctx, params.id);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/public/surveys/:id/logo",
    summary: "The logo of the survey's company (PNG or JPEG as uploaded), for the survey's pages and its emails",
    tags: ["public"],
    access: "public",
    params: surveyIdParams,
    produces: ["image/png", "image/jpeg"],
    handler: async ({ params, request, reply }) => {
      logoLimiter.enforce(request.ip);
      const logo = await readPublicSurveyLogo(ctx, params.id);
      // The address carries the logo's version (?v=), so a changed logo is a new address: cached for a day.
      return reply
        .header("content-type", logo.contentType)
        .header("cache-control", "public, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'")
        .send(logo.bytes);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/response",
    summary: "Submit one response; true when stored",
    tags: ["public"],
    access: "public",
    bodyLimit: 512 * 1024,
    body: responseInputSchema,
    response: z.literal(true),
    handler: async ({ body, request, reply }) => {
      responseLimiter.enforce(request.ip);
      return submitResponse(ctx, body, responseSourceOf(ctx, request, reply));
    },
  });
}

export async function registerSurveyExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/export/survey",
    summary:
      "Download a survey's responses as CSV, or XLSX with format=xlsx (one row per response, one column per question; two header rows: the questions' texts, then their keys)",
    tags: ["surveys"],
    access: "data-export",
    query: z.object({ surveyId: surveyIdParams.shape.id, format: z.enum(["csv", "xlsx"]).default("csv") }),
    produces: ["text/csv; charset=utf-8", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    handler: async ({ actor, query, reply }) => {
      const survey = await checkExportAllowed(ctx, actor, query.surveyId);
      if (query.format === "xlsx") {
        const workbook = await exportSurveyXlsx(ctx, actor, survey);
        return reply
          .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
          .header("content-disposition", `attachment; filename="${exportFileName(survey.name, "xlsx")}"`)
          .header("cache-control", "no-store")
          .send(workbook);
      }
      const stream = Readable.from(exportSurveyCsv(ctx, actor, survey));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(survey.name, "csv")}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  });
}
