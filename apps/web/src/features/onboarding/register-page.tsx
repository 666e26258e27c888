import { LEGAL_ROUTES, MESSAGES, registrationExtrasSchema, TERMS_ACCEPTANCE_REQUIRED } from "@hearth/shared";
import { Alert, Anchor, Button, Center, Checkbox, Loader, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import { type FieldErrors, serverErrors, validate } from "../../lib/form";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { AlternativeSignIn, authApi, CaptchaField, NewPasswordFields, passwordVerdict, useMe, usePublicConfig } from "../auth";

const FIELDS = ["firstName", "lastName", "email", "password", "companyName", "captcha", "acceptTerms"] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function RegisterPage() {
  const config = usePublicConfig();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", companyName: "" });
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const verdict = passwordVerdict(password, confirmation, submitted);

  if (me.data && !busy) {
    return <Navigate to={me.data.user.emailVerified ? "/dashboard" : "/new-company/verify"} replace />;
  }
  if (config.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const captchaProvider = config.data?.captcha.provider ?? "off";

  const text = (key: keyof typeof values) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    setAccountExists(false);
    const checked = validate(registrationExtrasSchema, { ...values, captcha: captcha ?? undefined, acceptTerms });
    const nextErrors: FieldErrors = { ...checked.errors };
    if (!EMAIL_PATTERN.test(values.email.trim())) nextErrors.email = "Enter a valid email address";
    if (captchaProvider !== "off" && !captcha) nextErrors.captcha = MESSAGES.captchaMissing;
    const passwordBad = passwordVerdict(password, confirmation, true).blocking;
    setErrors(nextErrors);
    if (Object.values(nextErrors).some(Boolean) || passwordBad) return;

    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const email = values.email.trim();
    setBusy(true);
    try {
      await authApi.signUp({
        email,
        password,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        companyName: values.companyName.trim(),
        captcha: captcha ?? undefined,
        acceptTerms: true,
      });
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate("/new-company/verify", { state: { email, justSent: true } });
    } catch (failure) {
      const mapped = serverErrors(failure, FIELDS);
      setAccountExists(failure instanceof ApiError && /ALREADY_EXISTS/.test(failure.code));
      setErrors(mapped.fields);
      setFormError(mapped.message ?? null);
      // A captcha answer is good for one attempt only.
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Register your company
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Create the first account for your company. You can invite your team later.
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" autoComplete="given-name" required {...text("firstName")} />
            <TextInput label="Last name" autoComplete="family-name" required {...text("lastName")} />
          </SimpleGrid>
          <TextInput label="Work email" type="email" autoComplete="email" required {...text("email")} />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={(value) => {
              setPassword(value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            onConfirmationChange={setConfirmation}
            submitted={submitted}
            serverError={errors.password}
          />
          <TextInput label="Company name" autoComplete="organization" required {...text("companyName")} />
          {config.data && (
            <CaptchaField
              key={captchaKey}
              captcha={config.data.captcha}
              onChange={(token) => {
                setCaptcha(token);
                if (token) setErrors((current) => ({ ...current, captcha: undefined }));
              }}
              error={errors.captcha}
            />
          )}
          <Checkbox
            name="acceptTerms"
            checked={acceptTerms}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setAcceptTerms(checked);
              if (checked) setErrors((current) => ({ ...current, acceptTerms: undefined }));
            }}
            required
            aria-required
            error={errors.acceptTerms}
            label={
              <>
                I accept the{" "}
                <Anchor component={Link} to={LEGAL_ROUTES.terms} target="_blank" inherit>
                  Terms of Use
                </Anchor>{" "}
                and the{" "}
                <Anchor component={Link} to={LEGAL_ROUTES.privacy} target="_blank" inherit>
                  Privacy Policy
                </Anchor>
              </>
            }
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
              {accountExists && (
                <>
                  {" "}
                  <Anchor component={Link} to="/login" fw={600}>
                    Sign in instead
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          <Button type="submit" loading={busy} disabled={verdict.blocking} fullWidth size="md">
            Create account
          </Button>
        </Stack>
      </form>
      <AlternativeSignIn
        terms={{ accepted: acceptTerms, onMissing: () => setErrors((current) => ({ ...current, acceptTerms: TERMS_ACCEPTANCE_REQUIRED })) }}
      />
      <Text size="sm" ta="center">
        Already have an account?{" "}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
