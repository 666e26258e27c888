import { canShowUpgradeLink, LICENCE_LIMITS, type MeResponse, UNLIMITED } from "@hearth/shared";
import { Anchor, Badge, Group, List, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useLocation, useSearchParams } from "react-router";

const GUIDES = [
  {
    title: "Creating a survey",
    href: "/dashboard/tutorials/surveys",
    text: "Pick a survey type, write questions, set an end date.",
  },
  {
    title: "Managing existing surveys",
    href: "/dashboard/tutorials/survey_personalization",
    text: "Invite people, send reminders, extend, archive and restore surveys.",
  },
];

const limit = (value: number) => (value >= UNLIMITED ? "Unlimited" : String(value));

interface TutorialsDialogProps {
  me: MeResponse;
  opened: boolean;
  onClose: () => void;
}

export function TutorialsDialog({ me, opened, onClose }: TutorialsDialogProps) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const plan = me.tenant.effectivePlan;
  const limits = LICENCE_LIMITS[plan];
  const upgradeParams = new URLSearchParams(params);
  upgradeParams.set("upgrade", "true");

  return (
    <Modal opened={opened} onClose={onClose} title="Tutorials" centered size="lg">
      <Stack gap="lg">
        <div>
          <Title order={2} fz="lg" mb="xs">
            Guides
          </Title>
          <List spacing="sm">
            {GUIDES.map((guide) => (
              <List.Item key={guide.href}>
                <Anchor component={Link} to={guide.href} onClick={onClose} fw={600}>
                  {guide.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {guide.text}
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
        <div>
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="lg">
              Your plan
            </Title>
            <Badge size="lg" variant="light" data-testid="plan-name">
              {plan}
            </Badge>
          </Group>
          <Table withTableBorder withColumnBorders={false} verticalSpacing={6} aria-label="Plan licences">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Admin licences</Table.Th>
                <Table.Td>{limit(limits.admin)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Staff licences</Table.Th>
                <Table.Td>{limit(limits.staff)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Cohorts</Table.Th>
                <Table.Td>{limit(limits.cohort)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Certifications</Table.Th>
                <Table.Td>{limit(limits.certification)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {canShowUpgradeLink(plan) && (
            <Anchor component={Link} to={`${pathname}?${upgradeParams}`} onClick={onClose} mt="sm" display="inline-block">
              Upgrade Plan
            </Anchor>
          )}
        </div>
      </Stack>
    </Modal>
  );
}
