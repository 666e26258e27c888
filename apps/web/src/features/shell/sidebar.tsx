import type { MeResponse } from "@hearth/shared";
import { AppShell, Divider, NavLink, ScrollArea, Text } from "@mantine/core";
import { IconHelp } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { canAccess } from "../auth";
import { useSupport } from "../support";
import { ADMIN_NAV, activeHref, MAIN_NAV, type NavItem, visibleNavItems } from "./nav-items";

interface SidebarProps {
  me: MeResponse;
  onNavigate: () => void;
}

export function Sidebar({ me, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const { openSupport } = useSupport();
  const visible = (items: NavItem[]) => visibleNavItems(items, (required) => canAccess(me, required));
  const main = visible(MAIN_NAV);
  const admin = visible(ADMIN_NAV);
  const active = activeHref(pathname, [...main, ...admin]);

  const renderItem = (item: NavItem) => (
    <NavLink
      key={item.href}
      component={Link}
      to={item.href}
      label={item.label}
      leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
      active={active === item.href}
      aria-current={active === item.href ? "page" : undefined}
      onClick={onNavigate}
      variant="light"
    />
  );

  return (
    <AppShell.Section grow component={ScrollArea} px="xs" py="sm">
      <nav aria-label="Main">
        {main.map(renderItem)}
        <NavLink
          component="button"
          label="Need Help"
          leftSection={<IconHelp size={20} stroke={1.6} aria-hidden />}
          onClick={() => {
            onNavigate();
            openSupport("help");
          }}
        />
      </nav>
      {admin.length > 0 && (
        <nav aria-label="Internal Admin">
          <Divider my="sm" />
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
            Internal Admin
          </Text>
          {admin.map(renderItem)}
        </nav>
      )}
    </AppShell.Section>
  );
}
