import type { FastifyInstance } from "fastify";
import { labellingSkipSchema, labellingSubmitSchema, labellingTaskSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { nextLabellingTask, skipComment, submitLabels } from "./labelling.service.js";

/** The labelling page's calls (decision 0050): labelers only; everyone else gets a 404. */
export async function registerLabellingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/labelling/next",
    summary: "The comment a labeler labels now (text only) and their points; null when none is left",
    tags: ["labelling"],
    access: "signed-in",
    response: labellingTaskSchema,
    handler: ({ actor }) => nextLabellingTask(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/labelling/labels",
    summary: "Label the comment given: sentiment, emotion and topic; one point, then the next comment",
    tags: ["labelling"],
    access: "signed-in",
    body: labellingSubmitSchema,
    response: labellingTaskSchema,
    handler: ({ actor, body }) => submitLabels(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/labelling/skip",
    summary: "Skip the comment given (no point; never given again), then the next comment",
    tags: ["labelling"],
    access: "signed-in",
    body: labellingSkipSchema,
    response: labellingTaskSchema,
    handler: ({ actor, body }) => skipComment(ctx, actor, body),
  });
}
