import type { FastifyRequest } from "fastify";
import type { Role } from "@hearth/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { AppContext } from "../app-context.js";

/** Who is calling: the signed-in user and the company (tenant) every query is scoped to. */
export interface Actor {
  userId: string;
  tenantId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  isInternalAccount: boolean;
  sessionId: string;
}

const actorCache = new WeakMap<FastifyRequest, Actor | null>();

export async function resolveActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  if (actorCache.has(request)) return actorCache.get(request) ?? null;
  const session = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  const user = session?.user as (Record<string, unknown> & { id: string; email: string; emailVerified: boolean }) | undefined;
  const actor: Actor | null =
    session && user && typeof user.tenantId === "string"
      ? {
          userId: user.id,
          tenantId: user.tenantId,
          email: user.email,
          emailVerified: user.emailVerified,
          firstName: typeof user.firstName === "string" ? user.firstName : null,
          lastName: typeof user.lastName === "string" ? user.lastName : null,
          role: (user.role as Role) ?? "Staff",
          isInternalAccount: user.isInternalAccount === true,
          sessionId: session.session.id,
        }
      : null;
  actorCache.set(request, actor);
  if (actor) request.log = request.log.child({ userId: actor.userId, tenantId: actor.tenantId });
  return actor;
}
