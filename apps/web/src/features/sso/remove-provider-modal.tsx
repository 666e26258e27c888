import type { SsoProvider } from "@hearth/shared";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { errorMessage } from "../../lib/api";
import { useRemoveSsoProvider } from "./sso-api";

interface RemoveProviderModalProps {
  /** The provider to remove; the modal is open while this is set. */
  provider: SsoProvider | null;
  onClose: () => void;
}

/** Asks before removing a provider: its sign-in links go with it, the people keep their Hearth accounts. */
export function RemoveProviderModal({ provider, onClose }: RemoveProviderModalProps) {
  const remove = useRemoveSsoProvider();

  function close() {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  }

  function confirm() {
    if (!provider) return;
    remove.mutate(provider.providerId, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `Single sign-on for ${provider.domain} was removed.` });
        remove.reset();
        onClose();
      },
    });
  }

  return (
    <Modal opened={provider !== null} onClose={close} title="Remove single sign-on?" centered>
      <Stack gap="md">
        <Text>
          People at <strong>{provider?.domain}</strong> will no longer be able to sign in through{" "}
          <Text span style={{ overflowWrap: "anywhere" }}>
            {provider?.issuer}
          </Text>
          .
        </Text>
        <Text size="sm" c="dimmed">
          Their Hearth accounts stay: they can still sign in with a password, or set one with “Forgot password” on the login page.
        </Text>
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red.9" onClick={confirm} loading={remove.isPending}>
            Remove provider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
