import type { Permission } from "@hearth/shared";
import type { ReactNode } from "react";
import { canAccess, useMe } from "../auth/session";
import { AccessDeniedPage } from "../errors/access-denied-page";

/** Renders the access-denied page in place when the user lacks the route's permission. */
export function PermissionGate({ requires, children }: { requires: Permission | "internal"; children: ReactNode }) {
  const me = useMe();
  if (!me.data) return null;
  if (!canAccess(me.data, requires)) return <AccessDeniedPage />;
  return <>{children}</>;
}
