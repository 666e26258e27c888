import { ANSWER_TYPES, type SurveyField } from "@hearth/shared";
import { ActionIcon, Card, Checkbox, Group, Select, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { OptionList } from "./option-list";

interface QuestionCardProps {
  field: SurveyField;
  number: number;
  errors: Record<string, string>;
  canMoveUp: boolean;
  canMoveDown: boolean;
  canDelete: boolean;
  onChange: (patch: Partial<SurveyField>) => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

const ANSWER_TYPE_LABELS: Record<SurveyField["answerType"], string> = { Text: "Text (written answer)", Radio: "Radio (choose one)" };

/** A question of the company's own: text, answer type, options, required; move and delete per the shared rules. */
export function QuestionCard({ field, number, errors, canMoveUp, canMoveDown, canDelete, onChange, onMove, onDelete }: QuestionCardProps) {
  return (
    <Card padding="md" data-testid="question-card" data-key={field.key}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="sm">
            Question {number}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Move up">
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                disabled={!canMoveUp}
                onClick={() => onMove(-1)}
                aria-label={`Move question ${number} up`}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                disabled={!canMoveDown}
                onClick={() => onMove(1)}
                aria-label={`Move question ${number} down`}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={canDelete ? "Delete question" : "A survey needs at least one question"}>
              <ActionIcon
                variant="subtle"
                color="red"
                size={36}
                data-disabled={!canDelete || undefined}
                aria-disabled={!canDelete || undefined}
                onClick={() => canDelete && onDelete()}
                aria-label={`Delete question ${number}`}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Textarea
          label="Question"
          required
          autosize
          minRows={1}
          value={field.question}
          onChange={(event) => onChange({ question: event.currentTarget.value })}
          error={errors.question ?? errors._}
          name={`fields.${number - 1}.question`}
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Answer type"
            data={ANSWER_TYPES.map((type) => ({ value: type, label: ANSWER_TYPE_LABELS[type] }))}
            value={field.answerType}
            onChange={(value) => value && onChange({ answerType: value as SurveyField["answerType"] })}
            allowDeselect={false}
            w={220}
            error={errors.answerType}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          <Checkbox
            label="Answer required"
            checked={field.required}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
            mb={8}
          />
        </Group>
        {field.answerType === "Radio" && (
          <OptionList
            questionNumber={number}
            options={field.radioOptions}
            error={errors.radioOptions}
            onChange={(radioOptions) => onChange({ radioOptions })}
          />
        )}
      </Stack>
    </Card>
  );
}
