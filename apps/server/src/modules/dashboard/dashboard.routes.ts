import type { FastifyInstance } from "fastify";
import { dashboardSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { getDashboard } from "./dashboard.service.js";

/**
 * The dashboard: it reads surveys, reports and certifications, so it is a slice of its own above them all rather
 * than a part of one of them.
 */
export async function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/dashboard",
    summary: "The dashboard: active surveys with response rates, the latest LOWI score against its benchmark, progress to certification",
    tags: ["reports"],
    access: "survey-view",
    response: dashboardSchema,
    handler: ({ actor }) => getDashboard(ctx, actor),
  });
}
