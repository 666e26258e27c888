import { cleanRecipient, INVITATION_MESSAGES, isValidEmail, normalizeEmail, type Recipient } from "@hearth/shared";
import { Button, Grid, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import type { AddResult } from "./use-recipient-list";

/** Tab "Add Manually": email required, names optional. */
export function ManualRecipientTab({ onAdd }: { onAdd: (recipients: Recipient[]) => AddResult }) {
  const [email, setEmail] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!isValidEmail(address)) {
      setError(address ? INVITATION_MESSAGES.emailInvalid : INVITATION_MESSAGES.emailRequired);
      setNotice(null);
      return;
    }
    const result = onAdd([cleanRecipient({ email: address, firstName, lastName })]);
    setError(null);
    if (result.added === 0) {
      setNotice(`${address} is already in the list.`);
      return;
    }
    setNotice(`Added ${address}.`);
    setEmail("");
    setFirstName("");
    setLastName("");
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a recipient">
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-testid="manual-email"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <TextInput
              label="First name"
              autoComplete="off"
              value={firstName}
              onChange={(event) => setFirstName(event.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <TextInput label="Last name" autoComplete="off" value={lastName} onChange={(event) => setLastName(event.currentTarget.value)} />
          </Grid.Col>
        </Grid>
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} w="fit-content" data-testid="manual-add">
          Add recipient
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="manual-notice">
          {notice}
        </Text>
      </Stack>
    </form>
  );
}
