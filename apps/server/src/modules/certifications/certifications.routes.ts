import type { FastifyInstance } from "fastify";
import { certificationCardListSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { listCompanyCertificationCards } from "./certifications.service.js";

/** Certification and award cards (company-profile permission, like the rest of billing). */
export async function registerCertificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/certifications/cards",
    summary:
      "The company's certification and award cards for the years on offer: status, eligibility and price (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    response: certificationCardListSchema,
    handler: ({ actor }) => listCompanyCertificationCards(ctx, actor),
  });
}
