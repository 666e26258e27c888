import type { FastifyInstance } from "fastify";
import {
  okResponseSchema,
  type TourId,
  tourParamSchema,
  tourProgressInputSchema,
  tourProgressSchema,
  type TourState,
} from "@hearth/shared";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../app-context.js";
import { tourProgress } from "../../db/schema-tutorials.js";
import { defineRoute } from "../../lib/route.js";

/** Guided tours' progress per user (docs/decisions/0049): read by the pages that offer a tour, written when one ends. */
export async function registerTutorialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/tutorials/progress",
    summary: "The guided tours the signed-in user has finished or dismissed",
    tags: ["tutorials"],
    access: "signed-in",
    response: tourProgressSchema,
    handler: async ({ actor }) => {
      const rows = await db
        .select({ tour: tourProgress.tour, state: tourProgress.state, updatedAt: tourProgress.updatedAt })
        .from(tourProgress)
        .where(eq(tourProgress.userId, actor.userId))
        .orderBy(tourProgress.tour);
      return {
        tours: rows.map((row) => ({ tour: row.tour as TourId, state: row.state as TourState, updatedAt: row.updatedAt.toISOString() })),
      };
    },
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
    handler: async ({ actor, params, body }) => {
      const now = new Date();
      await db
        .insert(tourProgress)
        .values({ userId: actor.userId, tour: params.tour, state: body.state, updatedAt: now })
        .onConflictDoUpdate({ target: [tourProgress.userId, tourProgress.tour], set: { state: body.state, updatedAt: now } });
      return { ok: true as const };
    },
  });
}
