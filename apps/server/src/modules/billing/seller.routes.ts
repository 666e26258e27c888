import type { FastifyInstance } from "fastify";
import { sellerSettingsPatchSchema, sellerSettingsSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { changeSellerSettings, readSellerSettings } from "./seller.service.js";

/** The seller's details in the operator console (decision 0060): 404 to anyone but an internal account. */
export async function registerSellerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/admin/seller-settings",
    summary: "The seller printed on invoices and order forms: the values in force, the console's overrides and the environment's",
    tags: ["operator"],
    access: "operator",
    response: sellerSettingsSchema,
    handler: () => readSellerSettings(ctx),
  });

  defineRoute(app, ctx, {
    method: "PATCH",
    url: "/api/admin/seller-settings",
    summary:
      "Override the seller's name, address, tax id or remittance details; only the fields sent change, null restores the environment's",
    tags: ["operator"],
    access: "operator",
    body: sellerSettingsPatchSchema,
    response: sellerSettingsSchema,
    handler: ({ actor, body }) => changeSellerSettings(ctx, actor, body),
  });
}
