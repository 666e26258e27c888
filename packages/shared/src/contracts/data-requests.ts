/**
 * Custom data requests (spec accounts §6: "Silver includes up to 4 custom data requests and Gold up to 6"; decision
 * 0074): a company asks Hearth's team for data or an analysis its reports do not show; the team works on it and
 * moves its status. A declined request gives its place in the allowance back.
 */
import { z } from "zod";
import { CUSTOM_DATA_REQUESTS, PLANS, type Plan } from "../plans.js";

export const DATA_REQUEST_STATUSES = ["submitted", "in_progress", "delivered", "declined"] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** The statuses that hold a place in the plan's allowance: all but declined. */
export const COUNTED_DATA_REQUEST_STATUSES: readonly DataRequestStatus[] = ["submitted", "in_progress", "delivered"];

export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatus, string> = {
  submitted: "Submitted",
  in_progress: "In progress",
  delivered: "Delivered",
  declined: "Declined",
};

export const DATA_REQUEST_TITLE_MAX = 200;
export const DATA_REQUEST_DESCRIPTION_MAX = 5000;
export const DATA_REQUEST_NOTE_MAX = 2000;

export const dataRequestInputSchema = z.object({
  title: z.string().trim().min(1, "Give the request a title").max(DATA_REQUEST_TITLE_MAX, `At most ${DATA_REQUEST_TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .min(10, "Describe the data or question in at least 10 characters")
    .max(DATA_REQUEST_DESCRIPTION_MAX, `At most ${DATA_REQUEST_DESCRIPTION_MAX} characters`),
  surveyId: z.string().trim().min(1).max(100).nullable().optional(),
});
export type DataRequestInput = z.infer<typeof dataRequestInputSchema>;

export const dataRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  surveyId: z.string().nullable(),
  surveyName: z.string().nullable(),
  status: z.enum(DATA_REQUEST_STATUSES),
  operatorNote: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

export const dataRequestListSchema = z.object({
  plan: z.enum(PLANS),
  /** The plan's allowance (0 when the plan includes none). */
  limit: z.number().int(),
  /** Requests holding a place in the allowance (every status but declined). */
  used: z.number().int(),
  /** The lowest plan that includes custom data requests, named in the upgrade path; null when this plan has them. */
  upgradePlan: z.enum(PLANS).nullable(),
  requests: z.array(dataRequestSchema),
});
export type DataRequestList = z.infer<typeof dataRequestListSchema>;

export const operatorDataRequestSchema = dataRequestSchema.extend({
  tenantId: z.string(),
  companyName: z.string().nullable(),
  requesterEmail: z.string().nullable(),
});
export type OperatorDataRequest = z.infer<typeof operatorDataRequestSchema>;

export const operatorDataRequestsQuerySchema = z.object({
  status: z.enum(DATA_REQUEST_STATUSES).optional(),
});

export const dataRequestStatusInputSchema = z.object({
  status: z.enum(DATA_REQUEST_STATUSES, "Choose submitted, in progress, delivered or declined"),
  note: z.string().trim().max(DATA_REQUEST_NOTE_MAX, `At most ${DATA_REQUEST_NOTE_MAX} characters`).nullable().optional(),
});
export type DataRequestStatusInput = z.infer<typeof dataRequestStatusInputSchema>;

/** The lowest plan with at least one custom data request (Silver), or null when none has any. */
export function lowestPlanWithDataRequests(): Plan | null {
  return PLANS.find((plan) => CUSTOM_DATA_REQUESTS[plan] > 0) ?? null;
}

/**
 * The refusal when no place is left: on a plan without the allowance it names the plan that includes them
 * ("The Bronze plan includes no custom data requests. Silver includes 4 and Gold 6: upgrade to ask for one."),
 * otherwise it says all are in use.
 */
export function dataRequestLimitMessage(plan: Plan, limit: number): string {
  if (limit <= 0) {
    return `The ${plan} plan includes no custom data requests. Silver includes ${CUSTOM_DATA_REQUESTS.Silver} and Gold ${CUSTOM_DATA_REQUESTS.Gold}: upgrade to ask for one.`;
  }
  const upgrade = plan === "Silver" ? ` Gold includes ${CUSTOM_DATA_REQUESTS.Gold}.` : "";
  return `The ${plan} plan includes ${limit} custom data request${limit === 1 ? "" : "s"}, and ${limit === 1 ? "it is" : "all are"} in use (a declined request does not count).${upgrade}`;
}

/** "2 of 4 used this plan". */
export function describeDataRequestAllowance(used: number, limit: number): string {
  return `${used} of ${limit} used this plan`;
}
