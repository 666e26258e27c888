import type { FastifyInstance } from "fastify";
import { meResponseSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { readMe } from "./me.service.js";

export async function registerMeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/me",
    summary: "The signed-in user, their company and their permissions",
    tags: ["account"],
    access: "signed-in",
    response: meResponseSchema,
    handler: ({ actor }) => readMe(ctx, actor),
  });
}
