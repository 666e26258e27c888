import type { MeResponse, Permission, PublicConfig, SessionResponse } from "@hearth/shared";
import { hasPermission, redirectPathOrNull } from "@hearth/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";

/**
 * The signed-in user, or null: asked through GET /api/session, which answers 200 when signed out too, so a signed-out
 * page leaves no failed request in the browser's console (issue 25 item 10).
 */
export async function fetchMe(): Promise<MeResponse | null> {
  const session = await api<SessionResponse>("/api/session");
  return session.signedIn ? session.me : null;
}

export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 60_000 });
}

export const CONFIG_QUERY_KEY = ["config"] as const;

export function usePublicConfig() {
  return useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: () => api<PublicConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The client-side gate reads the shared rule; the server enforces the same table. */
export function canAccess(me: MeResponse, permission: Permission | "internal"): boolean {
  if (permission === "internal") return me.user.isInternalAccount;
  return me.permissions.includes(permission) || hasPermission(me.user, permission);
}

export function displayName(me: MeResponse): string {
  const name = [me.user.firstName, me.user.lastName].filter(Boolean).join(" ").trim();
  return name || me.user.email;
}

/** Only same-site paths are followed after sign-in: the one redirect rule of @hearth/shared (decision 0057). */
export function safeNextPath(next: string | null | undefined): string | null {
  return redirectPathOrNull(next);
}

/** Where a freshly verified user goes: the tenant owner with an incomplete profile finishes it first. */
export function landingPathAfterVerification(me: MeResponse): string {
  if (me.user.isTenantOwner && !me.tenant.profileComplete) return "/new-company/profile";
  return "/dashboard";
}
