import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { ApiError, errorMessage } from "../../lib/api";
import { authApi } from "./auth-api";
import { AuthCard } from "./auth-card";

export const RESET_LINK_SENT = "If an account exists for that address, we sent a link to reset the password.";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError("Enter a valid email address");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await authApi.requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      // The answer stays neutral: only rate limits and outages are worth telling.
      if (failure instanceof ApiError && failure.status < 500 && failure.status !== 429) setSent(true);
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a link to choose a new one.">
      {sent ? (
        <Alert color="teal" variant="light" role="status">
          {RESET_LINK_SENT}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error ?? undefined}
            />
            <Button type="submit" loading={busy} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
