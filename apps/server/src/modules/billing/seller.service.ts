/**
 * The seller on invoices and order forms (issue 25 item 2, decision 0060): SELLER_* from the environment, each field
 * overridable in the operator console. Nothing is invented: a field neither sets is null, and documents say so.
 */
import {
  isSellerPayable,
  resolveSeller,
  SELLER_FIELDS,
  type SellerDetails,
  type SellerSettingsPatch,
  type SellerSettingsResponse,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Env } from "../../env.js";
import type { Actor } from "../../lib/actor.js";
import { findSellerSetting, type SellerSettingChange, type SellerSettingRow, upsertSellerSetting } from "./seller.repo.js";

/** An environment value as a document prints it: a written "\n" starts a new line (a .env file holds one line). */
const fromEnv = (value: string | undefined) => (value?.trim() ? value.replaceAll("\\n", "\n").trim() : null);

export function sellerFromEnv(env: Pick<Env, "SELLER_NAME" | "SELLER_ADDRESS" | "SELLER_TAX_ID" | "SELLER_REMITTANCE">): SellerDetails {
  return {
    name: fromEnv(env.SELLER_NAME),
    address: fromEnv(env.SELLER_ADDRESS),
    taxId: fromEnv(env.SELLER_TAX_ID),
    remittance: fromEnv(env.SELLER_REMITTANCE),
  };
}

function overridesOf(row: SellerSettingRow | undefined): SellerDetails {
  return {
    name: row?.name ?? null,
    address: row?.address ?? null,
    taxId: row?.taxId ?? null,
    remittance: row?.remittance ?? null,
  };
}

/** The seller in force now: the console's override of each field, else the environment's. */
export async function readSeller(ctx: Pick<AppContext, "env">, db: Database): Promise<SellerDetails> {
  return resolveSeller(sellerFromEnv(ctx.env), overridesOf(await findSellerSetting(db)));
}

function toResponse(ctx: Pick<AppContext, "env">, row: SellerSettingRow | undefined): SellerSettingsResponse {
  const environment = sellerFromEnv(ctx.env);
  const overrides = overridesOf(row);
  const effective = resolveSeller(environment, overrides);
  return { effective, overrides, environment, payable: isSellerPayable(effective), updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** `GET /api/admin/seller-settings`. */
export async function readSellerSettings(ctx: AppContext): Promise<SellerSettingsResponse> {
  return toResponse(ctx, await findSellerSetting(ctx.database.db));
}

/** `PATCH /api/admin/seller-settings`: only the fields sent change; null drops a field's override. */
export async function changeSellerSettings(ctx: AppContext, actor: Actor, patch: SellerSettingsPatch, now = new Date()) {
  const change: SellerSettingChange = {};
  for (const field of SELLER_FIELDS) {
    const value = patch[field];
    if (value !== undefined) change[field] = value;
  }
  const row = await upsertSellerSetting(ctx.database.db, change, actor.userId, now);
  return toResponse(ctx, row);
}
