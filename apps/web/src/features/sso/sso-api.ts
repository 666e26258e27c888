import type { SsoProvider, SsoProviderInput } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const SSO_PROVIDERS_KEY = ["sso-providers"] as const;

/** The company's single sign-on providers (admin only; never their client secret). */
export function useSsoProviders(enabled = true) {
  return useQuery({
    queryKey: SSO_PROVIDERS_KEY,
    queryFn: () => api<SsoProvider[]>("/api/sso/providers"),
    enabled,
  });
}

function useRefreshProviders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SSO_PROVIDERS_KEY });
}

export function useAddSsoProvider() {
  const refresh = useRefreshProviders();
  return useMutation({
    mutationFn: (body: SsoProviderInput) => api<SsoProvider>("/api/sso/providers", { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useRemoveSsoProvider() {
  const refresh = useRefreshProviders();
  return useMutation({
    mutationFn: (providerId: string) => api<{ ok: true }>(`/api/sso/providers/${encodeURIComponent(providerId)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}
