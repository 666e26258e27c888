import type { FastifyRequest } from "fastify";
import type { Role } from "@hearth/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "../auth/auth.js";

/** An internal account viewing one company (decision 0048): which switch, and the account's own company. */
export interface TenantSwitchOfActor {
  id: string;
  homeTenantId: string;
  companyName: string | null;
  startedAt: Date;
  expiresAt: Date;
}

/**
 * The operator console's tenant switch as the platform reads it (decision 0048): which company an internal account's
 * session has switched into, its visibility, and the activity-log entry of a write made while switched. The operator
 * slice provides it (app.ts puts it in the AppContext), so the platform imports no slice.
 */
export interface TenantSwitchAccess {
  findActive(
    sessionId: string,
    operatorUserId: string,
    now: Date,
  ): Promise<{ id: string; tenantId: string; companyName: string | null; startedAt: Date; expiresAt: Date } | null>;
  readVisibility(userId: string): Promise<boolean | undefined>;
  recordWrite(actor: Actor, request: { method: string; route: string }): Promise<void>;
}

/** Who is calling: the signed-in user and the company (tenant) every query is scoped to. */
export interface Actor {
  userId: string;
  /** The company every query is scoped to: the user's own, or the one an internal account has switched into. */
  tenantId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  isInternalAccount: boolean;
  /** An internal account's visibility: true ("Gold") sees every feature, false ("User") the company's own. */
  internalVisibility: boolean;
  sessionId: string;
  /** Set while an internal account views another company; null otherwise. */
  tenantSwitch: TenantSwitchOfActor | null;
}

/** The user a feature check reads (packages/shared features.ts): internal visibility counts only on internal accounts. */
export const featureUserOf = (actor: Pick<Actor, "isInternalAccount" | "internalVisibility">) => ({
  isInternalAccount: actor.isInternalAccount,
  internalVisibility: actor.isInternalAccount && actor.internalVisibility,
});

const actorCache = new WeakMap<FastifyRequest, Actor | null>();

/** What resolving the caller reads: the session (Better Auth) and the tenant switch. The AppContext carries both. */
export interface ActorSources {
  auth: Auth;
  tenantSwitches: TenantSwitchAccess;
}

export async function resolveActor(ctx: ActorSources, request: FastifyRequest): Promise<Actor | null> {
  if (actorCache.has(request)) return actorCache.get(request) ?? null;
  const session = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  const user = session?.user as (Record<string, unknown> & { id: string; email: string; emailVerified: boolean }) | undefined;
  let actor: Actor | null =
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
          internalVisibility: false,
          sessionId: session.session.id,
          tenantSwitch: null,
        }
      : null;
  // Only an internal account has a visibility and can be switched. Both are read from their rows on every request
  // (not from the session), so a toggle applies at once and an ended or expired switch stops at once (decision 0048).
  if (actor?.isInternalAccount) {
    const [active, visibility] = await Promise.all([
      ctx.tenantSwitches.findActive(actor.sessionId, actor.userId, new Date()),
      ctx.tenantSwitches.readVisibility(actor.userId),
    ]);
    actor.internalVisibility = visibility !== false;
    if (active && active.tenantId !== actor.tenantId) {
      actor = {
        ...actor,
        tenantId: active.tenantId,
        tenantSwitch: {
          id: active.id,
          homeTenantId: actor.tenantId,
          companyName: active.companyName,
          startedAt: active.startedAt,
          expiresAt: active.expiresAt,
        },
      };
    }
  }
  actorCache.set(request, actor);
  if (actor) {
    request.log = request.log.child({
      userId: actor.userId,
      tenantId: actor.tenantId,
      ...(actor.tenantSwitch ? { tenantSwitchId: actor.tenantSwitch.id } : {}),
    });
  }
  return actor;
}
