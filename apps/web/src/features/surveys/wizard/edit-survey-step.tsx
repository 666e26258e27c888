import type { MetaFieldName } from "@hearth/shared";
import { Box, Button, Divider, Grid, Group, Paper, ScrollArea, Stack, Tabs, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { useDeferredValue } from "react";
import { QuestionList } from "./question-list";
import { SurveyDetailsForm } from "./survey-details-form";
import { SurveyPreview } from "./survey-preview";
import type { WizardDraft } from "./wizard-draft";

interface EditSurveyStepProps {
  draft: WizardDraft;
  requiredMetaFields: readonly MetaFieldName[];
  errors: Record<string, string>;
  canAddCustom: boolean;
  published: boolean;
  busy: boolean;
  onChange: (patch: Partial<WizardDraft>) => void;
  onUpgrade: () => void;
  onBack: (() => void) | null;
  onContinue: () => void;
}

const blank = (value: string) => value.trim() === "";
/** On wide screens the editor and the preview scroll side by side inside the dialog. */
const COLUMN_HEIGHT = "calc(100dvh - 250px)";

/** Step 2: name, description, meta fields and questions beside a live preview. */
export function EditSurveyStep(props: EditSurveyStepProps) {
  const { draft, requiredMetaFields, errors, canAddCustom, published, busy, onChange, onUpgrade, onBack, onContinue } = props;
  const wide = useMediaQuery("(min-width: 62em)", true);
  const preview = useDeferredValue(draft);
  const incomplete = blank(draft.name) || blank(draft.description);

  const editor = (
    <Stack gap="lg">
      <SurveyDetailsForm draft={draft} requiredMetaFields={requiredMetaFields} errors={errors} onChange={onChange} />
      <Divider />
      <QuestionList
        fields={draft.fields}
        errors={errors}
        canAddCustom={canAddCustom}
        onChange={(fields) => onChange({ fields })}
        onUpgrade={onUpgrade}
      />
    </Stack>
  );
  const previewPanel = (
    <Paper withBorder p="md" bg="gray.0" data-tour="survey-preview" aria-label="Live preview" component="section">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="sm">
        Live preview
      </Text>
      <SurveyPreview name={preview.name} description={preview.description} metaFields={preview.metaFields} fields={preview.fields} />
    </Paper>
  );

  return (
    <Stack gap="md">
      {wide ? (
        <Grid gap="lg">
          <Grid.Col span={7}>
            <ScrollArea.Autosize mah={COLUMN_HEIGHT} offsetScrollbars type="auto">
              <Box px={4} pb="xs">
                {editor}
              </Box>
            </ScrollArea.Autosize>
          </Grid.Col>
          <Grid.Col span={5}>
            <ScrollArea.Autosize mah={COLUMN_HEIGHT} type="auto">
              {previewPanel}
            </ScrollArea.Autosize>
          </Grid.Col>
        </Grid>
      ) : (
        <Tabs defaultValue="edit" keepMounted={false}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="edit">Edit</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="edit">{editor}</Tabs.Panel>
          <Tabs.Panel value="preview">{previewPanel}</Tabs.Panel>
        </Tabs>
      )}
      <Group
        justify="space-between"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: "1px solid var(--mantine-color-default-border)", zIndex: 2 }}
      >
        {onBack ? (
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} disabled={busy}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button
          rightSection={<IconArrowRight size={16} aria-hidden />}
          onClick={onContinue}
          disabled={incomplete}
          loading={busy}
          data-tour="survey-continue"
        >
          {published ? "Save changes" : "Continue"}
        </Button>
      </Group>
    </Stack>
  );
}
