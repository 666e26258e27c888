import { type EmailTemplate, estimateSurveyDuration, type MandatoryLinkSpec, type Recipient, type SurveyDetail } from "@hearth/shared";
import { Box, Button, Code, Grid, Group, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconTemplate } from "@tabler/icons-react";
import { useDeferredValue, useMemo, useState } from "react";
import { EmailEditor } from "./email-editor";
import { availablePlaceholders, buildEmailPreview, type EmailDraft, type EmailDraftErrors, finalEmailContent } from "./email-content";
import { EmailPreview } from "./email-preview";
import { TemplateModal } from "./template-modal";

interface EmailStepProps {
  survey: SurveyDetail;
  draft: EmailDraft;
  errors: EmailDraftErrors;
  onChange: (patch: Partial<EmailDraft>) => void;
  onUseTemplate: (template: EmailTemplate) => void;
  mandatoryLink: MandatoryLinkSpec | null;
  sample: Recipient | null;
  companyName: string | null;
}

/** Step 2: sender, subject, CC and the content, with a preview as the first recipient will read it. */
export function EmailStep({ survey, draft, errors, onChange, onUseTemplate, mandatoryLink, sample, companyName }: EmailStepProps) {
  const [view, setView] = useState<"content" | "preview">("content");
  const [templatesOpened, templates] = useDisclosure(false);
  const deferred = useDeferredValue(draft);
  const preview = useMemo(
    () =>
      view === "preview"
        ? buildEmailPreview({
            html: deferred.html,
            subject: deferred.subject,
            mandatoryLink,
            sample,
            companyName,
            surveyLink: survey.inviteLink,
            surveyName: survey.name,
            senderName: deferred.name,
            metaFields: survey.metaFields,
            surveyDuration: estimateSurveyDuration(survey.fields).label,
          })
        : null,
    [view, deferred, mandatoryLink, sample, companyName, survey],
  );
  const current = useMemo(
    () => ({ subject: draft.subject, content: templatesOpened ? finalEmailContent(draft.html, mandatoryLink) : "" }),
    [draft.subject, draft.html, mandatoryLink, templatesOpened],
  );

  return (
    <Stack gap="md">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Name"
            description="Your full name, shown as the sender"
            required
            value={draft.name}
            onChange={(event) => onChange({ name: event.currentTarget.value })}
            error={errors.name}
            autoComplete="name"
            data-testid="email-sender-name"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="CC"
            description="Receives a copy of the invitation"
            type="email"
            required
            value={draft.cc}
            onChange={(event) => onChange({ cc: event.currentTarget.value })}
            error={errors.cc}
            autoComplete="email"
            data-testid="email-cc"
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="Subject"
            required
            value={draft.subject}
            onChange={(event) => onChange({ subject: event.currentTarget.value })}
            error={errors.subject}
            data-testid="email-subject"
          />
        </Grid.Col>
      </Grid>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Email view"
          value={view}
          onChange={(value) => setView(value === "preview" ? "preview" : "content")}
          data={[
            { value: "content", label: "Content" },
            { value: "preview", label: "Preview" },
          ]}
          data-testid="email-view"
        />
        <Button
          variant="default"
          leftSection={<IconTemplate size={16} aria-hidden />}
          onClick={templates.open}
          data-testid="open-templates"
        >
          Templates
        </Button>
      </Group>
      <Box display={view === "content" ? undefined : "none"}>
        <EmailEditor value={draft.html} onChange={(html) => onChange({ html })} error={errors.html} />
      </Box>
      {preview && (
        <EmailPreview
          subject={preview.subject}
          html={preview.html}
          from={draft.name}
          to={sample ? [sample.firstName, sample.lastName].filter(Boolean).join(" ") || sample.email : null}
        />
      )}
      <Text size="sm" c="dimmed" component="div">
        Placeholders are filled in for each recipient:{" "}
        {availablePlaceholders(survey.metaFields).map((name, index, all) => (
          <span key={name}>
            <Code>{name}</Code>
            {index < all.length - 1 ? ", " : "."}
          </span>
        ))}
        {mandatoryLink ? ` A "${mandatoryLink.text}" link to the survey is added at the end if the email has none.` : ""}
      </Text>
      <TemplateModal surveyId={survey.id} opened={templatesOpened} onClose={templates.close} current={current} onUse={onUseTemplate} />
    </Stack>
  );
}
