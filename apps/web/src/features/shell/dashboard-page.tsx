import { MESSAGES } from "@hearth/shared";
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuilding, IconChartBar, IconCircleCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { canAccess, useMe } from "../auth/session";

export function DashboardPage() {
  const { data: me } = useMe();
  if (!me) return null;
  const companyName = me.tenant.companyName?.trim() || MESSAGES.unnamedCompany;
  const canEditProfile = canAccess(me, "company-profile");

  return (
    <Stack gap="lg">
      <Card bg="ember.0" data-testid="welcome-card">
        <Text c="ember.9" fw={600} size="sm">
          Welcome{me.user.firstName ? `, ${me.user.firstName}` : ""}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }} mt={4} data-testid="dashboard-company-name">
          {companyName}
        </Title>
        <Group gap="xs" mt="sm">
          <Badge variant="white" color="ember">
            {me.tenant.plan} plan
          </Badge>
          <Badge variant="white" color="gray">
            {me.tenant.companySize} company
          </Badge>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="xl" variant="light" color={me.tenant.profileComplete ? "teal" : "ember"} aria-hidden>
              {me.tenant.profileComplete ? <IconCircleCheck size={24} /> : <IconBuilding size={24} />}
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={2} fz="lg">
                Company profile
              </Title>
              {me.tenant.profileComplete ? (
                <Text c="dimmed">Your company profile is complete.</Text>
              ) : (
                <Text c="dimmed">
                  Your company profile is not complete yet. A complete profile is needed for the Love of Workplace Index survey.
                </Text>
              )}
              {canEditProfile && (
                <Button component={Link} to="/dashboard/profile" variant={me.tenant.profileComplete ? "default" : "filled"} w="fit-content">
                  {me.tenant.profileComplete ? "View company profile" : "Complete your profile"}
                </Button>
              )}
              {!canEditProfile && !me.tenant.profileComplete && <Text size="sm">Ask your company leader to complete it.</Text>}
            </Stack>
          </Group>
        </Card>
        <Card data-testid="coming-soon">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
              <IconChartBar size={24} />
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={2} fz="lg">
                Survey results
              </Title>
              <Text c="dimmed">Coming soon: survey statistics are being built and will appear here once surveys land in Hearth.</Text>
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
