import {
  resolveTimeZone,
  type CompanySize,
  type MeResponse,
  type SessionResponse,
  describeRoleLabel,
  isCompanyProfileComplete,
  listAvailableFeatures,
  listPermissions,
  toPlan,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { type Actor, featureUserOf } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { readEffectivePlan, toDealResponse } from "../billing/billing.service.js";
import { findTenant } from "../company/company.repo.js";
import { findLabelerStatus } from "../labelling/labelling.repo.js";

/** GET /api/session: the same as GET /api/me for a signed-in caller, `{signedIn: false}` for anyone else. */
export async function readSession(ctx: AppContext, actor: Actor | null): Promise<SessionResponse> {
  return actor ? { signedIn: true, me: await readMe(ctx, actor) } : { signedIn: false };
}

/** The signed-in user, their company and their permissions (GET /api/me). */
export async function readMe(ctx: AppContext, actor: Actor): Promise<MeResponse> {
  const { db } = ctx.database;
  // The session already carries the user's row; only the company and its deals are read here.
  // The labeler's points change with every label, so they are read from the row, not the session.
  const [tenant, effective, labelling] = await Promise.all([
    findTenant(db, actor.tenantId),
    readEffectivePlan(db, actor.tenantId),
    findLabelerStatus(db, actor.tenantId, actor.userId),
  ]);
  if (!tenant) throw notFound("Company not found");
  const isTenantOwner = tenant.ownerUserId === actor.userId;
  return {
    user: {
      id: actor.userId,
      email: actor.email,
      emailVerified: actor.emailVerified,
      firstName: actor.firstName,
      lastName: actor.lastName,
      role: actor.role,
      roleLabel: describeRoleLabel(actor.role, isTenantOwner),
      isInternalAccount: actor.isInternalAccount,
      isTenantOwner,
      labeler: labelling?.labeler ?? false,
      labeledPoints: labelling?.labeledPoints ?? 0,
    },
    aiHubUrl: labelling?.labeler ? (ctx.env.AI_HUB_URL ?? null) : null,
    tenant: {
      id: tenant.id,
      companyName: tenant.companyName,
      logoUrl: tenant.logoContentType ? `/api/company/logo?v=${tenant.logoUpdatedAt?.getTime() ?? 0}` : null,
      plan: toPlan(tenant.plan),
      effectivePlan: effective.plan,
      deal: effective.deal ? toDealResponse(effective.deal) : null,
      companySize: tenant.companySize as CompanySize,
      timeZone: resolveTimeZone(tenant.timeZone),
      profileComplete: isCompanyProfileComplete(tenant),
      features: listAvailableFeatures(featureUserOf(actor), { plan: effective.plan, features: tenant.features }),
    },
    permissions: listPermissions(actor),
  };
}
