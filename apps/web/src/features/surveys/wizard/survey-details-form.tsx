import { describeMetaField, type MetaFieldName } from "@hearth/shared";
import { Stack, Textarea, TextInput } from "@mantine/core";
import type { WizardDraft } from "./wizard-draft";

interface SurveyDetailsFormProps {
  draft: WizardDraft;
  requiredMetaFields: readonly MetaFieldName[];
  errors: Record<string, string>;
  onChange: (patch: Partial<WizardDraft>) => void;
}

/** Survey Name, Description and the survey type's required meta fields. */
export function SurveyDetailsForm({ draft, requiredMetaFields, errors, onChange }: SurveyDetailsFormProps) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Survey Name"
        name="name"
        required
        maxLength={200}
        value={draft.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
        data-tour="survey-name"
      />
      <Textarea
        label="Description"
        name="description"
        description="Shown to respondents at the top of the survey."
        required
        autosize
        minRows={2}
        maxLength={2000}
        value={draft.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        error={errors.description}
      />
      {requiredMetaFields.map((name) => (
        <TextInput
          key={name}
          label={describeMetaField(draft.presetId, name)}
          name={`metaFields.${name}`}
          description="Fills the matching placeholder in the questions."
          required
          maxLength={200}
          value={draft.metaFields[name] ?? ""}
          onChange={(event) => onChange({ metaFields: { ...draft.metaFields, [name]: event.currentTarget.value } })}
          error={errors[`metaFields.${name}`]}
        />
      ))}
    </Stack>
  );
}
