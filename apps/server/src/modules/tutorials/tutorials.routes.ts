import type { FastifyInstance } from "fastify";
import { okResponseSchema, tourParamSchema, tourProgressInputSchema, tourProgressSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { readTourProgress, saveTourProgress } from "./tutorials.service.js";

/** Guided tours' progress per user (docs/decisions/0049): read by the pages that offer a tour, written when one ends. */
export async function registerTutorialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/tutorials/progress",
    summary: "The guided tours the signed-in user has finished or dismissed",
    tags: ["tutorials"],
    access: "signed-in",
    response: tourProgressSchema,
    handler: ({ actor }) => readTourProgress(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/tutorials/progress/:tour",
    summary: "Record how the signed-in user left a guided tour: finished (at its last step) or dismissed",
    tags: ["tutorials"],
    access: "signed-in",
    params: tourParamSchema,
    body: tourProgressInputSchema,
    response: okResponseSchema,
    handler: ({ actor, params, body }) => saveTourProgress(ctx, actor, params.tour, body.state),
  });
}
