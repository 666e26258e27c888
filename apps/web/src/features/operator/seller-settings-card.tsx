/**
 * The seller printed on invoices and order forms, in the operator console (issue 25 item 2, decision 0060): each field
 * shows the value in force and where it comes from; saving sends only the fields changed, and clearing a field set here
 * goes back to the environment's value.
 */
import {
  SELLER_FIELD_LABELS,
  SELLER_FIELD_MAX,
  SELLER_FIELDS,
  SELLER_NOT_SET,
  type SellerField,
  type SellerSettingsResponse,
} from "@hearth/shared";
import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { ApiError, api, errorMessage } from "../../lib/api";
import { changesOf, type Draft, draftOf, sourceOf } from "./seller-settings-view";

const URL = "/api/admin/seller-settings";
const QUERY_KEY = ["operator", "seller-settings"] as const;
const MULTILINE: ReadonlySet<SellerField> = new Set(["address", "remittance"]);
export function SellerSettingsCard() {
  const settings = useQuery({ queryKey: QUERY_KEY, queryFn: () => api<SellerSettingsResponse>(URL) });
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SellerField, string>>>({});
  const [saving, setSaving] = useState(false);
  const data = settings.data;
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data || !draft) return;
    const patch = changesOf(data, draft);
    if (Object.keys(patch).length === 0) return;
    setSaving(true);
    setErrors({});
    try {
      const saved = await api<SellerSettingsResponse>(URL, { method: "PATCH", body: patch });
      queryClient.setQueryData(QUERY_KEY, saved);
      notifications.show({ color: "teal", message: "Seller details saved. New invoices and order forms show them." });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields as Partial<Record<SellerField, string>>);
      notifications.show({ color: "red", message: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="seller-settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Seller on invoices and order forms
        </Title>
        <Text size="sm" c="dimmed">
          Customers pay by invoice: these details tell them whom to pay and how. A field left empty here uses its SELLER_* environment
          variable.
        </Text>
        {data && !data.payable && (
          <Alert color="yellow" variant="light" data-testid="seller-settings-incomplete">
            Documents now say: {SELLER_NOT_SET}
          </Alert>
        )}
        {data && draft && (
          <form onSubmit={(event) => void onSubmit(event)}>
            <Stack gap="sm">
              {SELLER_FIELDS.map((field) => {
                const common = {
                  label: field === "remittance" ? "Remittance details (how to pay)" : SELLER_FIELD_LABELS[field],
                  description: sourceOf(data, field),
                  value: draft[field],
                  maxLength: SELLER_FIELD_MAX[field],
                  error: errors[field],
                  "data-testid": `seller-${field}`,
                };
                const onChange = (value: string) => setDraft((current) => (current ? { ...current, [field]: value } : current));
                return MULTILINE.has(field) ? (
                  <Textarea key={field} {...common} autosize minRows={2} onChange={(event) => onChange(event.currentTarget.value)} />
                ) : (
                  <TextInput key={field} {...common} onChange={(event) => onChange(event.currentTarget.value)} />
                );
              })}
              <Group>
                <Button type="submit" loading={saving} disabled={Object.keys(changesOf(data, draft)).length === 0}>
                  Save seller details
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
