import type { FastifyInstance } from "fastify";
import {
  commentsRequestSchema,
  commentsResponseSchema,
  selectedFiltersQuerySchema,
  selectedFiltersResponseSchema,
  selectedFiltersSchema,
  sentimentReportSchema,
  thematicReportSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { parseReportFilters } from "../reports/reports.service.js";
import { getSelectedFilters, putSelectedFilters } from "./selected-filters.service.js";
import { getSentimentReport, getThematicReport, listComments } from "./comments.service.js";

const surveyParams = z.object({ surveyId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id") });
const filterQuery = z.object({
  filter: z.union([z.string().max(300), z.array(z.string().max(300)).max(10)]).optional(),
});
/** `?cohort=key:value`, repeatable: a restricted member's chosen cohorts (absent: all assigned). */
const thematicQuery = filterQuery.extend({
  cohort: z.union([z.string().max(300), z.array(z.string().max(300)).max(100)]).optional(),
});

export async function registerCommentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/sentiment",
    summary:
      "Sentiment (positive, neutral, negative, none) and emotion counts and shares of a survey's comments, overall and per open question; ?filter=cohortKey:value (up to two); a group below the visibility threshold answers {hidden:true}",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    query: filterQuery,
    response: sentimentReportSchema,
    handler: ({ actor, params, query }) => getSentimentReport(ctx, actor, params.surveyId, parseReportFilters(query.filter)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/reports/:surveyId/comments",
    summary:
      "The comments a user may read, filtered (search, answers, recommendation, tags, sentiment, emotion, cohorts, open questions); the first 102 without a search term; comments of 3 characters or fewer and of hidden cohorts are never listed",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    body: commentsRequestSchema,
    response: commentsResponseSchema,
    handler: ({ actor, params, body }) => listComments(ctx, actor, params.surveyId, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/thematic",
    summary: "Themes of the comments the user may read (each of at least k comments), with sentiment counts and example quotes",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    query: thematicQuery,
    response: thematicReportSchema,
    handler: ({ actor, params, query }) => {
      const cohorts =
        query.cohort === undefined
          ? undefined
          : parseReportFilters(query.cohort).filter((cohort) => cohort.key !== "" && cohort.value !== "");
      return getThematicReport(ctx, actor, params.surveyId, parseReportFilters(query.filter), cohorts);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/me/selected-filters",
    summary: "The comment filters the signed-in user last saved for a survey (spec: selectedFilters); null when none",
    tags: ["account"],
    access: "report-view",
    query: selectedFiltersQuerySchema,
    response: selectedFiltersResponseSchema,
    handler: ({ actor, query }) => getSelectedFilters(ctx, actor, query.surveyId),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/me/selected-filters",
    summary: "Saves the signed-in user's comment filters for a survey",
    tags: ["account"],
    access: "report-view",
    query: selectedFiltersQuerySchema,
    body: selectedFiltersSchema,
    response: selectedFiltersResponseSchema,
    handler: ({ actor, query, body }) => putSelectedFilters(ctx, actor, query.surveyId, body),
  });
}
