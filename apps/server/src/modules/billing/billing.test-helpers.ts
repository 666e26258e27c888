import type { Database } from "../../db/client.js";
import { updateTenant } from "../company/company.repo.js";
import { deactivateTenantDeals, insertDeal } from "./billing.repo.js";

/**
 * Puts a company on a plan the way production does: the stored plan, and (unless Free) one forced, active deal for
 * it from now with no expiry; earlier deals are switched off, so the effective plan is exactly `plan`.
 */
export async function putTenantOnPlan(db: Database, tenantId: string, plan: string): Promise<void> {
  await updateTenant(db, tenantId, { plan });
  await deactivateTenantDeals(db, tenantId);
  if (plan !== "Free") {
    await insertDeal(db, tenantId, {
      plan,
      dealId: null,
      isActive: true,
      activatedDate: new Date(),
      expiryDate: null,
      forceActivate: true,
    });
  }
}
