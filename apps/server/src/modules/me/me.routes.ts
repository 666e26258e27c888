import type { FastifyInstance } from "fastify";
import { meResponseSchema, sessionResponseSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { resolveActor } from "../../lib/actor.js";
import { defineRoute } from "../../lib/route.js";
import { readMe, readSession } from "./me.service.js";

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

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/session",
    summary:
      "Whether anyone is signed in, and if so the same as GET /api/me: always 200, {signedIn:false} when signed out (the web app asks this on every page)",
    tags: ["account"],
    access: "public",
    response: sessionResponseSchema,
    handler: async ({ request, reply }) => {
      reply.header("cache-control", "no-store");
      return readSession(ctx, await resolveActor(ctx, request));
    },
  });
}
