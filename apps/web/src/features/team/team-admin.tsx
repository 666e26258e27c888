import { type MemberInvitationList, ROLES, type Role } from "@hearth/shared";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailForward, IconTrash, IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { ApiError, errorMessage } from "../../lib/api";
import { useCompanyDates } from "../auth";
import { useChangeMemberRole, useInviteMember, useRemoveMember, useResendInvitation, useRevokeInvitation } from "./team-api";

const ROLE_HELP: Record<Role, string> = {
  Admin: "Everything, billing and team included",
  Manager: "Runs surveys, reads reports, exports data",
  Staff: "Reads reports and comments of the cohorts assigned",
};
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));

function describeLicence(label: string, licence: { used: number; limit: number | null }): string {
  return licence.limit === null ? `${label}: ${licence.used} used (unlimited)` : `${label}: ${licence.used} of ${licence.limit} used`;
}

/** A refusal, with the way to a higher plan when the licence is what refused it. */
function RefusalAlert({ error }: { error: unknown }) {
  const upgrade = error instanceof ApiError && error.code === "PLAN_UPGRADE_REQUIRED";
  return (
    <Alert color={upgrade ? "yellow" : "red"} variant="light" role="alert">
      <Stack gap={4}>
        <Text size="sm">{errorMessage(error)}</Text>
        {upgrade && (
          <Anchor component={Link} to="/dashboard/billing/plan" size="sm" fw={600}>
            See plans
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** "Invite a colleague": an address and a role; the server checks the licence and emails the link. */
export function InviteMemberModal({
  opened,
  onClose,
  licences,
}: {
  opened: boolean;
  onClose: () => void;
  licences: MemberInvitationList["licences"] | undefined;
}) {
  const invite = useInviteMember();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("Staff");
  const close = () => {
    invite.reset();
    setEmail("");
    setRole("Staff");
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: close,
      },
    );
  };
  const fieldError = (field: string) => (invite.error instanceof ApiError ? invite.error.fields[field] : undefined);
  return (
    <Modal opened={opened} onClose={close} title="Invite a colleague">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="invite-member-form">
          <TextInput
            label="Email address"
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            value={email}
            onChange={(changed) => setEmail(changed.currentTarget.value)}
            error={fieldError("email")}
            required
            data-autofocus
          />
          <Select
            label="Role"
            description={ROLE_HELP[role]}
            data={ROLE_OPTIONS}
            value={role}
            onChange={(value) => value && setRole(value as Role)}
            allowDeselect={false}
            error={fieldError("role")}
          />
          {licences && (
            <Text size="xs" c="dimmed" data-testid="invite-licences">
              {describeLicence("Admin licences", licences.admin)} · {describeLicence("Staff licences", licences.staff)}
            </Text>
          )}
          {invite.isError && !fieldError("email") && !fieldError("role") && <RefusalAlert error={invite.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Open invitations with Resend and Revoke. */
export function InvitationList({ data }: { data: MemberInvitationList }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const dates = useCompanyDates();
  const [error, setError] = useState<unknown>(null);
  if (data.invitations.length === 0) return null;
  return (
    <Card withBorder data-testid="member-invitations">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Invitations
        </Title>
        {error !== null && <RefusalAlert error={error} />}
        {data.invitations.map((invitation) => (
          <Group key={invitation.id} justify="space-between" gap="xs" wrap="wrap" data-testid={`invitation-${invitation.email}`}>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={500} style={{ overflowWrap: "anywhere" }}>
                {invitation.email}
              </Text>
              <Text size="xs" c="dimmed">
                {invitation.role} · sent {dates.day(invitation.lastSentAt)} · link valid until {dates.moment(invitation.expiresAt)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" color={invitation.status === "Pending" ? "blue" : "gray"}>
                {invitation.status}
              </Badge>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconMailForward size={14} aria-hidden />}
                loading={resend.isPending && resend.variables === invitation.id}
                onClick={() => {
                  setError(null);
                  resend.mutate(invitation.id, { onError: setError });
                }}
                aria-label={`Resend the invitation to ${invitation.email}`}
              >
                Resend
              </Button>
              <Tooltip label="Revoke">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  loading={revoke.isPending && revoke.variables === invitation.id}
                  onClick={() => {
                    setError(null);
                    revoke.mutate(invitation.id, { onError: setError });
                  }}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export interface ManagedMember {
  userId: string;
  email: string;
  name: string | null;
  role: string | null;
  isCompanyLeader: boolean;
}

/** The member's role, changeable by an Admin (the Company Leader's is not); a refusal shows in a notification. */
export function MemberRoleSelect({ member }: { member: ManagedMember }) {
  const change = useChangeMemberRole();
  const label = `Role of ${member.name ?? member.email}`;
  if (member.isCompanyLeader) {
    return (
      <Text size="sm">
        Admin{" "}
        <Text span size="xs" c="dimmed">
          (Company Leader)
        </Text>
      </Text>
    );
  }
  return (
    <Select
      size="xs"
      w={130}
      aria-label={label}
      data={ROLE_OPTIONS}
      value={member.role}
      allowDeselect={false}
      disabled={change.isPending}
      onChange={(value) => {
        if (!value || value === member.role) return;
        change.mutate(
          { userId: member.userId, role: value as Role },
          { onError: (failure) => notifications.show({ color: "red", message: errorMessage(failure), autoClose: 6_000 }) },
        );
      }}
    />
  );
}

/** Remove, after confirmation: the person loses access at once. */
export function RemoveMemberButton({ member, isSelf }: { member: ManagedMember; isSelf: boolean }) {
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  if (member.isCompanyLeader || isSelf) return null;
  const who = member.name ?? member.email;
  return (
    <>
      <Tooltip label="Remove from the team">
        <ActionIcon variant="subtle" color="red" onClick={() => setConfirming(true)} aria-label={`Remove ${who}`}>
          <IconUserMinus size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Remove ${who}?`}>
        <Stack gap="md">
          <Text size="sm">
            {who} loses access to your company on Hearth at once and is signed out everywhere. Their survey answers stay anonymous and are
            kept.
          </Text>
          {remove.isError && <RefusalAlert error={remove.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(member.userId, { onSuccess: () => setConfirming(false) })}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
