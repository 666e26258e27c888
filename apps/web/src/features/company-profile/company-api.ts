import type { AccentColorInput, CompanyProfile, CompanyProfileInput, VisibilityThresholdInput } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";

export const COMPANY_PROFILE_KEY = ["company-profile"] as const;

export function useCompanyProfile(enabled = true) {
  return useQuery({
    queryKey: COMPANY_PROFILE_KEY,
    queryFn: () => api<CompanyProfile>("/api/company/profile"),
    enabled,
  });
}

/** Every change to the profile also changes /api/me (company name, completeness). */
function useProfileMutation<V>(request: (value: V) => Promise<CompanyProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (profile) => {
      queryClient.setQueryData(COMPANY_PROFILE_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useSaveCompanyProfile() {
  return useProfileMutation((input: CompanyProfileInput) => api<CompanyProfile>("/api/company/profile", { method: "PUT", body: input }));
}

export function useUploadLogo() {
  return useProfileMutation((body: { file: string; filename: string }) =>
    api<CompanyProfile>("/api/company/logo", { method: "PUT", body }),
  );
}

export function useRemoveLogo() {
  return useProfileMutation(() => api<CompanyProfile>("/api/company/logo", { method: "DELETE" }));
}

export function useSaveVisibilityThreshold() {
  return useProfileMutation((body: VisibilityThresholdInput) =>
    api<CompanyProfile>("/api/company/visibility-threshold", { method: "PUT", body }),
  );
}

export function useSaveAccentColor() {
  return useProfileMutation((body: AccentColorInput) => api<CompanyProfile>("/api/company/accent-color", { method: "PUT", body }));
}
