import { fillPlaceholders, type SurveyField } from "@hearth/shared";
import { Badge, Group, Paper, Radio, Stack, Text, Textarea } from "@mantine/core";

type PreviewField = Pick<SurveyField, "key" | "question" | "questionType" | "answerType" | "radioOptions" | "required" | "title">;

interface SurveyPreviewProps {
  name: string;
  description: string;
  metaFields: Readonly<Record<string, string>>;
  fields: readonly PreviewField[];
  /** Label the questions' answer controls as a preview (the survey page lists questions read-only). */
  interactive?: boolean;
  /** Show the survey's name and description above the questions. */
  withHeader?: boolean;
}

/** Rows of one matrix share the title shown above the first of them. */
function startsMatrix(fields: readonly PreviewField[], index: number): boolean {
  const field = fields[index];
  if (field.questionType !== "Matrix") return false;
  const previous = fields[index - 1];
  return previous?.questionType !== "Matrix" || previous.title !== field.title;
}

/** The survey as a respondent sees it, placeholders filled from the meta fields. */
export function SurveyPreview({ name, description, metaFields, fields, interactive = true, withHeader = true }: SurveyPreviewProps) {
  const fill = (text: string) => fillPlaceholders(text, metaFields);
  let number = 0;

  return (
    <Stack gap="md" data-testid="survey-preview">
      {withHeader && (
        <div>
          <Text fw={700} fz="lg" style={{ overflowWrap: "anywhere" }}>
            {name.trim() || "Your survey name"}
          </Text>
          <Text c="dimmed" size="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {description.trim() || "Your description appears here."}
          </Text>
        </div>
      )}
      {fields.map((field, index) => {
        number += 1;
        const question = fill(field.question) || "Write the question";
        const label = `${number}. ${question}`;
        return (
          <Stack key={field.key} gap={6}>
            {startsMatrix(fields, index) && field.title && (
              <Text fw={700} size="sm" mt="xs">
                {fill(field.title)}
              </Text>
            )}
            <Paper withBorder p="sm" radius="md">
              {field.answerType === "Radio" ? (
                <Radio.Group label={label} withAsterisk={field.required} name={`preview-${field.key}`}>
                  <Group gap="xs" mt={6}>
                    {field.radioOptions.map((option, optionIndex) => (
                      <Radio
                        key={optionIndex}
                        value={`${optionIndex}`}
                        label={option || `Option ${optionIndex + 1}`}
                        disabled={!interactive}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              ) : (
                <Textarea
                  label={label}
                  withAsterisk={field.required}
                  placeholder="Answer in your own words"
                  autosize
                  minRows={2}
                  disabled={!interactive}
                />
              )}
              {!interactive && !field.required && (
                <Badge variant="light" color="gray" size="xs" mt={6}>
                  Optional
                </Badge>
              )}
            </Paper>
          </Stack>
        );
      })}
    </Stack>
  );
}
