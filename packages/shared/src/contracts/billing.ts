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
