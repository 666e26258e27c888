import { MESSAGES, type SupportRequestInput, supportRequestInputSchema } from "@hearth/shared";
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api } from "../../lib/api";
import { serverErrors, useFormState, validate } from "../../lib/form";

export type SupportKind = SupportRequestInput["kind"];

const TITLES: Record<SupportKind, string> = { help: "Need Help", ticket: "Submit Support Ticket" };

export function SupportModal({ kind, onClose }: { kind: SupportKind | null; onClose: () => void }) {
  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind ? TITLES[kind] : ""} centered size="lg">
      {kind && <SupportForm key={kind} kind={kind} onClose={onClose} />}
    </Modal>
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
        {kind === "help" && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
            {MESSAGES.needHelpInfo}
          </Alert>
        )}
        <Text size="sm">
          {kind === "help"
            ? "You can also send us a message here and we will reply by email."
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
