import type { FastifyInstance } from "fastify";
import {
  type CompanySize,
  type MeResponse,
  type Plan,
  describeRoleLabel,
  isCompanyProfileComplete,
  listAvailableFeatures,
  listPermissions,
  meResponseSchema,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { notFound } from "../../lib/errors.js";
import { defineRoute } from "../../lib/route.js";
import { findTenant } from "../company/company.repo.js";

export async function registerMeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/me",
    summary: "The signed-in user, their company and their permissions",
    tags: ["account"],
    access: "signed-in",
    response: meResponseSchema,
    handler: async ({ actor }): Promise<MeResponse> => {
      // The session already carries the user's row; only the company is read here.
      const tenant = await findTenant(db, actor.tenantId);
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
        },
        tenant: {
          id: tenant.id,
          companyName: tenant.companyName,
          plan: tenant.plan as Plan,
          companySize: tenant.companySize as CompanySize,
          profileComplete: isCompanyProfileComplete(tenant),
          features: listAvailableFeatures(
            { isInternalAccount: actor.isInternalAccount, internalVisibility: actor.isInternalAccount },
            { plan: tenant.plan, features: tenant.features },
          ),
        },
        permissions: listPermissions(actor),
      };
    },
  });
}
