import { buildUpgradeQuery, type Feature } from "@hearth/shared";
import { Box, Button, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useMe } from "../auth";
import { meHasFeature } from "../surveys";
import { lockText } from "./lock-text";
import classes from "./reports.module.css";

/**
 * Whether the signed-in user's plan (or the company's own feature list) includes the feature, by the shared hasFeature.
 * Report queries pass it as `enabled`, so nothing a plan locks is requested (and answered 403); undefined until /api/me is in.
 */
export function useHasFeature(feature: Feature): boolean | undefined {
  const me = useMe().data;
  return me ? meHasFeature(me, feature) : undefined;
}

/** Opens the Upgrade Plan dialog for a feature on the current page, keeping the page's own parameters. */
export function useOpenUpgrade() {
  const [, setParams] = useSearchParams();
  return (feature: Feature) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(buildUpgradeQuery(feature))) next.set(name, value);
      return next;
    });
}

/** The "Upgrade To Access" button on a locked section. */
export function UpgradeToAccess({ feature }: { feature: Feature }) {
  const openUpgrade = useOpenUpgrade();
  return (
    <Paper shadow="md" p="md" withBorder maw={360} ta="center" data-testid="upgrade-to-access" data-feature={feature}>
      <Stack gap="xs" align="center">
        <IconLock size={22} aria-hidden />
        <Text fw={600}>{lockText(feature)}</Text>
        <Tooltip label="Upgrade To Access">
          <Button onClick={() => openUpgrade(feature)} leftSection={<IconLock size={16} aria-hidden />}>
            Upgrade To Access
          </Button>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

interface FeatureGateProps {
  feature: Feature;
  /** Force the lock (e.g. the server said `locked` or answered PLAN_UPGRADE_REQUIRED); by default the user's plan decides. */
  locked?: boolean;
  /** What to show blurred when locked: pass placeholders, never real numbers. Defaults to the children. */
  placeholder?: ReactNode;
  /** Smallest height of the locked area, so the upgrade card fits over short placeholders. */
  minHeight?: number;
  /** Where the upgrade card sits: centred, or near the top of a tall section so it is on screen. */
  overlay?: "center" | "top";
  children?: ReactNode;
}

/**
 * A section behind a plan feature (spec surveys §6 "Feature gating"): when the feature is missing its content is
 * blurred, kept out of the tab order and the accessibility tree, with "Upgrade To Access" over it opening the upgrade
 * dialog. Blur only hides what is drawn, so locked sections should get placeholder content, not real data.
 */
export function FeatureGate({ feature, locked, placeholder, minHeight = 220, overlay = "center", children }: FeatureGateProps) {
  const me = useMe().data;
  const isLocked = locked ?? (me ? !meHasFeature(me, feature) : false);
  if (!isLocked) return <>{children}</>;
  return (
    <Box className={classes.gate} mih={minHeight} data-locked-feature={feature}>
      <div className={classes.blurred} aria-hidden inert>
        {placeholder ?? children}
      </div>
      <div className={classes.gateOverlay} data-position={overlay}>
        <UpgradeToAccess feature={feature} />
      </div>
    </Box>
  );
}
