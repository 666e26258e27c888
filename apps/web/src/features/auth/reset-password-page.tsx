import { isStrongPassword } from "@hearth/shared";
import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "../../lib/api";
import { authApi } from "./auth-api";
import { AuthCard } from "./auth-card";
import { NewPasswordFields } from "./password-fields";
import { passwordVerdict } from "./password-verdict";

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verdict = passwordVerdict(password, confirmation, submitted);

  if (!token || params.get("error")) {
    return (
      <AuthCard title="Reset link not valid">
        <Alert color="red" variant="light" role="alert">
          This password reset link is invalid or has expired.
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/forgot-password">
            Request a new link
          </Anchor>
        </Text>
      </AuthCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!isStrongPassword(password) || password !== confirmation || !token) return;
    setBusy(true);
    setError(null);
    try {
      await authApi.resetPassword({ newPassword: password, token });
      navigate("/login", {
        replace: true,
        state: { notice: "Your password was reset. Sign in with your new password." },
      });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            submitted={submitted}
            passwordLabel="New password"
            confirmationLabel="Confirm new password"
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} disabled={verdict.blocking} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
