import { canShowUpgradeLink, DEFAULT_TIME_ZONE, formatDateInZone, type MeResponse } from "@hearth/shared";
import { Anchor, Badge, Group, List, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useLocation, useSearchParams } from "react-router";
import { TUTORIALS_PATH } from "../tutorials";
import { planDetails } from "./plan-details";

/** The spec's two guides first (creating a survey, managing existing surveys), then the other tutorials. */
const GUIDES = [
  {
    title: "Creating a survey",
    href: `${TUTORIALS_PATH}/surveys`,
    text: "Choose a survey type, check its questions, set an end date and publish.",
  },
  {
    title: "Managing existing surveys",
    href: `${TUTORIALS_PATH}/surveys#invite`,
    text: "Invite people, follow who replied, send reminders and read the report.",
  },
  {
    title: "Importing data",
    href: `${TUTORIALS_PATH}/data`,
    text: "Import employee attributes as report cohorts, and feedback collected elsewhere.",
  },
  {
    title: "Personalising a survey",
    href: `${TUTORIALS_PATH}/survey_personalization`,
    text: "Placeholders, questions of your own and email templates.",
  },
];

interface TutorialsDialogProps {
  me: MeResponse;
  opened: boolean;
  onClose: () => void;
}

export function TutorialsDialog({ me, opened, onClose }: TutorialsDialogProps) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const details = planDetails(me.tenant);
  // The agreement's end in the company's zone, the zone named (issue 25 item 1).
  const formatDay = (iso: string) => formatDateInZone(Date.parse(iso), me.tenant.timeZone ?? DEFAULT_TIME_ZONE);
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
          <Anchor component={Link} to={TUTORIALS_PATH} onClick={onClose} size="sm" mt="sm" display="inline-block">
            All tutorials and guided tours
          </Anchor>
        </div>
        <div>
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="lg">
              Your plan
            </Title>
            <Badge size="lg" variant="light" data-testid="plan-name">
              {details.plan}
            </Badge>
          </Group>
          {details.until && (
            <Text size="sm" c="dimmed" mb="xs" data-testid="plan-until">
              Through your agreement until {formatDay(details.until)}.
            </Text>
          )}
          <Table withTableBorder withColumnBorders={false} verticalSpacing={6} aria-label="Plan licences">
            <Table.Tbody>
              {details.licences.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  <Table.Td>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {canShowUpgradeLink(details.plan) && (
            <Anchor component={Link} to={`${pathname}?${upgradeParams}`} onClick={onClose} mt="sm" display="inline-block">
              Upgrade Plan
            </Anchor>
          )}
        </div>
      </Stack>
    </Modal>
  );
}
