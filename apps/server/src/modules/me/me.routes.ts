import type { FastifyInstance } from "fastify";
import {
  type CompanySize,
  type MeResponse,
  type Plan,
  describeRoleLabel,
  isCompanyProfileComplete,
  listPermissions,
  meResponseSchema,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { notFound, unauthenticated } from "../../lib/errors.js";
import { defineRoute } from "../../lib/route.js";
import { findUserInTenant } from "../account/account.repo.js";
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
      const [user, tenant] = await Promise.all([findUserInTenant(db, actor.tenantId, actor.userId), findTenant(db, actor.tenantId)]);
      if (!user) throw unauthenticated();
      if (!tenant) throw notFound("Company not found");
      const isTenantOwner = tenant.ownerUserId === user.id;
      return {
        user: {
          id: user.id,
          email: user.email,
          emailVerified: user.emailVerified,
          firstName: user.firstName,
          lastName: user.lastName,
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
        },
        permissions: listPermissions(actor),
      };
    },
  });
}
