import { Alert, Anchor, Button, Divider, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBrandGoogle, IconBuildingSkyscraper } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api";
import { authApi } from "./auth-api";
import { usePublicConfig } from "./session";

/** Google (when the server enables it) and single sign-on by work email. */
export function AlternativeSignIn() {
  const config = usePublicConfig();
  const [ssoOpened, sso] = useDisclosure(false);
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);

  async function signInWithGoogle() {
    setGoogleBusy(true);
    setGoogleError(null);
    try {
      const result = await authApi.socialSignIn();
      if (result?.url) window.location.assign(result.url);
      else setGoogleError("Google sign-in is not available right now.");
    } catch (error) {
      setGoogleError(errorMessage(error));
    } finally {
      setGoogleBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      {config.data?.googleSignIn && (
        <Button
          variant="default"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          onClick={signInWithGoogle}
          loading={googleBusy}
          fullWidth
        >
          Continue with Google
        </Button>
      )}
      {googleError && (
        <Text size="sm" c="red.9" role="alert">
          {googleError}
        </Text>
      )}
      <Button variant="default" leftSection={<IconBuildingSkyscraper size={18} aria-hidden />} onClick={sso.open} fullWidth>
        Sign in with work email (SSO)
      </Button>
      <Modal opened={ssoOpened} onClose={sso.close} title="Sign in with work email (SSO)" centered>
        <SsoForm />
      </Modal>
    </Stack>
  );
}

function SsoForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.includes("@")) {
      setError("Enter your work email address");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await authApi.ssoSignIn(email.trim());
      if (result?.url) window.location.assign(result.url);
      else setError("Single sign-on is not set up for this email domain.");
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">If your company signs in through its own identity provider, enter your work email and we will send you there.</Text>
        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error ?? undefined}
          data-autofocus
        />
        <Button type="submit" loading={busy}>
          Continue
        </Button>
        <Alert variant="light" color="gray">
          <Text size="sm">
            No single sign-on at your company? Use your email and password, or{" "}
            <Anchor component={Link} to="/new-company" size="sm">
              register your company
            </Anchor>
            .
          </Text>
        </Alert>
      </Stack>
    </form>
  );
}
