import type { SurveyField } from "@hearth/shared";
import { Badge, Button, Card, Collapse, Group, List, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChevronDown, IconChevronUp, IconLock } from "@tabler/icons-react";

const answerLabel = (field: SurveyField) =>
  field.answerType === "Radio" ? `Choose one of ${field.radioOptions.length}` : "Written answer";

/** The questions that come with the survey type: listed read-only, locked in place. */
export function DefaultQuestions({ fields }: { fields: SurveyField[] }) {
  const [opened, { toggle }] = useDisclosure(fields.length <= 10);
  if (fields.length === 0) return null;

  return (
    <Card padding="md" bg="gray.0" data-testid="default-questions">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconLock size={16} aria-hidden />
          <Text fw={600} size="sm">
            {fields.length} {fields.length === 1 ? "question comes" : "questions come"} with this survey type
          </Text>
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          rightSection={opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
          aria-expanded={opened}
        >
          {opened ? "Hide" : "Show"} questions
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        They can't be changed, moved or removed, so results stay comparable. Add questions of your own below.
      </Text>
      <Collapse expanded={opened}>
        <List type="ordered" spacing={6} mt="sm" size="sm">
          {fields.map((field) => (
            <List.Item key={field.key}>
              <Text size="sm" span>
                {field.questionType === "Matrix" && field.title ? `${field.title} — ` : ""}
                {field.question}
              </Text>{" "}
              <Badge size="xs" variant="light" color="gray">
                {answerLabel(field)}
              </Badge>
            </List.Item>
          ))}
        </List>
      </Collapse>
    </Card>
  );
}
