import type {
  CompaniesPage,
  DealAction,
  InternalVisibility,
  OperatorCompanyDetail,
  Plan,
  SwitchTenantResponse,
  TenantSwitchState,
} from "@hearth/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const SWITCH_STATE_QUERY_KEY = ["operator", "switch-state"] as const;

/** The internal account's visibility and the company it views; never asked for by anyone else (it would be a 404). */
export function useSwitchState(enabled: boolean) {
  return useQuery({
    queryKey: SWITCH_STATE_QUERY_KEY,
    queryFn: () => api<TenantSwitchState>("/api/switch-tenant"),
    enabled,
    // The switch ends by itself after 60 minutes: look again now and then so the banner goes with it.
    refetchInterval: enabled ? 60_000 : false,
  });
}

export function useCompanies(search: string, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set("search", search);
  return useQuery({
    queryKey: ["operator", "companies", search, page],
    queryFn: () => api<CompaniesPage>(`/api/admin/companies?${query}`),
    placeholderData: keepPreviousData,
  });
}

export const switchTenant = (newTenantId: string) => api<SwitchTenantResponse>("/api/switch-tenant", { body: { newTenantId } });

export const returnToOwnAccount = () => api<{ success: true }>("/api/switch-tenant/return", { method: "POST" });

export const changeVisibility = (userId: string, currentState: InternalVisibility) =>
  api<{ ok: true; internalVisibility: InternalVisibility }>("/api/admin/dashboard/changeInternalAccount", {
    body: { userId, currentState },
  });

export const companyQueryKey = (tenantId: string) => ["operator", "company", tenantId] as const;

export function useCompanyDetail(tenantId: string) {
  return useQuery({ queryKey: companyQueryKey(tenantId), queryFn: () => api<OperatorCompanyDetail>(`/api/admin/companies/${tenantId}`) });
}

export interface DealFormInput {
  plan: Plan;
  dealId: string | null;
  expiryDate: string | null;
  forceActivate: boolean;
  /** Activate from now; otherwise the deal is recorded and activated later from its row. */
  activateNow: boolean;
}

export const recordDeal = (tenantId: string, { activateNow, ...input }: DealFormInput) =>
  api(`/api/admin/companies/${tenantId}/deals`, {
    body: { ...input, isActive: activateNow, activatedDate: activateNow ? new Date().toISOString() : null },
  });

export const changeDeal = (tenantId: string, dealRecordId: string, action: DealAction) =>
  api(`/api/admin/companies/${tenantId}/deals/${dealRecordId}/actions`, { body: { action } });

export const cancelOrder = (orderId: string) => api(`/api/internal/orders/${orderId}/cancel`, { method: "POST" });

export const recordPayment = (orderId: string, reference: string) =>
  api(`/api/internal/orders/${orderId}/payment`, { body: { paidAt: new Date().toISOString(), reference } });

export const markRequestAddressed = (tenantId: string, requestId: string) =>
  api(`/api/admin/companies/${tenantId}/upgrade-requests/${requestId}/addressed`, { method: "POST" });
