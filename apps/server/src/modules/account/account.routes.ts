import type { FastifyInstance } from "fastify";
import { accountSchema, accountUpdateResultSchema, accountUpdateSchema, okResponseSchema, passwordChangeSchema } from "@hearth/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { changePassword, getAccount, updateAccount } from "./account.service.js";

export async function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/account",
    summary: "The signed-in user's own account",
    tags: ["account"],
    access: "signed-in",
    response: accountSchema,
    handler: ({ actor }) => getAccount(db, actor),
  });

  defineRoute(app, ctx, {
    method: "PATCH",
    url: "/api/account",
    summary: "Update the account; a new email is confirmed at the new address",
    tags: ["account"],
    access: "signed-in",
    body: accountUpdateSchema,
    response: accountUpdateResultSchema,
    handler: ({ actor, body, request }) => updateAccount(db, ctx.auth, actor, body, fromNodeHeaders(request.headers)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/account/password",
    summary: "Change the password (needs the current one); other sessions are signed out",
    tags: ["account"],
    access: "signed-in",
    body: passwordChangeSchema,
    response: okResponseSchema,
    handler: async ({ body, request, reply }) => {
      const cookies = await changePassword(ctx.auth, body, fromNodeHeaders(request.headers));
      for (const cookie of cookies) reply.header("set-cookie", cookie);
      return { ok: true as const };
    },
  });
}
