import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";

const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });

export async function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/health",
    summary: "Liveness and database reachability",
    tags: ["system"],
    access: "public",
    response: healthSchema,
    handler: async () => {
      await ctx.database.db.execute(sql`select 1`);
      return { status: "ok" as const, database: ctx.database.kind };
    },
  });
}
