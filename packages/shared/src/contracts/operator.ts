import { z } from "zod";
import { DEAL_ACTIONS } from "../billing/deal-actions.js";
import { dealSchema } from "./billing.js";
import { orderSchema } from "./orders.js";

/**
 * The operator console's contracts (decision 0048): an internal account's visibility, its switch into one company,
 * and the company's admin activity log.
 */

/** "Gold" sees every feature; "User" sees what the company's own people see (spec surveys §4 Internal admin). */
export const INTERNAL_VISIBILITIES = ["User", "Gold"] as const;
export type InternalVisibility = (typeof INTERNAL_VISIBILITIES)[number];

/** How long a switch into a company lasts before it ends by itself. */
export const TENANT_SWITCH_MINUTES = 60;

export const TENANT_SWITCH_MESSAGES = {
  failedTitle: "Switch failed",
  failed: "Failed to switch tenant. Please try again.",
  networkFailed: "An error occurred while switching tenants. Please try again.",
} as const;

export const VISIBILITY_MESSAGES = {
  failed: "Failed to Reset",
  setTo: (visibility: InternalVisibility) => `Visibility set to ${visibility}`,
} as const;

/** The banner's text while an internal account views a company. */
export const switchBannerText = (companyName: string | null) => `Viewing ${companyName ?? "this company"} as Hearth staff`;

export const changeInternalAccountSchema = z.object({
  userId: z.string().min(1).max(200),
  /** The visibility the caller last saw; the toggle sets the other one (a stale state answers 409). */
  currentState: z.enum(INTERNAL_VISIBILITIES),
});
export type ChangeInternalAccountInput = z.infer<typeof changeInternalAccountSchema>;

export const changeInternalAccountResponseSchema = z.object({
  ok: z.literal(true),
  internalVisibility: z.enum(INTERNAL_VISIBILITIES),
});

export const switchTenantSchema = z.object({ newTenantId: z.uuid() });
export const switchTenantResponseSchema = z.object({ success: z.boolean(), error: z.string().nullable() });
export type SwitchTenantResponse = z.infer<typeof switchTenantResponseSchema>;

export const tenantSwitchStateSchema = z.object({
  internalVisibility: z.enum(INTERNAL_VISIBILITIES),
  /** The company being viewed, or null when the account is in its own. */
  active: z
    .object({
      tenantId: z.string(),
      companyName: z.string().nullable(),
      startedAt: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
});
export type TenantSwitchState = z.infer<typeof tenantSwitchStateSchema>;

export const activityLogQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const activityLogEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  createdAt: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** Who did it, in words (`activityActorName`): a name or email, a removed member as recorded, "System" for a job. */
  who: z.string(),
  /** Set on the entries written while Hearth staff viewed the company. */
  byHearthStaff: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
export const activityLogPageSchema = z.object({
  entries: z.array(activityLogEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ActivityLogPage = z.infer<typeof activityLogPageSchema>;

export const COMPANIES_PAGE_SIZE = 20;

export const companiesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const operatorCompanySchema = z.object({
  id: z.string(),
  companyName: z.string().nullable(),
  companySize: z.string(),
  plan: z.string(),
  effectivePlan: z.string(),
  /** The deal giving the effective plan, by its CRM id; null when none does. */
  dealId: z.string().nullable(),
  /** Whether a deal gives the effective plan (one recorded without a CRM id has a null dealId). */
  hasDeal: z.boolean(),
  users: z.number().int(),
  surveys: z.number().int(),
  responses: z.number().int(),
  lastActivityAt: z.string().nullable(),
});
export type OperatorCompany = z.infer<typeof operatorCompanySchema>;

export const companiesPageSchema = z.object({
  companies: z.array(operatorCompanySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type CompaniesPage = z.infer<typeof companiesPageSchema>;

export const upgradeRequestOfCompanySchema = z.object({
  id: z.string(),
  planRequested: z.string(),
  dateRequested: z.string(),
  hasBeenAddressed: z.boolean(),
  requestedBy: z.string().nullable(),
});

/** A certification or award on an order awaiting payment (its card reads Requested): paying the order grants it. */
export const certificationRequestSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  requestedAt: z.string(),
  badgeId: z.string(),
  name: z.string(),
  year: z.number().int().nullable(),
  licenceType: z.string().nullable(),
  /** The badge's eligibility now, by the same rules as the company's own cards; reasons say what is missing. */
  eligible: z.boolean(),
  reasons: z.array(z.string()),
});
export type CertificationRequest = z.infer<typeof certificationRequestSchema>;

export const heldCertificationSchema = z.object({
  badgeId: z.string(),
  name: z.string(),
  year: z.number().int(),
  licenceType: z.string(),
  issuedAt: z.string(),
  /** The paid order's number; null when it was granted another way. */
  orderNumber: z.string().nullable(),
});

export const operatorCompanyDetailSchema = z.object({
  company: operatorCompanySchema,
  deals: z.array(dealSchema),
  /** Orders awaiting payment, oldest first: the ones a payment can be recorded for. */
  ordersAwaitingPayment: z.array(orderSchema.omit({ lines: true })),
  upgradeRequests: z.array(upgradeRequestOfCompanySchema),
  certificationRequests: z.array(certificationRequestSchema),
  heldCertifications: z.array(heldCertificationSchema),
});

export const dealActionInputSchema = z.object({ action: z.enum(DEAL_ACTIONS) }).strict();
export type OperatorCompanyDetail = z.infer<typeof operatorCompanyDetailSchema>;
