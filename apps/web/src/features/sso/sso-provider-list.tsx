import type { SsoProvider } from "@hearth/shared";
import { ActionIcon, Button, Code, CopyButton, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconTrash } from "@tabler/icons-react";

function RedirectUri({ uri }: { uri: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        Redirect URI
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start" mt={4}>
        <Code block style={{ flex: 1, minWidth: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="sso-redirect-uri">
          {uri}
        </Code>
        <CopyButton value={uri} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? "Copied" : "Copy redirect URI"} withArrow>
              <ActionIcon
                variant={copied ? "light" : "default"}
                color={copied ? "teal" : undefined}
                size="lg"
                onClick={copy}
                aria-label={copied ? "Redirect URI copied" : "Copy redirect URI"}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

interface SsoProviderListProps {
  providers: SsoProvider[];
  onRemove: (provider: SsoProvider) => void;
}

export function SsoProviderList({ providers, onRemove }: SsoProviderListProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Single sign-on providers">
      {providers.map((provider) => (
        <Paper component="li" withBorder p="md" key={provider.providerId} data-testid="sso-provider">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <div style={{ flex: "1 1 14rem", minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: "break-word" }}>
                  {provider.domain}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "break-word" }}>
                  Issuer: {provider.issuer}
                </Text>
              </div>
              <Button
                variant="subtle"
                color="red.9"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => onRemove(provider)}
                aria-label={`Remove single sign-on for ${provider.domain}`}
              >
                Remove
              </Button>
            </Group>
            <RedirectUri uri={provider.redirectUri} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
