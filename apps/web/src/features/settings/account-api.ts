import type { Account, AccountUpdate, PasswordChange } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";

export const ACCOUNT_KEY = ["account"] as const;

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => api<Account>("/api/account") });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountUpdate) =>
      api<{ account: Account; emailChangeRequested: boolean }>("/api/account", { method: "PATCH", body }),
    onSuccess: (result) => {
      queryClient.setQueryData(ACCOUNT_KEY, result.account);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => api<{ ok: true }>("/api/account/password", { body }),
  });
}
