import { canRemoveOption, showsAddOptionButton } from "@hearth/shared";
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";

interface OptionListProps {
  questionNumber: number;
  options: string[];
  error?: string;
  onChange: (options: string[]) => void;
}

/** A choice question's options: the first can't be removed; the add button sits on the last. */
export function OptionList({ questionNumber, options, error, onChange }: OptionListProps) {
  const set = (index: number, value: string) => onChange(options.map((option, at) => (at === index ? value : option)));

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Options
      </Text>
      {options.map((option, index) => (
        <Group key={index} gap={6} wrap="nowrap" align="center">
          <TextInput
            aria-label={`Question ${questionNumber}, option ${index + 1}`}
            placeholder={`Option ${index + 1}`}
            value={option}
            onChange={(event) => set(index, event.currentTarget.value)}
            style={{ flex: 1 }}
            size="sm"
          />
          {canRemoveOption(index) ? (
            <Tooltip label="Remove option">
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                aria-label={`Remove option ${index + 1} of question ${questionNumber}`}
                onClick={() => onChange(options.filter((_, at) => at !== index))}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <div style={{ width: 36 }} aria-hidden />
          )}
          {showsAddOptionButton(index, options.length) ? (
            <Tooltip label="Add option">
              <ActionIcon
                variant="light"
                size={36}
                aria-label={`Add an option to question ${questionNumber}`}
                onClick={() => onChange([...options, ""])}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <div style={{ width: 36 }} aria-hidden />
          )}
        </Group>
      ))}
      {options.length === 0 && (
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange([""])} w="fit-content">
          Add option
        </Button>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
