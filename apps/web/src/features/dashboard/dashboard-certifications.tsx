import type { HeldBadge, MeResponse } from "@hearth/shared";
import { Alert, Anchor, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCertificate, IconShieldCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api";
import { canAccess } from "../auth";
import { useHeldBadges, CertifiedBadgeActions, NoCertificationAccess } from "../billing";

const BILLING_PATH = "/dashboard/billing";

function HeldBadgeCard({ badge, canManage }: { badge: HeldBadge; canManage: boolean }) {
  const title = `${badge.name} ${badge.year}`;
  return (
    <Card withBorder padding="md" data-testid={`held-badge-${badge.id}`}>
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Image src={badge.imageUrl} alt={title} w={72} h="auto" fit="contain" style={{ flexShrink: 0 }} />
          <Stack gap={4}>
            <Text fw={600}>{badge.name}</Text>
            <Text size="sm" c="dimmed">
              {badge.type === "certification" ? "Certification" : "Award"} · {badge.year}
            </Text>
            <Anchor href={badge.verifyUrl} size="sm" aria-label={`Verify: ${title}`}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconShieldCheck size={16} aria-hidden />
                Verify
              </Group>
            </Anchor>
          </Stack>
        </Group>
        {canManage && <CertifiedBadgeActions card={badge} />}
      </Stack>
    </Card>
  );
}

/**
 * The dashboard's Certifications section (issue 13 item 2, decision 0039): the badges the company holds, for every
 * member. Members with the certification permission download, embed and show them here as on the billing page; the
 * others read "No Certification Access" (spec accounts §6, §8) in place of those actions.
 */
export function DashboardCertifications({ me }: { me: MeResponse }) {
  const held = useHeldBadges();
  const canBuy = canAccess(me, "company-profile");
  return (
    <Card component="section" aria-labelledby="dashboard-certifications-title" data-testid="dashboard-certifications">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={36} radius="xl" variant="light" color="teal" aria-hidden>
              <IconCertificate size={20} />
            </ThemeIcon>
            <Title order={2} fz="lg" id="dashboard-certifications-title">
              Certifications
            </Title>
          </Group>
          {canBuy && (
            <Button component={Link} to={BILLING_PATH} variant="light" size="compact-sm">
              Certification and award cards
            </Button>
          )}
        </Group>
        {held.isPending ? (
          <Group justify="center" py="md">
            <Loader aria-label="Loading certifications" />
          </Group>
        ) : held.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">{errorMessage(held.error, "We could not load your certifications.")}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void held.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : held.data.badges.length === 0 ? (
          <Text c="dimmed" data-testid="dashboard-certifications-empty">
            {canBuy
              ? "Your company holds no certification yet. Once a LOWI™ survey meets the certification rules, add its certification and awards from the billing page."
              : "Your company holds no certification yet."}
          </Text>
        ) : (
          <>
            {!held.data.canManage && <NoCertificationAccess />}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {held.data.badges.map((badge) => (
                <HeldBadgeCard key={badge.id} badge={badge} canManage={held.data.canManage} />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}
