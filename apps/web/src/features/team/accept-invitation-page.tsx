import { isStrongPassword, roleWithArticle } from "@hearth/shared";
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, errorMessage } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { authApi, AuthCard, NewPasswordFields, passwordVerdict } from "../auth";
import { useAcceptInvitation, useInvitationPreview } from "./team-api";

/**
 * /invite/:token (public, decision 0041): the person invited by email sees which company invites them and as what,
 * chooses their name and a password, and joins that company — then is signed in and lands on the dashboard.
 */
export function AcceptInvitationPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const verdict = passwordVerdict(password, confirmation, submitted);

  if (preview.isPending) {
    return (
      <AuthCard title="Your invitation">
        <Stack align="center" py="md">
          <Loader aria-label="Loading the invitation" />
        </Stack>
      </AuthCard>
    );
  }
  if (preview.isError) {
    return (
      <AuthCard title="Invitation not valid">
        <Alert color="red" variant="light" role="alert" data-testid="invitation-error">
          {errorMessage(preview.error, "This invitation link is not valid.")}
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Go to sign in
          </Anchor>
        </Text>
      </AuthCard>
    );
  }
  const invitation = preview.data;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const missing: Record<string, string> = {};
    if (!firstName.trim()) missing.firstName = "Enter your first name";
    if (!lastName.trim()) missing.lastName = "Enter your last name";
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0 || !isStrongPassword(password) || password !== confirmation) return;
    setError(null);
    try {
      const { email } = await accept.mutateAsync({ token, firstName: firstName.trim(), lastName: lastName.trim(), password });
      await authApi.signIn({ email, password });
      await client.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate("/dashboard", { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError) setFieldErrors(failure.fields);
      setError(errorMessage(failure));
    }
  }

  return (
    <AuthCard title={`Join ${invitation.companyName}`}>
      <Text size="sm" data-testid="invitation-summary">
        {invitation.invitedBy ? `${invitation.invitedBy} invited you` : "You are invited"} to join {invitation.companyName} on Hearth as{" "}
        {roleWithArticle(invitation.role)}. Choose your name and a password to create your account for <b>{invitation.email}</b>.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onChange={(changed) => setFirstName(changed.currentTarget.value)}
            error={fieldErrors.firstName}
            required
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onChange={(changed) => setLastName(changed.currentTarget.value)}
            error={fieldErrors.lastName}
            required
          />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            submitted={submitted}
            passwordLabel="Password"
            confirmationLabel="Confirm password"
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={accept.isPending} disabled={verdict.blocking} fullWidth>
            Join {invitation.companyName}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
