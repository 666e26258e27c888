import type { SsoProvider } from "@hearth/shared";
import { Alert, Button, Card, Center, Divider, EmptyState, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { canAccess, useMe } from "../auth";
import { AddProviderForm } from "./add-provider-form";
import { RemoveProviderModal } from "./remove-provider-modal";
import { useSsoProviders } from "./sso-api";
import { SsoProviderList } from "./sso-provider-list";
import { SsoSetupSteps } from "./sso-setup-steps";

export const SSO_EMPTY_TEXT = "People at your email domain sign in through your identity provider and join this company as Employees.";

const emailDomain = (email: string) => email.split("@").pop()?.toLowerCase() || null;

/** "Single sign-on" on the company profile page; only company admins see it (docs/decisions/0005-single-sign-on.md). */
export function SsoCard() {
  const me = useMe();
  const isAdmin = Boolean(me.data && canAccess(me.data, "admin"));
  if (!me.data || !isAdmin) return null;
  return <SsoSettings ownDomain={emailDomain(me.data.user.email)} />;
}

function SsoSettings({ ownDomain }: { ownDomain: string | null }) {
  const query = useSsoProviders();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SsoProvider | null>(null);
  const providers = query.data ?? [];

  function added(provider: SsoProvider) {
    setAdding(false);
    notifications.show({
      color: "teal",
      title: `Single sign-on added for ${provider.domain}`,
      message: "Now register its redirect URI at your identity provider.",
    });
  }

  return (
    <Card data-testid="sso-card" component="section" aria-labelledby="sso-card-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="sso-card-title">
            Single sign-on
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Let people sign in with your company's identity provider (Microsoft Entra ID, Okta, Google Workspace, Keycloak or any OpenID
            Connect provider).
          </Text>
        </div>
        {query.isPending && (
          <Center py="md">
            <Loader size="sm" aria-label="Loading single sign-on providers" />
          </Center>
        )}
        {query.isError && (
          <Stack align="flex-start" gap="xs">
            <Alert color="red" variant="light" role="alert" w="100%">
              {errorMessage(query.error)}
            </Alert>
            <Button variant="default" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Stack>
        )}
        {query.isSuccess && providers.length === 0 && (
          <EmptyState
            size="sm"
            variant="light"
            icon={<IconKey size={22} aria-hidden />}
            title="No single sign-on yet"
            description={SSO_EMPTY_TEXT}
            data-testid="sso-empty"
          />
        )}
        {providers.length > 0 && <SsoProviderList providers={providers} onRemove={setRemoving} />}
        {query.isSuccess && <SsoSetupSteps compact={providers.length > 0 && !adding} />}
        {query.isSuccess && (providers.length === 0 || adding) && (
          <>
            <Divider />
            <AddProviderForm ownDomain={ownDomain} onAdded={added} onCancel={adding ? () => setAdding(false) : undefined} />
          </>
        )}
        {query.isSuccess && providers.length > 0 && !adding && (
          <Group>
            <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              Add another provider
            </Button>
          </Group>
        )}
      </Stack>
      <RemoveProviderModal provider={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
