import type { FastifyInstance } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { okResponseSchema, ssoProviderInputSchema, ssoProviderSchema } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { deleteSsoProvider, listSsoProviders, registerSsoProvider } from "./sso.service.js";

const providerParamsSchema = z.object({ providerId: z.string().trim().min(1).max(300) });

/** Single sign-on providers per email domain (docs/decisions/0005-single-sign-on.md). Sign-in itself runs through /api/auth. */
export async function registerSsoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = { db: ctx.database.db, auth: ctx.auth, appUrl: ctx.env.APP_URL };

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/sso/providers",
    summary: "The company's single sign-on providers (never their client secret)",
    tags: ["sso"],
    access: "admin",
    response: z.array(ssoProviderSchema),
    handler: ({ actor }) => listSsoProviders(deps, actor.tenantId),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/sso/providers",
    summary: "Register an OpenID Connect provider for one email domain of the company",
    tags: ["sso"],
    access: "admin",
    status: 201,
    body: ssoProviderInputSchema,
    response: ssoProviderSchema,
    handler: ({ actor, body, request }) => registerSsoProvider(deps, actor, body, fromNodeHeaders(request.headers)),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/sso/providers/:providerId",
    summary: "Remove one of the company's single sign-on providers",
    tags: ["sso"],
    access: "admin",
    params: providerParamsSchema,
    response: okResponseSchema,
    handler: ({ actor, params }) => deleteSsoProvider(deps, actor.tenantId, params.providerId),
  });
}
