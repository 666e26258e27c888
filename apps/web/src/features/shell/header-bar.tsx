import { MESSAGES, type MeResponse } from "@hearth/shared";
import { ActionIcon, Anchor, Box, Breadcrumbs, Burger, Group, Text, Tooltip } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconSchool } from "@tabler/icons-react";
import { Link } from "react-router";
import { canAccess } from "../auth";
import { CartButton } from "../cart";
import { NotificationsBell } from "../notifications";
import { Brand } from "../../ui/brand";
import { ProfileMenu } from "./profile-menu";
import { TutorialsDialog } from "./tutorials-dialog";
import { usePageTitle } from "./use-page-title";

interface HeaderBarProps {
  me: MeResponse;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
}

export function HeaderBar({ me, mobileOpened, desktopOpened, onToggleMobile, onToggleDesktop }: HeaderBarProps) {
  const [tutorialsOpened, tutorials] = useDisclosure(false);
  const title = usePageTitle();
  const roomForTitle = useMediaQuery("(min-width: 36em)", true);
  const companyName = me.tenant.companyName?.trim() || MESSAGES.unnamedCompany;

  return (
    <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label={mobileOpened ? "Close navigation" : "Open navigation"}
        />
        <Tooltip label={desktopOpened ? "Collapse sidebar" : "Expand sidebar"}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            visibleFrom="sm"
            onClick={onToggleDesktop}
            aria-label={desktopOpened ? "Collapse sidebar" : "Expand sidebar"}
          >
            {desktopOpened ? <IconLayoutSidebarLeftCollapse size={22} /> : <IconLayoutSidebarLeftExpand size={22} />}
          </ActionIcon>
        </Tooltip>
        <Box visibleFrom="md" mr="md">
          <Anchor component={Link} to="/dashboard" underline="never" aria-label="Hearth home">
            <Brand size="md" />
          </Anchor>
        </Box>
        <Breadcrumbs
          separator="›"
          separatorMargin={6}
          aria-label="Breadcrumb"
          style={{ minWidth: 0, flexWrap: "nowrap", overflow: "hidden" }}
          data-testid="breadcrumb"
        >
          <Anchor
            component={Link}
            to="/dashboard"
            size="sm"
            fw={600}
            truncate
            maw={{ base: 170, sm: 300 }}
            style={{ display: "inline-flex", alignItems: "center", gap: 8 }}
          >
            {me.tenant.logoUrl && (
              // Beside the name, the logo adds nothing for a screen reader: an empty alt.
              <img
                src={me.tenant.logoUrl}
                alt=""
                height={24}
                style={{ height: 24, width: "auto", maxWidth: 96, objectFit: "contain", flexShrink: 0 }}
                data-testid="header-company-logo"
              />
            )}
            <span style={{ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis" }}>{companyName}</span>
          </Anchor>
          {title && roomForTitle && (
            <Text size="sm" truncate maw={320} aria-current="page">
              {title}
            </Text>
          )}
        </Breadcrumbs>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Tutorials">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={tutorials.open} aria-label="Tutorials">
            <IconSchool size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {canAccess(me, "company-profile") && <CartButton me={me} />}
        <NotificationsBell />
        <ProfileMenu me={me} />
      </Group>
      <TutorialsDialog me={me} opened={tutorialsOpened} onClose={tutorials.close} />
    </Group>
  );
}
