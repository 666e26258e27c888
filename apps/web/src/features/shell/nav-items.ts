import type { Permission } from "@hearth/shared";
import {
  type Icon,
  IconBuilding,
  IconChecklist,
  IconClipboardList,
  IconDatabaseImport,
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
  { label: "Surveys", href: "/dashboard/surveys", icon: IconClipboardList },
  { label: "Add New Survey", href: "/dashboard/surveys/new", icon: IconSquarePlus },
  { label: "Action Plans", href: "/dashboard/plans", icon: IconChecklist },
  { label: "Social Amplification", href: "/dashboard/amplification", icon: IconSpeakerphone },
  { label: "Marketing Documents", href: "/dashboard/marketing-documents", icon: IconFileText },
  { label: "Data Import", href: "/dashboard/data", icon: IconDatabaseImport },
  { label: "Culture profile", href: "/dashboard/amplification/culture-profile", icon: IconHeartHandshake },
  { label: "Company profile", href: "/dashboard/profile", icon: IconBuilding, requires: "company-profile" },
];

export const ADMIN_NAV: NavItem[] = [{ label: "Admin Dashboard", href: "/admin/dashboard", icon: IconShieldLock, requires: "internal" }];

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
