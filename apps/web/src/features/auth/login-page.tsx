import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiError, errorMessage } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { AlternativeSignIn } from "./alternative-sign-in";
import { authApi } from "./auth-api";
import { AuthCard } from "./auth-card";
import { CaptchaField } from "./captcha-field";
import { fetchMe, safeNextPath, useMe, usePublicConfig } from "./session";

export function LoginPage() {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After too many attempts on an address the server asks for the captcha (decision 0024); it shows only then.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const config = usePublicConfig();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const externalFailure = params.get("signInError");
  const next = safeNextPath(params.get("next")) ?? "/dashboard";

  if (me.data && !busy) return <Navigate to={next} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError("Enter your email and password.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (captchaAsked && !captcha) {
        setError("Please complete the human check below.");
        return;
      }
      await authApi.signIn({ email: email.trim(), password, ...(captchaAsked && captcha ? { captcha } : {}) });
      const signedIn = await fetchMe();
      queryClient.setQueryData(ME_QUERY_KEY, signedIn);
      navigate(next, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && (failure.code === "CAPTCHA_REQUIRED" || failure.code === "CAPTCHA_INVALID")) {
        setCaptchaAsked(true);
        setCaptcha(null);
        setCaptchaKey((key) => key + 1);
        setError(
          failure.code === "CAPTCHA_REQUIRED"
            ? "There were many sign-in attempts for this address. Complete the human check, then sign in again."
            : "The human check did not pass. Please try it again.",
        );
        return;
      }
      if (captchaAsked) {
        // A solved captcha is used once: the next attempt needs a fresh one.
        setCaptcha(null);
        setCaptchaKey((key) => key + 1);
      }
      if (failure instanceof ApiError && failure.code === "EMAIL_NOT_VERIFIED") {
        navigate(`/new-company/verify?email=${encodeURIComponent(email.trim())}`);
        return;
      }
      setError(failure instanceof ApiError && failure.status === 401 ? "Incorrect email or password." : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Hearth.">
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      {externalFailure && (
        <Alert color="red" variant="light" role="alert">
          {externalFailure === "google"
            ? "Signing in with Google did not complete. Try again, or sign in with your email and password. New to Hearth? Create your company account on the registration page first."
            : "Single sign-on did not complete. Try again, or sign in with your email and password."}
        </Alert>
      )}
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
          />
          <div>
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </div>
          {captchaAsked && config.data && <CaptchaField key={captchaKey} captcha={config.data.captcha} onChange={setCaptcha} />}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <AlternativeSignIn />
      <Text size="sm" ta="center">
        New to Hearth?{" "}
        <Anchor component={Link} to="/new-company">
          Register your company
        </Anchor>
      </Text>
    </AuthCard>
  );
}
