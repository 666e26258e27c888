/**
 * Roles and permissions: the one table both the server and the web app read.
 * The decision behind it is docs/decisions/0002-roles-and-permissions.md.
 */

export const ROLES = ["Admin", "Manager", "Staff"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "admin",
  "company-profile",
  "billing",
  "team-view",
  "team-manage",
  "survey-view",
  "survey-edit",
  "report-view",
  "data-export",
  "data-import",
  "invitee-view",
  "amplification",
  "action-plans",
  "support",
  "certification",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Admin: ["admin"],
  Manager: [
    "team-view",
    "survey-view",
    "survey-edit",
    "report-view",
    "data-export",
    "data-import",
    "invitee-view",
    "amplification",
    "action-plans",
    "support",
    // Downloading, embedding and showing the company's badges (decision 0038): Managers run the surveys behind them.
    "certification",
  ],
  Staff: ["team-view", "survey-view", "report-view", "action-plans", "support"],
};

export interface PermissionSubject {
  role: Role | string;
  isInternalAccount?: boolean | null;
}

/** Every permission a user holds; Admin and internal accounts hold all. */
export function listPermissions(subject: PermissionSubject): Permission[] {
  if (subject.isInternalAccount) return [...PERMISSIONS];
  const granted = ROLE_PERMISSIONS[subject.role as Role] ?? [];
  if (granted.includes("admin")) return [...PERMISSIONS];
  return [...granted];
}

/** Internal accounts are always permitted; the admin permission grants every other. */
export function hasPermission(subject: PermissionSubject, permission: Permission): boolean {
  if (subject.isInternalAccount) return true;
  const granted = ROLE_PERMISSIONS[subject.role as Role] ?? [];
  return granted.includes("admin") || granted.includes(permission);
}

/** Role label in the profile menu (spec surveys §2 Shell). */
export function describeRoleLabel(role: Role | string, isTenantOwner: boolean): string {
  if (isTenantOwner) return "Company Leader";
  if (role === "Staff") return "Employee";
  return "Manager";
}
