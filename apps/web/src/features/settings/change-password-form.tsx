import { isStrongPassword, MESSAGES } from "@hearth/shared";
import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { serverErrors } from "../../lib/form";
import { NewPasswordFields, passwordVerdict } from "../auth";
import { useChangePassword } from "./account-api";

export const PASSWORD_CHANGED = "Your password has been changed.";

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [newError, setNewError] = useState<string | undefined>();
  const verdict = passwordVerdict(newPassword, confirmPassword, submitted);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const missingCurrent = currentPassword ? undefined : "Enter your current password";
    setCurrentError(missingCurrent);
    if (missingCurrent || !isStrongPassword(newPassword) || newPassword !== confirmPassword) return;
    change.mutate(
      { currentPassword, newPassword, confirmPassword },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: PASSWORD_CHANGED });
          setCurrentPassword("");
          setNewPassword("");
          setConfirmPassword("");
          setSubmitted(false);
        },
        onError: (failure) => {
          const mapped = serverErrors(failure, ["currentPassword", "newPassword", "confirmPassword"]);
          setCurrentError(mapped.fields.currentPassword);
          setNewError(mapped.fields.newPassword);
          const onField = Boolean(mapped.fields.currentPassword || mapped.fields.newPassword);
          if (!onField) notifications.show({ color: "red", message: mapped.message ?? MESSAGES.genericError });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack>
        <PasswordInput
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.currentTarget.value);
            setCurrentError(undefined);
          }}
          error={currentError}
        />
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmPassword}
          onPasswordChange={(value) => {
            setNewPassword(value);
            setNewError(undefined);
          }}
          onConfirmationChange={setConfirmPassword}
          submitted={submitted}
          passwordLabel="New password"
          confirmationLabel="Confirm new password"
          serverError={newError}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} disabled={verdict.blocking}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
