import type { Permission } from "@hearth/shared";
import type { ReactNode } from "react";
import { canAccess, useMe } from "../auth";
import { AccessDeniedPage } from "../errors";

/** Renders the access-denied page in place when the user lacks the route's permission. */
export function PermissionGate({ requires, children }: { requires: Permission | "internal"; children: ReactNode }) {
  const me = useMe();
  if (!me.data) return null;
  if (!canAccess(me.data, requires)) return <AccessDeniedPage />;
  return <>{children}</>;
}
