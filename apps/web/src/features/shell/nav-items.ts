import type { Permission } from "@hearth/shared";
import {
  type Icon,
  IconBuilding,
  IconChecklist,
  IconClipboardList,
  IconDatabaseImport,
  IconDatabaseSearch,
  IconFileText,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconShieldLock,
  IconSpeakerphone,
  IconSquarePlus,
} from "@tabler/icons-react";

export interface NavItem {
  label: string;
  href: string;
  icon: Icon;
  /** Hidden from users without it (the route itself is gated as well). */
  requires?: Permission | "internal";
}

export const MAIN_NAV: NavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: IconLayoutDashboard },
  { label: "Surveys", href: "/dashboard/surveys", icon: IconClipboardList, requires: "survey-view" },
  { label: "Add New Survey", href: "/dashboard/surveys/new", icon: IconSquarePlus, requires: "survey-edit" },
  { label: "Action Plans", href: "/dashboard/plans", icon: IconChecklist, requires: "action-plans" },
  { label: "Social Amplification", href: "/dashboard/amplification", icon: IconSpeakerphone, requires: "report-view" },
  { label: "Marketing Documents", href: "/dashboard/marketing-documents", icon: IconFileText },
  { label: "Data Import", href: "/dashboard/data", icon: IconDatabaseImport, requires: "data-import" },
  { label: "Culture profile", href: "/dashboard/amplification/culture-profile", icon: IconHeartHandshake },
  { label: "Company profile", href: "/dashboard/profile", icon: IconBuilding, requires: "company-profile" },
  // custom data requests (decision 0074) after the spec's items: Admins only, like the company profile and billing
  { label: "Data Requests", href: "/dashboard/data-requests", icon: IconDatabaseSearch, requires: "company-profile" },
];

export const ADMIN_NAV: NavItem[] = [{ label: "Admin Dashboard", href: "/admin/dashboard", icon: IconShieldLock, requires: "internal" }];

/**
 * The items this user may open: each item's `requires` is the permission of the route it leads to (router.tsx), and
 * `can` answers it from the shared permission table (canAccess), so nothing in the menu ends on the Access denied page.
 */
export function visibleNavItems(items: readonly NavItem[], can: (required: Permission | "internal") => boolean): NavItem[] {
  return items.filter((item) => !item.requires || can(item.requires));
}

/** The item whose path is the longest prefix of the current path is the active one; Dashboard only on itself. */
export function activeHref(pathname: string, items: NavItem[]): string | null {
  let best: string | null = null;
  for (const item of items) {
    const nested = item.href !== "/dashboard" && pathname.startsWith(`${item.href}/`);
    const matches = pathname === item.href || nested;
    if (matches && (!best || item.href.length > best.length)) best = item.href;
  }
  return best;
}
