import type { MeResponse } from "@hearth/shared";
import { Avatar, Badge, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import {
  IconChevronDown,
  IconCreditCard,
  IconLifebuoy,
  IconLogout,
  IconMailForward,
  IconSettings,
  IconUsersGroup,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { canAccess, displayName } from "../auth";
import { useSupport } from "../support";

function initials(me: MeResponse): string {
  const letters = [me.user.firstName, me.user.lastName].map((part) => part?.trim()[0] ?? "").join("");
  return (letters || me.user.email[0] || "?").toUpperCase();
}

export function ProfileMenu({ me }: { me: MeResponse }) {
  const { openSupport } = useSupport();
  const name = displayName(me);
  const manager = canAccess(me, "company-profile");
  const icon = { size: 18, stroke: 1.6, "aria-hidden": true } as const;

  return (
    <Menu position="bottom-end" width={270} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (name and role), plus "profile menu" for the phone, where only the initials show. */}
        <UnstyledButton data-testid="profile-menu-button">
          <VisuallyHidden>Profile menu: </VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            <Avatar color="ember" radius="xl" size={34} aria-hidden>
              {initials(me)}
            </Avatar>
            <Box visibleFrom="sm" maw={160}>
              <Text size="sm" fw={600} truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {me.user.roleLabel}
              </Text>
            </Box>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs" data-testid="profile-menu-identity">
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {me.user.email}
          </Text>
          <Badge mt={6} variant="light" data-testid="role-label">
            {me.user.roleLabel}
          </Badge>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/dashboard/groups" leftSection={<IconUsersGroup {...icon} />}>
          Team members
        </Menu.Item>
        {manager && (
          <Menu.Item component={Link} to="/dashboard/invitees" leftSection={<IconMailForward {...icon} />}>
            Invitees
          </Menu.Item>
        )}
        {manager && (
          <Menu.Item component={Link} to="/dashboard/billing" leftSection={<IconCreditCard {...icon} />}>
            Billing
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/dashboard/settings" leftSection={<IconSettings {...icon} />}>
          Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconLifebuoy {...icon} />} onClick={() => openSupport("ticket")}>
          Submit Support Ticket
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout {...icon} />}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
