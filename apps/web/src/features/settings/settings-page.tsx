import { type Account, MESSAGES } from "@hearth/shared";
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailForward, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { canAccess, useMe } from "../auth";
import { QueryBoundary } from "../errors";
import { ActivityLogCard } from "../operator";
import { useAccount } from "./account-api";
import { AccountForm } from "./account-form";
import { ChangePasswordForm } from "./change-password-form";

export const emailConfirmationText = (email: string) => `We sent a confirmation link to ${email}`;

function Field({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {value || "Not set"}
      </Text>
    </div>
  );
}

function AccountView({ account }: { account: Account }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="account-view">
      <Field label="First name" value={account.firstName} testId="account-first-name" />
      <Field label="Last name" value={account.lastName} testId="account-last-name" />
      <Field label="Phone" value={account.phone} testId="account-phone" />
      <Field label="Email" value={account.email} testId="account-email" />
      <Field label="Job title" value={account.jobTitle} testId="account-job-title" />
    </SimpleGrid>
  );
}

export function SettingsPage() {
  const query = useAccount();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const me = useMe().data;

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Settings
      </Title>
      <QueryBoundary query={query}>
        {(account) => (
          <Card>
            <Group justify="space-between" mb="md" wrap="wrap">
              <Title order={2} fz="lg">
                Account
              </Title>
              {!editing && (
                <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
            </Group>
            {account.pendingEmail && !editing && (
              <Alert mb="md" variant="light" color="blue" icon={<IconMailForward aria-hidden />}>
                {emailConfirmationText(account.pendingEmail)}. Your email changes once you open that link.
              </Alert>
            )}
            {editing ? (
              <AccountForm
                account={account}
                onCancel={() => setEditing(false)}
                onFailed={() => notifications.show({ color: "red", message: MESSAGES.genericError })}
                onSaved={(result, requestedEmail) => {
                  setEditing(false);
                  notifications.show({ color: "teal", message: MESSAGES.accountUpdated });
                  if (result.emailChangeRequested) {
                    notifications.show({
                      color: "blue",
                      message: emailConfirmationText(result.account.pendingEmail ?? requestedEmail),
                    });
                  }
                  navigate("/dashboard/settings", { replace: true });
                }}
              />
            ) : (
              <AccountView account={account} />
            )}
          </Card>
        )}
      </QueryBoundary>
      <Card>
        <Title order={2} fz="lg" mb="md">
          Change password
        </Title>
        <ChangePasswordForm />
      </Card>
      {/* The company's log, Hearth staff's entries marked (decision 0048): for its Admins. */}
      {me && canAccess(me, "admin") ? <ActivityLogCard url="/api/activity-log" title="Company activity log" /> : null}
    </Stack>
  );
}
