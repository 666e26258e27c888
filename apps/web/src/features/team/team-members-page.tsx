import { isValidEmail } from "@hearth/shared";
import { Alert, Button, Card, Group, Paper, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconInfoCircle, IconUserPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { canAccess, useMe } from "../auth";
import { QueryBoundary } from "../errors";
import { CohortPicker, PendingBadge } from "./cohort-picker";
import { InvitationList, InviteMemberModal, type ManagedMember, MemberRoleSelect, RemoveMemberButton } from "./team-admin";
import { useMemberInvitations, useTeamMembers } from "./team-api";

/** A member row an Admin can act on: one with an account. */
const managed = (row: Row): ManagedMember | null => (row.userId ? { ...row, userId: row.userId } : null);

interface Row {
  userId: string | null;
  email: string;
  name: string | null;
  role: string | null;
  pending: boolean;
  isCompanyLeader: boolean;
}

/** /dashboard/groups: the company's team members and, per survey, the cohorts whose comments each may read. */
export function TeamMembersPage() {
  const me = useMe().data;
  const query = useTeamMembers();
  const manage = me ? canAccess(me, "team-manage") : false;
  const phone = useMediaQuery("(max-width: 48em)", false);
  const [surveyId, setSurveyId] = useState<string | null>(null);
  const [added, setAdded] = useState<Row[]>([]);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const invitations = useMemberInvitations(manage);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: 1, minWidth: 240 }}>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            Team members
          </Title>
          <Text c="dimmed" size="sm">
            Everyone in your company who uses Hearth. Members other than admins read a survey's comments only for the cohorts assigned to
            them here.
          </Text>
        </Stack>
        {manage && (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite a colleague
          </Button>
        )}
      </Group>
      {manage && <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} licences={invitations.data?.licences} />}
      {manage && invitations.data && <InvitationList data={invitations.data} />}
      <QueryBoundary query={query}>
        {(data) => {
          const survey = surveyId ?? data.surveys[0]?.id ?? null;
          const known = new Set(data.members.map((member) => member.email.toLowerCase()));
          const rows: Row[] = [...data.members, ...added.filter((row) => !known.has(row.email.toLowerCase()))];
          const onAdd = (event: FormEvent) => {
            event.preventDefault();
            const value = email.trim().toLowerCase();
            if (!isValidEmail(value)) return setEmailError("Enter an email address.");
            if (rows.some((row) => row.email.toLowerCase() === value)) return setEmailError("This person is already listed.");
            setAdded((current) => [
              ...current,
              { userId: null, email: value, name: null, role: null, pending: true, isCompanyLeader: false },
            ]);
            setEmail("");
            setEmailError(null);
          };
          return (
            <Stack gap="md">
              {manage && (
                <Paper withBorder p="md" radius="md">
                  <Group align="flex-end" gap="md" wrap="wrap">
                    <Select
                      label="Survey"
                      description="Cohorts are assigned per survey"
                      data={data.surveys.map((item) => ({ value: item.id, label: item.name }))}
                      value={survey}
                      onChange={setSurveyId}
                      allowDeselect={false}
                      w={{ base: "100%", sm: 360 }}
                      disabled={data.surveys.length === 0}
                      placeholder={data.surveys.length === 0 ? "No survey with cohorts yet" : undefined}
                    />
                    <form onSubmit={onAdd} style={{ flex: 1, minWidth: 260 }}>
                      <Group align="flex-end" gap="xs" wrap="nowrap">
                        <TextInput
                          label="Assign before they sign up"
                          description="Their cohorts apply once they have an account"
                          placeholder="name@company.com"
                          value={email}
                          onChange={(event) => setEmail(event.currentTarget.value)}
                          error={emailError}
                          style={{ flex: 1 }}
                        />
                        <Button type="submit" variant="default" leftSection={<IconUserPlus size={16} aria-hidden />}>
                          Add
                        </Button>
                      </Group>
                    </form>
                  </Group>
                </Paper>
              )}
              {manage && survey === null && (
                <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
                  Cohorts come from a published survey's cohort questions (the LOWI demographics). Publish one to assign cohorts.
                </Alert>
              )}
              {phone ? (
                <Stack gap="sm">
                  {rows.map((row) => (
                    <Card key={row.email} withBorder p="sm" data-testid="team-member">
                      <Stack gap={6}>
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <Text fw={600} truncate>
                            {row.name ?? row.email}
                          </Text>
                          {row.pending ? (
                            <PendingBadge />
                          ) : manage && managed(row) ? (
                            <Group gap={4} wrap="nowrap">
                              <MemberRoleSelect member={managed(row) as ManagedMember} />
                              <RemoveMemberButton member={managed(row) as ManagedMember} isSelf={row.userId === me?.user.id} />
                            </Group>
                          ) : (
                            <Text size="sm">{row.role}</Text>
                          )}
                        </Group>
                        {row.name && (
                          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                            {row.email}
                          </Text>
                        )}
                        {manage && survey && row.role !== "Admin" && <CohortPicker key={survey} surveyId={survey} member={row} />}
                      </Stack>
                    </Card>
                  ))}
                </Stack>
              ) : (
                <Paper withBorder radius="md">
                  <Table verticalSpacing="sm" horizontalSpacing="md">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Name</Table.Th>
                        <Table.Th>Email</Table.Th>
                        <Table.Th>Role</Table.Th>
                        {manage && survey && <Table.Th>Comment cohorts</Table.Th>}
                        {manage && (
                          <Table.Th>
                            <VisuallyHidden>Actions</VisuallyHidden>
                          </Table.Th>
                        )}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row) => (
                        <Table.Tr key={row.email} data-testid="team-member">
                          <Table.Td>{row.name ?? <PendingBadge />}</Table.Td>
                          <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
                          <Table.Td>
                            {manage && managed(row) ? <MemberRoleSelect member={managed(row) as ManagedMember} /> : (row.role ?? "—")}
                          </Table.Td>
                          {manage && survey && (
                            <Table.Td>
                              {row.role === "Admin" ? (
                                <Text size="sm" c="dimmed">
                                  Reads every comment
                                </Text>
                              ) : (
                                <CohortPicker key={survey} surveyId={survey} member={row} />
                              )}
                            </Table.Td>
                          )}
                          {manage && (
                            <Table.Td>
                              {managed(row) && (
                                <RemoveMemberButton member={managed(row) as ManagedMember} isSelf={row.userId === me?.user.id} />
                              )}
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              )}
            </Stack>
          );
        }}
      </QueryBoundary>
    </Stack>
  );
}
