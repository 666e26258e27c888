import { type SsoProvider, type SsoProviderInput, ssoProviderInputSchema } from "@hearth/shared";
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { serverErrors, useFormState, validate } from "../../lib/form";
import { useAddSsoProvider } from "./sso-api";

const FIELDS = ["domain", "issuer", "clientId", "clientSecret"] as const;
const EMPTY = { domain: "", issuer: "", clientId: "", clientSecret: "" };

interface AddProviderFormProps {
  /** The domain of the admin's own email address: the one domain they may register. */
  ownDomain: string | null;
  onAdded: (provider: SsoProvider) => void;
  onCancel?: () => void;
}

/** Registers an OpenID Connect provider for one email domain; the server checks the issuer before saving. */
export function AddProviderForm({ ownDomain, onAdded, onCancel }: AddProviderFormProps) {
  const add = useAddSsoProvider();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState(EMPTY);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate<SsoProviderInput>(ssoProviderInputSchema, form.values);
    form.setErrors(checked.errors);
    if (!checked.data) return;
    add.mutate(checked.data, {
      onSuccess: (provider) => {
        form.setValues(EMPTY);
        onAdded(provider);
      },
      onError: (failure) => {
        const mapped = serverErrors(failure, FIELDS);
        form.setErrors(mapped.fields);
        setFormError(mapped.message ?? null);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add single sign-on provider">
      <Stack gap="md">
        <Title order={3} fz="md">
          Add a provider
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Email domain"
            required
            description={ownDomain ? `The domain of your own email address: ${ownDomain}` : "The domain of your own email address"}
            autoCapitalize="none"
            spellCheck={false}
            {...form.textProps("domain")}
          />
          <TextInput
            label="Issuer URL"
            type="url"
            required
            description="Your identity provider's OpenID Connect issuer, starting with https://"
            spellCheck={false}
            {...form.textProps("issuer")}
          />
          <TextInput
            label="Client ID"
            required
            description="Of the application you created for Hearth"
            autoComplete="off"
            spellCheck={false}
            {...form.textProps("clientId")}
          />
          <PasswordInput
            label="Client secret"
            required
            description="Stored securely; never shown again"
            autoComplete="new-password"
            {...form.textProps("clientSecret")}
          />
        </SimpleGrid>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={add.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={add.isPending}>
            Add provider
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
