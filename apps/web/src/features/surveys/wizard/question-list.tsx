import { canDeleteQuestion, canMoveQuestion, type SurveyField } from "@hearth/shared";
import { Alert, Stack, Title } from "@mantine/core";
import { AddQuestionButton } from "./add-question-button";
import { DefaultQuestions } from "./default-questions";
import { QuestionCard } from "./question-card";
import { addQuestion, moveQuestion, questionErrors, removeQuestion, updateField } from "./wizard-draft";

interface QuestionListProps {
  fields: SurveyField[];
  errors: Record<string, string>;
  canAddCustom: boolean;
  onChange: (fields: SurveyField[]) => void;
  onUpgrade: () => void;
}

/** The preset's locked questions, then the company's own, with Add question at the end. */
export function QuestionList({ fields, errors, canAddCustom, onChange, onUpgrade }: QuestionListProps) {
  const defaults = fields.filter((field) => field.isDefault);

  return (
    <Stack gap="sm" data-tour="survey-questions">
      <Title order={3} fz="md">
        Questions
      </Title>
      <DefaultQuestions fields={defaults} />
      {errors.fields && (
        <Alert color="red" variant="light" role="alert">
          {errors.fields}
        </Alert>
      )}
      {fields.map((field, index) =>
        field.isDefault ? null : (
          <QuestionCard
            key={field.key}
            field={field}
            number={index + 1}
            errors={questionErrors(errors, index)}
            canMoveUp={canMoveQuestion(fields, index, index - 1)}
            canMoveDown={canMoveQuestion(fields, index, index + 1)}
            canDelete={canDeleteQuestion(fields, index)}
            onChange={(patch) => onChange(updateField(fields, index, patch))}
            onMove={(direction) => onChange(moveQuestion(fields, index, index + direction))}
            onDelete={() => onChange(removeQuestion(fields, index))}
          />
        ),
      )}
      <AddQuestionButton allowed={canAddCustom} onAdd={() => onChange(addQuestion(fields))} onUpgrade={onUpgrade} />
    </Stack>
  );
}
