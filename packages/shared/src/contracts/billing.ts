import { z } from "zod";
import { PLANS } from "../plans.js";

/** A stored deal as the API returns it (spec surveys §3 Deal). Dates are ISO 8601 date-times in UTC, or null. */
export const dealSchema = z.object({
  id: z.string(),
  /** The external (CRM) deal id; null when none. */
  dealId: z.string().nullable(),
  plan: z.enum(PLANS),
  isActive: z.boolean(),
  activatedDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  forceActivate: z.boolean(),
});
export type DealResponse = z.infer<typeof dealSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * Recording a deal for a company (internal accounts only; payments will activate deals later). Dates are ISO 8601
 * date-times with a zone; a date left out is null (a deal without an activation date gives no plan until it has one).
 */
export const dealInputSchema = z
  .object({
    plan: z.enum(PLANS),
    dealId: z.string().trim().min(1).max(200).nullable().optional(),
    activatedDate: isoDateTime.nullable().optional(),
    expiryDate: isoDateTime.nullable().optional(),
    forceActivate: z.boolean().default(false),
    isActive: z.boolean(),
  })
  .strict();
export type DealInput = z.infer<typeof dealInputSchema>;

/** One licence of the plan in force: how many are used and the limit (null: unlimited). */
export const licenceUsageSchema = z.object({
  kind: z.enum(["admin", "staff", "cohort", "certification", "customDataRequest"]),
  used: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
});
export type LicenceUsageResponse = z.infer<typeof licenceUsageSchema>;

/**
 * GET /api/billing/overview: what the General tab of /dashboard/billing shows (issue 12 item 4): the stored plan, the
 * effective plan with the deal that gives it, the company's size (for prices), and the licence usage of the effective
 * plan. Company-profile permission.
 */
export const billingOverviewSchema = z.object({
  plan: z.enum(PLANS),
  effectivePlan: z.enum(PLANS),
  deal: dealSchema.nullable(),
  /** The company's size as stored (Small, Medium, Large, Enterprise), or null before a headcount is known. */
  companySize: z.string().nullable(),
  licences: z.array(licenceUsageSchema),
});
export type BillingOverviewResponse = z.infer<typeof billingOverviewSchema>;
