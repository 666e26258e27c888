import { checkTemplateName, type EmailTemplate, isInitialTemplate, TEMPLATE_NAME_MAX_LENGTH } from "@hearth/shared";
import { Alert, Badge, Button, Divider, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy, IconPencil, IconRefresh, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useCompanyDates } from "../auth";
import { useCreateTemplate, useDeleteTemplate, useEmailTemplates, useRenameTemplate, useUpdateTemplate } from "./invitation-api";

interface TemplateModalProps {
  surveyId: string;
  opened: boolean;
  onClose: () => void;
  /** The email in the editor now (content already sanitized, with the mandatory link). */
  current: { subject: string; content: string };
  onUse: (template: EmailTemplate) => void;
}

const isProtected = (template: EmailTemplate) => template.isDefault || isInitialTemplate(template.name);

interface RowProps {
  template: EmailTemplate;
  otherNames: string[];
  renaming: boolean;
  onStartRename: () => void;
  onStopRename: () => void;
  current: TemplateModalProps["current"];
  onUse: () => void;
  onError: (message: string | null) => void;
}

function TemplateRow({ template, otherNames, renaming, onStartRename, onStopRename, current, onUse, onError }: RowProps) {
  const rename = useRenameTemplate();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const [name, setName] = useState(template.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const locked = isProtected(template);
  const busy = rename.isPending || update.isPending || remove.isPending;
  const dates = useCompanyDates();
  const updated = template.updated ? dates.day(template.updated) : null;

  function submitRename(event: FormEvent) {
    event.preventDefault();
    const problem = checkTemplateName(name, otherNames);
    if (problem) return setNameError(problem);
    onError(null);
    rename.mutate(
      { id: template.id, name: name.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: `Template renamed to "${name.trim()}".` });
          onStopRename();
        },
        onError: (failure) => setNameError(errorMessage(failure)),
      },
    );
  }

  function overwrite() {
    onError(null);
    update.mutate(
      { id: template.id, content: current.content, subject: current.subject.trim() || undefined },
      {
        onSuccess: () => notifications.show({ color: "teal", message: `"${template.label}" now holds the current email.` }),
        onError: (failure) => onError(errorMessage(failure)),
      },
    );
  }

  function confirmDelete() {
    onError(null);
    remove.mutate(
      { id: template.id },
      {
        onSuccess: () => notifications.show({ color: "teal", message: `Template "${template.label}" deleted.` }),
        onError: (failure) => {
          setConfirmingDelete(false);
          onError(errorMessage(failure));
        },
      },
    );
  }

  return (
    <Paper withBorder p="sm" data-testid="template-row" data-template-id={template.id}>
      <Stack gap="xs">
        {renaming ? (
          <form onSubmit={submitRename} noValidate aria-label={`Rename ${template.label}`}>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <TextInput
                label="Template name"
                value={name}
                maxLength={TEMPLATE_NAME_MAX_LENGTH}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                description={`${name.length}/${TEMPLATE_NAME_MAX_LENGTH} characters`}
                inputWrapperOrder={["label", "input", "description", "error"]}
                data-autofocus
                style={{ flex: 1, minWidth: 180 }}
              />
              <Group gap="xs" mt={{ base: 0, xs: 25 }}>
                <Button type="submit" size="sm" loading={rename.isPending}>
                  Save name
                </Button>
                <Button variant="default" size="sm" onClick={onStopRename} disabled={rename.isPending}>
                  Cancel
                </Button>
              </Group>
            </Group>
          </form>
        ) : (
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {template.label}
              </Text>
              {locked && (
                <Badge variant="light" color="gray" size="sm">
                  Default
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
              {template.subject || "No subject saved"}
              {updated ? ` · updated ${updated}` : ""}
            </Text>
          </div>
        )}
        {!renaming && (
          <Group gap="xs" wrap="wrap">
            <Button size="compact-sm" onClick={onUse} disabled={busy} aria-label={`Use ${template.label}`} data-testid="template-use">
              Use
            </Button>
            {!locked && (
              <>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={overwrite}
                  loading={update.isPending}
                  disabled={busy || current.content.trim() === ""}
                  aria-label={`Update ${template.label} with the current email`}
                >
                  Update with current email
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => {
                    setName(template.name);
                    setNameError(null);
                    onStartRename();
                  }}
                  disabled={busy}
                  aria-label={`Rename ${template.label}`}
                >
                  Rename
                </Button>
                {confirmingDelete ? (
                  <Group gap="xs" role="group" aria-label="Confirm delete">
                    <Text size="sm">Delete this template?</Text>
                    <Button size="compact-sm" color="red.9" onClick={confirmDelete} loading={remove.isPending}>
                      Delete
                    </Button>
                    <Button size="compact-sm" variant="default" onClick={() => setConfirmingDelete(false)} disabled={remove.isPending}>
                      Keep
                    </Button>
                  </Group>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red.9"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setConfirmingDelete(true)}
                    disabled={busy}
                    aria-label={`Delete ${template.label}`}
                  >
                    Delete
                  </Button>
                )}
              </>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Templates: use one, save the current email as a new one, update, rename (one at a time) or delete; the default is fixed. */
export function TemplateModal({ surveyId, opened, onClose, current, onUse }: TemplateModalProps) {
  const templates = useEmailTemplates(surveyId);
  const create = useCreateTemplate();
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [newNameError, setNewNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = templates.data ?? [];
  const names = (except?: string) => list.filter((template) => template.id !== except).map((template) => template.name);

  function saveNew(event: FormEvent) {
    event.preventDefault();
    const problem = checkTemplateName(newName, names());
    if (problem) return setNewNameError(problem);
    if (current.content.trim() === "") return setNewNameError("Write the email before saving it as a template.");
    setError(null);
    create.mutate(
      { id: crypto.randomUUID(), name: newName.trim(), content: current.content, subject: current.subject.trim() || undefined },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: `Template "${newName.trim()}" saved.` });
          setNewName("");
        },
        onError: (failure) => setNewNameError(errorMessage(failure)),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Email templates" size="lg" closeButtonProps={{ "aria-label": "Close" }}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {templates.isPending ? (
          <Loader size="sm" aria-label="Loading templates" />
        ) : templates.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(templates.error)}
          </Alert>
        ) : (
          <Stack gap="xs" data-testid="template-list">
            {list.map((template) => (
              <TemplateRow
                key={template.id}
                template={template}
                otherNames={names(template.id)}
                renaming={renamingId === template.id}
                onStartRename={() => setRenamingId(template.id)}
                onStopRename={() => setRenamingId(null)}
                current={current}
                onUse={() => {
                  onUse(template);
                  onClose();
                }}
                onError={setError}
              />
            ))}
          </Stack>
        )}
        <Divider />
        <form onSubmit={saveNew} noValidate aria-labelledby="save-template-title">
          <Stack gap="xs">
            <Title order={3} fz="md" id="save-template-title">
              Save the current email as a new template
            </Title>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <TextInput
                label="Template name"
                value={newName}
                maxLength={TEMPLATE_NAME_MAX_LENGTH}
                onChange={(event) => {
                  setNewName(event.currentTarget.value);
                  setNewNameError(null);
                }}
                error={newNameError}
                description={`${newName.length}/${TEMPLATE_NAME_MAX_LENGTH} characters`}
                inputWrapperOrder={["label", "input", "description", "error"]}
                style={{ flex: 1, minWidth: 200 }}
                data-testid="new-template-name"
              />
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                loading={create.isPending}
                mt={{ base: 0, xs: 25 }}
                data-testid="save-template"
              >
                Save template
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
