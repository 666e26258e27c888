import type { BillingOverviewResponse } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const BILLING_OVERVIEW_KEY = ["billing", "overview"] as const;
export const PLAN_REQUESTS_KEY = ["plan-update-requests"] as const;

/** GET /api/billing/overview: plan, effective plan, deal, size and licence usage (contract billingOverviewSchema). */
export function useBillingOverview() {
  return useQuery({
    queryKey: BILLING_OVERVIEW_KEY,
    queryFn: () => api<BillingOverviewResponse>("/api/billing/overview"),
    retry: false,
  });
}

interface UpgradeRequestRecord {
  planRequested: string;
  dateRequested: string;
  hasBeenAddressed: boolean;
}

/** The plans this user has asked for (GET /api/plan_update_request, the user's upgradeRequests). */
export function usePlanRequests() {
  return useQuery({
    queryKey: PLAN_REQUESTS_KEY,
    queryFn: () => api<UpgradeRequestRecord[]>("/api/plan_update_request"),
    select: (requests) => requests.map((request) => request.planRequested),
  });
}

/** POST /api/plan_update_request: the same request the sales-callback dialog sends; the list is read again after it. */
export function useRequestPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestedPlan: string) =>
      api<{ success: boolean; message: string; planRequested: string }>("/api/plan_update_request", { body: { requestedPlan } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAN_REQUESTS_KEY }),
  });
}
