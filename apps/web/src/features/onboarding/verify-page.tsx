import { VERIFICATION_RESEND_COOLDOWN_SECONDS } from "@hearth/shared";
import { Alert, Anchor, Button, Center, Group, Loader, PinInput, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { useCountdown } from "../../lib/use-countdown";
import { authApi, fetchMe, landingPathAfterVerification, useMe, usePublicConfig } from "../auth";

const CODE_LENGTH = 6;

export function VerifyPage() {
  const me = useMe();
  const config = usePublicConfig();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = location.state as { email?: string; justSent?: boolean } | null;
  const linkCode = params.get("code");
  const email = params.get("email") ?? state?.email ?? me.data?.user.email ?? "";
  const [code, setCode] = useState(linkCode?.slice(0, CODE_LENGTH) ?? "");
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useCountdown(state?.justSent ? VERIFICATION_RESEND_COOLDOWN_SECONDS : 0);
  const autoSubmitted = useRef(false);

  const inFlight = useRef(false);
  /** The last code the server refused: sent again unchanged (Enter, Verify) it would only be refused again. */
  const refused = useRef<{ code: string; message: string } | null>(null);

  async function verify(otp: string) {
    if (!email || inFlight.current) return;
    if (!/^\d{6}$/.test(otp)) {
      setError("Enter the 6-digit code from the email.");
      return;
    }
    if (refused.current?.code === otp) {
      setError(refused.current.message);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await authApi.verifyEmail({ email, otp });
      const fresh = await fetchMe();
      queryClient.setQueryData(ME_QUERY_KEY, fresh);
      if (fresh) navigate(landingPathAfterVerification(fresh), { replace: true });
      else navigate("/login", { replace: true, state: { notice: "Your email is verified. Sign in to continue." } });
    } catch (failure) {
      const message = errorMessage(failure, "That code did not work. Check it and try again.");
      if (isApiError(failure, 400)) refused.current = { code: otp, message };
      setError(message);
      inFlight.current = false;
      setBusy(false);
    }
  }

  // The link in the email carries both the address and the code: submit at once.
  const verifyRef = useRef(verify);
  verifyRef.current = verify;
  const linkEmail = params.get("email");
  useEffect(() => {
    if (autoSubmitted.current || !linkCode || !linkEmail) return;
    autoSubmitted.current = true;
    void verifyRef.current(linkCode);
  }, [linkCode, linkEmail]);

  async function resend() {
    if (!email) return;
    setResending(true);
    setError(null);
    setInfo(null);
    try {
      await authApi.resendVerification(email);
      refused.current = null;
      setInfo(`We sent a new code to ${email}.`);
      cooldown.restart(VERIFICATION_RESEND_COOLDOWN_SECONDS);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setResending(false);
    }
  }

  if (me.isPending && !email) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (me.data?.user.emailVerified && !busy) return <Navigate to={landingPathAfterVerification(me.data)} replace />;
  if (!email) {
    return (
      <Stack>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Verify your email
        </Title>
        <Text>Open the link in your verification email, or sign in to enter your code.</Text>
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Verify your email
        </Title>
        <Text mt={4}>
          We sent a 6-digit code to{" "}
          <Text span fw={600} data-testid="verify-email">
            {email}
          </Text>
          . Enter it below to confirm the address.
        </Text>
        {config.data?.devMail && <DevMailNote />}
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify(code);
        }}
        noValidate
      >
        <Stack>
          <div>
            <Text fw={500} size="sm" id="verification-code-label">
              Verification code
            </Text>
            <PinInput
              mt={6}
              length={CODE_LENGTH}
              type="number"
              oneTimeCode
              inputMode="numeric"
              ariaLabel="Verification code"
              value={code}
              onChange={setCode}
              onComplete={(value) => void verify(value)}
              error={Boolean(error)}
              size="md"
              gap="xs"
            />
          </div>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {info && (
            <Alert color="teal" variant="light" role="status">
              {info}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={busy}>
              Verify
            </Button>
            <Button variant="subtle" onClick={resend} loading={resending} disabled={cooldown.seconds > 0}>
              {cooldown.seconds > 0 ? `Resend code in ${cooldown.seconds}s` : "Resend code"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Outside production with no SMTP server the server keeps emails in its outbox; the note says where (issue #11 item 16). */
export function DevMailNote() {
  return (
    <Alert color="blue" variant="light" mt="sm" data-testid="dev-mail-note">
      No email server is configured here, so emails are not sent: open{" "}
      <Anchor href="/dev/mail" target="_blank" rel="noreferrer">
        /dev/mail
      </Anchor>{" "}
      on this machine to read the code.
    </Alert>
  );
}
