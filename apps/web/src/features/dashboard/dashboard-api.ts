import type { Dashboard } from "@hearth/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const DASHBOARD_KEY = ["dashboard"] as const;

/** GET /api/dashboard: active surveys, the latest LOWI™ score and certification progress. */
export function useDashboard() {
  return useQuery({ queryKey: DASHBOARD_KEY, queryFn: ({ signal }) => api<Dashboard>("/api/dashboard", { signal }), staleTime: 0 });
}
