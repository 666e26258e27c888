import { type SupportRequestInput, supportRequestInputSchema } from "@hearth/shared";
import { Alert, Anchor, Box, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconCircleCheck, IconExternalLink } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api } from "../../lib/api";
import { serverErrors, useFormState, validate } from "../../lib/form";
import { usePublicConfig } from "../auth";

export type SupportKind = SupportRequestInput["kind"];

const TITLES: Record<SupportKind, string> = { help: "Need Help", ticket: "Submit Support Ticket" };

/**
 * Need Help opens the third-party support form the server is configured with (SUPPORT_FORM_URL), loaded only while the
 * dialog is open; without one, Hearth's own form. Submit Support Ticket is always Hearth's form (decision 0071).
 */
export function SupportModal({ kind, onClose }: { kind: SupportKind | null; onClose: () => void }) {
  const config = usePublicConfig();
  const formUrl = kind === "help" ? (config.data?.supportFormUrl ?? null) : null;
  const waiting = kind === "help" && config.isPending;
  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind ? TITLES[kind] : ""} centered size={formUrl ? "xl" : "lg"}>
      {kind && waiting && <Loader aria-label="Loading" />}
      {kind && !waiting && formUrl && <ExternalSupportForm url={formUrl} supportEmail={config.data?.supportEmail ?? null} />}
      {kind && !waiting && !formUrl && <SupportForm key={kind} kind={kind} onClose={onClose} />}
    </Modal>
  );
}

function ExternalSupportForm({ url, supportEmail }: { url: string; supportEmail: string | null }) {
  return (
    <Stack gap="sm" data-testid="support-form-external">
      <Text size="sm">Tell our support team what you need in the form below; they reply by email.</Text>
      <Box
        component="iframe"
        src={url}
        title="Support form"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ width: "100%", height: "min(70vh, 640px)", border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
      />
      <Text size="sm" c="dimmed">
        Form not showing?{" "}
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          Open the support form in a new tab <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "middle" }} />
        </Anchor>
        {supportEmail ? (
          <>
            {" "}
            or write to <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
          </>
        ) : (
          "."
        )}
      </Text>
    </Stack>
  );
}

function SupportForm({ kind, onClose }: { kind: SupportKind; onClose: () => void }) {
  const form = useFormState({ subject: "", message: "" });
  const [formError, setFormError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: SupportRequestInput) => api<unknown>("/api/support-requests", { body }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate<SupportRequestInput>(supportRequestInputSchema, { kind, ...form.values });
    form.setErrors(checked.errors);
    if (!checked.data) return;
    send.mutate(checked.data, {
      onError: (failure) => {
        const mapped = serverErrors(failure, ["subject", "message"]);
        form.setErrors(mapped.fields);
        setFormError(mapped.message ?? null);
      },
    });
  }

  if (send.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden />} title="Request sent">
          Thank you. Our support team received your request and will reply by email.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {kind === "help"
            ? "Tell us what you need help with and our support team will reply by email."
            : "Describe the problem and what you expected to happen. We answer tickets by email."}
        </Text>
        <TextInput label="Subject" required data-autofocus {...form.textProps("subject")} />
        <Textarea label="Message" required autosize minRows={4} maxRows={10} {...form.textProps("message")} />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
