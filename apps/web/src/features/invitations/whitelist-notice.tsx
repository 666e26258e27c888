import { Button, CopyButton, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconCopy, IconMailCheck } from "@tabler/icons-react";

/** After sending: ask IT to allow the sending address so the invitations are not caught by spam filters. */
export function WhitelistNotice({ address, onClose }: { address: string | null; onClose: () => void }) {
  return (
    <Modal
      opened={address !== null}
      onClose={onClose}
      title="Make sure your invitations arrive"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack gap="md" data-testid="whitelist-notice">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" color="ember" variant="light" aria-hidden>
            <IconMailCheck size={22} />
          </ThemeIcon>
          <Text>
            The invitations are sent from <strong style={{ overflowWrap: "anywhere" }}>{address}</strong>. Ask your IT team to allow
            (whitelist) emails from this address so your invitations are not caught by spam filters or held in quarantine.
          </Text>
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <CopyButton value={address ?? ""}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                aria-live="polite"
              >
                {copied ? "Copied" : "Copy address"}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="whitelist-done">
            Got it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
