import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { checkHealth } from "./health.service.js";

const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });

export async function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/health",
    summary: "Liveness and database reachability",
    tags: ["system"],
    access: "public",
    response: healthSchema,
    handler: () => checkHealth(ctx),
  });
}
