import {
  type CompanyProfile,
  type CompanyProfileInput,
  companyProfileInputSchema,
  describeCompanySize,
  describeTimeZone,
  listTimeZoneNames,
} from "@hearth/shared";
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { serverErrors, useFormState, validate } from "../../lib/form";
import { useSaveCompanyProfile } from "./company-api";

const FIELDS = ["companyName", "companyLegalName", "headcount", "address", "phone", "website", "timeZone"] as const;
/** Every IANA zone the browser knows, searchable (the invitation schedule dialog keeps the spec's ten). */
const TIME_ZONE_OPTIONS = listTimeZoneNames().map((name) => ({ value: name, label: describeTimeZone(name) }));

interface CompanyProfileFormProps {
  profile: CompanyProfile | undefined;
  submitLabel?: string;
  onSaved: (profile: CompanyProfile) => void;
  onCancel?: () => void;
}

/** The company profile form, shared by onboarding step 3 and /dashboard/profile. */
export function CompanyProfileForm({ profile, submitLabel = "Save profile", onSaved, onCancel }: CompanyProfileFormProps) {
  const save = useSaveCompanyProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState({
    companyName: profile?.companyName ?? "",
    companyLegalName: profile?.companyLegalName ?? "",
    headcount: (profile?.headcount ?? "") as number | string,
    address: profile?.address ?? "",
    phone: profile?.phone ?? "",
    website: profile?.website ?? "",
    timeZone: (profile?.timeZone ?? null) as string | null,
  });
  const headcount = typeof form.values.headcount === "number" ? form.values.headcount : null;
  const size = describeCompanySize(headcount);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate<CompanyProfileInput>(companyProfileInputSchema, {
      ...form.values,
      headcount: form.values.headcount === "" ? undefined : form.values.headcount,
      timeZone: form.values.timeZone ?? undefined,
    });
    form.setErrors(checked.errors);
    if (!checked.data) return;
    save.mutate(checked.data, {
      onSuccess: onSaved,
      onError: (failure) => {
        const mapped = serverErrors(failure, FIELDS);
        form.setErrors(mapped.fields);
        setFormError(mapped.message ?? null);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Company profile">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Company name" autoComplete="organization" required {...form.textProps("companyName")} />
          <TextInput label="Legal name" required {...form.textProps("companyLegalName")} />
        </SimpleGrid>
        <div>
          <NumberInput
            label="Number of employees"
            name="headcount"
            required
            min={1}
            max={10_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={form.values.headcount}
            onChange={(value) => form.setField("headcount", value)}
            error={form.errors.headcount}
          />
          <Text size="sm" mt={6} data-testid="derived-company-size">
            {size ? (
              <>
                Company size: <strong>{size.size}</strong> ({size.range})
              </>
            ) : (
              <Text span c="dimmed" inherit>
                Enter the number of employees to see your company size.
              </Text>
            )}
          </Text>
        </div>
        <Textarea label="Address" autoComplete="street-address" required autosize minRows={2} {...form.textProps("address")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" type="tel" autoComplete="tel" required {...form.textProps("phone")} />
          <TextInput
            label="Website (optional)"
            type="url"
            autoComplete="url"
            placeholder="https://example.com"
            {...form.textProps("website")}
          />
        </SimpleGrid>
        <Select
          label="Time zone"
          name="timeZone"
          required
          placeholder="Choose a time zone"
          data={TIME_ZONE_OPTIONS}
          value={form.values.timeZone}
          onChange={(value) => form.setField("timeZone", value)}
          error={form.errors.timeZone}
          searchable
          nothingFoundMessage="No time zone matches"
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
