import { Alert, Anchor, Button, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api";
import { authApi } from "./auth-api";

/** Single sign-on by work email, in a dialog of the sign-in page (loaded on first open: alternative-sign-in.tsx). */
export function SsoDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Sign in with work email (SSO)" centered>
      <SsoForm />
    </Modal>
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
