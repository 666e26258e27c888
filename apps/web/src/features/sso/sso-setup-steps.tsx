import { Code, List, Text } from "@mantine/core";

/**
 * How to connect an identity provider. The redirect URI names the provider Hearth creates, so it is known only after
 * the provider is added: `{APP_URL}/api/auth/sso/callback/{providerId}`, shown with each provider.
 */
export function SsoSetupSteps({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <Text size="sm" c="dimmed">
        Each provider's redirect URI must be allowed in the application's settings at your identity provider.
      </Text>
    );
  }
  return (
    <div data-testid="sso-setup-steps">
      <Text size="sm" fw={600} mb={4}>
        How to set it up
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>
          At your identity provider, create an OpenID Connect web application for Hearth and note its client ID and secret.
        </List.Item>
        <List.Item>Add it below with your email domain and the provider's issuer URL.</List.Item>
        <List.Item>
          Copy the redirect URI Hearth then shows (it ends in <Code>/api/auth/sso/callback/…</Code>) into the application's allowed redirect
          (callback) URIs.
        </List.Item>
      </List>
      <Text size="sm" mt="xs">
        People then choose “Sign in with work email (SSO)” on the login page.
      </Text>
    </div>
  );
}
