import { commentCorrectionListSchema, commentCorrectionSchema, commentLabelsSchema, correctedCommentExportSchema } from "@hearth/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { correctCommentLabels, exportCorrectedComments, listCommentCorrections } from "./comment-corrections.service.js";

const commentParams = z.object({ commentId: z.uuid("Unknown comment id") });
const surveyParams = z.object({ surveyId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id") });

export async function registerCommentCorrectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/comments/:commentId/labels",
    summary:
      "Corrects a comment's sentiment, emotion and topic (a comment the reader can read on the Comments page); the corrected labels are used by filters, counts, themes and quotes, the analyzer's are kept",
    tags: ["reports"],
    access: "report-view",
    params: commentParams,
    body: commentLabelsSchema,
    response: commentCorrectionSchema,
    handler: ({ actor, params, body }) => correctCommentLabels(ctx, actor, params.commentId, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/comment-corrections",
    summary: "The corrected comments of a survey the reader can read: labels now and the analyzer's original labels",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    response: commentCorrectionListSchema,
    handler: ({ actor, params }) => listCommentCorrections(ctx, actor, params.surveyId),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/reports/:surveyId/corrected-comments",
    summary:
      "Corrected comments as evaluation data for the comment analyzer: text and corrected labels only (no id, question, cohort, time or respondent), in random order",
    tags: ["reports"],
    access: "report-view",
    params: surveyParams,
    response: correctedCommentExportSchema,
    handler: ({ actor, params }) => exportCorrectedComments(ctx, actor, params.surveyId),
  });
}
