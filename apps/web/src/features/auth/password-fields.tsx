import { PASSWORD_MESSAGES } from "@hearth/shared";
import { List, PasswordInput, Stack, Text } from "@mantine/core";
import { IconCircleX } from "@tabler/icons-react";
import { passwordVerdict } from "./password-verdict";

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  submitted: boolean;
  passwordLabel?: string;
  confirmationLabel?: string;
  /** A server-side error for the password field, shown when the live rules pass. */
  serverError?: string;
}

export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  submitted,
  passwordLabel = "Password",
  confirmationLabel = "Confirm password",
  serverError,
}: NewPasswordFieldsProps) {
  const verdict = passwordVerdict(password, confirmation, submitted);
  return (
    <Stack gap="sm">
      <div>
        <PasswordInput
          label={passwordLabel}
          name="password"
          autoComplete="new-password"
          required
          description={PASSWORD_MESSAGES.rules}
          value={password}
          onChange={(event) => onPasswordChange(event.currentTarget.value)}
          error={verdict.weakError ?? serverError}
        />
        {verdict.weakError && (
          <List
            mt={6}
            size="sm"
            spacing={2}
            aria-label="Password requirements not met"
            data-testid="password-problems"
            icon={<IconCircleX size={16} color="var(--mantine-color-red-9)" aria-hidden />}
          >
            {verdict.problems.map((problem) => (
              <List.Item key={problem}>
                <Text span size="sm" c="red.9">
                  {problem}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </div>
      <PasswordInput
        label={confirmationLabel}
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.currentTarget.value)}
        error={verdict.mismatchError}
      />
    </Stack>
  );
}
