import { type Account, type AccountUpdate, accountUpdateSchema } from "@hearth/shared";
import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import { serverErrors, useFormState, validate } from "../../lib/form";
import { useUpdateAccount } from "./account-api";

const FIELDS = ["firstName", "lastName", "phone", "jobTitle", "email"] as const;

interface AccountFormProps {
  account: Account;
  onSaved: (result: { account: Account; emailChangeRequested: boolean }, requestedEmail: string) => void;
  onFailed: () => void;
  onCancel: () => void;
}

export function AccountForm({ account, onSaved, onFailed, onCancel }: AccountFormProps) {
  const update = useUpdateAccount();
  const form = useFormState({
    firstName: account.firstName ?? "",
    lastName: account.lastName ?? "",
    phone: account.phone ?? "",
    email: account.email,
    jobTitle: account.jobTitle ?? "",
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate<AccountUpdate>(accountUpdateSchema, { ...form.values, email: form.values.email.trim() });
    form.setErrors(checked.errors);
    if (!checked.data) return;
    // the form always sends the address it shows
    const requestedEmail = checked.data.email ?? form.values.email.trim();
    update.mutate(checked.data, {
      onSuccess: (result) => onSaved(result, requestedEmail),
      onError: (failure) => {
        form.setErrors(serverErrors(failure, FIELDS).fields);
        onFailed();
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Edit account">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="given-name" {...form.textProps("firstName")} />
          <TextInput label="Last name" autoComplete="family-name" {...form.textProps("lastName")} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.textProps("phone")} />
          <TextInput label="Job title" autoComplete="organization-title" {...form.textProps("jobTitle")} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          description="If you change it, we send a confirmation link to the new address."
          {...form.textProps("email")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
