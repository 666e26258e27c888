import type {
  DataRequest,
  DataRequestInput,
  DataRequestList,
  DataRequestStatus,
  DataRequestStatusInput,
  OperatorDataRequest,
} from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const DATA_REQUESTS_KEY = ["data-requests"] as const;
export const OPERATOR_DATA_REQUESTS_KEY = ["operator", "data-requests"] as const;
/** Billing's licence bars count the requests too (GET /api/billing/overview). */
const BILLING_OVERVIEW_KEY = ["billing", "overview"] as const;

/** GET /api/data-requests: the company's requests with the plan's allowance. */
export function useDataRequests() {
  return useQuery({ queryKey: DATA_REQUESTS_KEY, queryFn: () => api<DataRequestList>("/api/data-requests"), retry: false });
}

/** POST /api/data-requests; the list and Billing's bars are read again after it. */
export function useFileDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRequestInput) => api<DataRequest>("/api/data-requests", { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_KEY }),
        queryClient.invalidateQueries({ queryKey: BILLING_OVERVIEW_KEY }),
      ]),
  });
}

/** GET /api/admin/data-requests (internal accounts): every company's requests, optionally of one status. */
export function useOperatorDataRequests(status: DataRequestStatus | null) {
  return useQuery({
    queryKey: [...OPERATOR_DATA_REQUESTS_KEY, status ?? "all"],
    queryFn: () => api<OperatorDataRequest[]>(`/api/admin/data-requests${status ? `?status=${status}` : ""}`),
  });
}

/** POST /api/admin/data-requests/:id/status: the new status and note; the console's lists are read again. */
export function useChangeDataRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DataRequestStatusInput & { id: string }) =>
      api<OperatorDataRequest>(`/api/admin/data-requests/${id}/status`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATOR_DATA_REQUESTS_KEY }),
  });
}
