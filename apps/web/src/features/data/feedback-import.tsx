/**
 * The feedback side of /dashboard/data/import (issue 14 item 2, decision 0046): the choice of what a file holds, and
 * for survey answers and feedback the "Select Data Columns" modal — every column of the file with what it seems to hold
 * (comment text, choice, rating scale), those that identify a person shown but never selectable — then the upload and
 * the start of the import.
 */
import {
  COHORT_MAX_VALUES,
  type DataImportKind,
  FEEDBACK_MAX_COLUMNS,
  FEEDBACK_TYPE_LABELS,
  type FeedbackColumnProfile,
  type FeedbackColumnType,
  optionsForType,
} from "@hearth/shared";
import { Alert, Badge, Button, Card, Checkbox, Group, Modal, NativeSelect, Progress, SegmentedControl, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconLock } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { uploadFile, useStartImport } from "./data-api";

const plural = (value: number, word: string) => `${value.toLocaleString("en-US")} ${value === 1 ? word : `${word}s`}`;

/** What the file holds: chosen before it is read (the two kinds are read differently). */
export function ImportKindChoice({ value, onChange }: { value: DataImportKind; onChange: (kind: DataImportKind) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="import-kind-label">
        What does the file hold?
      </Text>
      <SegmentedControl
        aria-labelledby="import-kind-label"
        data-testid="import-kind"
        value={value}
        onChange={(next) => onChange(next as DataImportKind)}
        data={[
          { value: "demographics", label: "Employee attributes" },
          { value: "feedback", label: "Survey answers & feedback" },
        ]}
        fullWidth
        maw={520}
      />
      <Text size="xs" c="dimmed">
        {value === "demographics"
          ? "One row per person with an email column: department, location, age, tenure and the like."
          : "Answers collected elsewhere, one row per response: comments, choices and ratings. Imported without names."}
      </Text>
    </Stack>
  );
}

interface Choice {
  selected: boolean;
  type: FeedbackColumnType;
}

const importable = (profile: FeedbackColumnProfile) => profile.type !== null && profile.filled > 0;

function initialChoices(profiles: readonly FeedbackColumnProfile[]): Choice[] {
  let taken = 0;
  return profiles.map((profile) => {
    const selected = importable(profile) && taken < FEEDBACK_MAX_COLUMNS;
    if (selected) taken += 1;
    return { selected, type: profile.type ?? "comment" };
  });
}

/** A column's line in the modal: its checkbox, what it holds, and for an importable one the type to import it as. */
function ColumnChoice({
  profile,
  choice,
  full,
  onChange,
}: {
  profile: FeedbackColumnProfile;
  choice: Choice;
  full: boolean;
  onChange: (next: Choice) => void;
}) {
  const name = profile.header || `Column ${profile.index + 1}`;
  const options = optionsForType(profile, choice.type);
  const description = profile.identity
    ? profile.identity
    : profile.filled === 0
      ? "No values in this column."
      : `${plural(profile.filled, "answer")} · e.g. ${(choice.type === "comment" ? profile.samples.slice(0, 1) : profile.samples).map((sample) => `“${sample}”`).join(", ")}`;
  return (
    <Card withBorder padding="sm" data-testid={`feedback-column-${profile.index}`} bg={profile.identity ? "gray.0" : undefined}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Checkbox
          name={`column-${profile.index}`}
          style={{ flex: 1, minWidth: 200 }}
          checked={choice.selected}
          disabled={!importable(profile) || (!choice.selected && full)}
          onChange={(event) => onChange({ ...choice, selected: event.currentTarget.checked })}
          label={
            <Group gap={6} wrap="nowrap">
              {profile.identity && <IconLock size={14} aria-hidden />}
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {name}
              </Text>
            </Group>
          }
          description={description}
          styles={{ description: { overflowWrap: "anywhere" } }}
        />
        {profile.identity ? (
          <Badge variant="light" color="gray">
            Not importable
          </Badge>
        ) : (
          importable(profile) && (
            <Group gap={6} wrap="nowrap">
              {choice.type === "choice" && options.length <= COHORT_MAX_VALUES && (
                <Badge variant="light" color="teal" title="The reports can be filtered by this column">
                  Cohort
                </Badge>
              )}
              <NativeSelect
                size="xs"
                aria-label={`What ${name} holds`}
                value={choice.type}
                onChange={(event) => onChange({ ...choice, type: event.currentTarget.value as FeedbackColumnType })}
                data={profile.allowed.map((type) => ({ value: type, label: FEEDBACK_TYPE_LABELS[type] }))}
                w={150}
              />
            </Group>
          )
        )}
      </Group>
    </Card>
  );
}

/**
 * A parsed feedback file: the "Select Data Columns" modal (open at once), a summary behind it, then the upload and
 * the start. `onStarted` gets the new import's id.
 */
export function FeedbackImportStep({
  file,
  totalRows,
  profiles,
  onDiscard,
  onStarted,
}: {
  file: File;
  totalRows: number;
  profiles: FeedbackColumnProfile[] | null;
  onDiscard: () => void;
  onStarted: (importId: string) => void;
}) {
  const phone = useMediaQuery("(max-width: 36em)", false);
  const start = useStartImport();
  const [opened, setOpened] = useState(true);
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const current = choices ?? (profiles ? initialChoices(profiles) : []);
  const selected = profiles ? profiles.filter((_, index) => current[index]?.selected) : [];
  const full = selected.length >= FEEDBACK_MAX_COLUMNS;
  const identityColumns = profiles?.filter((profile) => profile.identity) ?? [];
  const identities = identityColumns.length;
  const identityNames = identityColumns.map((profile) => profile.header || `Column ${profile.index + 1}`).join(", ");
  const busy = uploading !== null || start.isPending;

  const runImport = async () => {
    if (!profiles || selected.length === 0) return;
    setError(null);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      setUploading(0);
      const stored = await uploadFile(file, "imports", (loaded, total) => setUploading(loaded / Math.max(1, total)), controller.signal);
      const created = await start.mutateAsync({
        uploadId: stored.id,
        kind: "feedback",
        columns: selected.map((profile) => {
          const type = current[profile.index].type;
          return { index: profile.index, header: profile.header, type, options: optionsForType(profile, type) };
        }),
      });
      onStarted(created.id);
    } catch (failure) {
      setError(errorMessage(failure, "The import could not start. Please try again."));
    } finally {
      setUploading(null);
    }
  };

  const discard = () => {
    abortRef.current?.abort();
    onDiscard();
  };

  const disabledReason = !profiles ? "Reading the columns…" : selected.length === 0 ? "Select at least one column to import." : null;

  return (
    <>
      <Card withBorder data-testid="feedback-summary">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={0}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {file.name}
              </Text>
              <Text size="sm" c="dimmed">
                {plural(totalRows, "response")} · {plural(selected.length, "column")} selected
              </Text>
            </Stack>
            <Group gap="xs">
              <Button variant="default" onClick={discard}>
                Discard File
              </Button>
              <Button onClick={() => setOpened(true)} disabled={!profiles}>
                Select Data Columns
              </Button>
            </Group>
          </Group>
          {selected.length > 0 && (
            <Group gap={6}>
              {selected.map((profile) => (
                <Badge key={profile.index} variant="light" color="gray" tt="none">
                  {profile.header || `Column ${profile.index + 1}`} · {FEEDBACK_TYPE_LABELS[current[profile.index].type]}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Card>
      <Modal
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title={<Text fw={700}>Select Data Columns</Text>}
        size="lg"
        fullScreen={phone}
        data-testid="feedback-columns-modal"
      >
        <Stack gap="sm">
          <Text size="sm">
            Each column you select becomes a question of an anonymous survey, each of the file's {plural(totalRows, "row")} one response.
            Comments are analysed for sentiment, emotion and themes; a choice of up to {COHORT_MAX_VALUES} values becomes a cohort your
            reports can be filtered by, never below your visibility threshold.
          </Text>
          {identities > 0 && (
            <Alert color="gray" variant="light" icon={<IconLock size={16} aria-hidden />} p="xs">
              <Text size="sm">
                {identityNames} {identities === 1 ? "identifies" : "identify"} a person (an email, a name or an id), so{" "}
                {identities === 1 ? "it cannot" : "they cannot"} be imported: feedback is kept without names so it stays anonymous.
              </Text>
            </Alert>
          )}
          {profiles ? (
            <Stack gap={6} role="group" aria-label="Columns of the file">
              {profiles.map((profile) => (
                <ColumnChoice
                  key={profile.index}
                  profile={profile}
                  choice={current[profile.index]}
                  full={full}
                  onChange={(next) => setChoices(current.map((choice, index) => (index === profile.index ? next : choice)))}
                />
              ))}
            </Stack>
          ) : (
            <Text size="sm">Reading the columns…</Text>
          )}
          {full && (
            <Text size="xs" c="dimmed">
              An import takes at most {FEEDBACK_MAX_COLUMNS} columns.
            </Text>
          )}
          {uploading !== null && (
            <Stack gap={4} data-testid="upload-progress">
              <Text size="sm">Uploading… {Math.round(uploading * 100)}%</Text>
              <Progress value={uploading * 100} aria-label="Upload progress" />
            </Stack>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {/* stays in view at the bottom of a long list (the whole screen on a phone) */}
          <Group
            justify="space-between"
            align="center"
            wrap="wrap"
            gap="xs"
            py="xs"
            style={{ position: "sticky", bottom: 0, background: "var(--mantine-color-body)", zIndex: 1 }}
          >
            <Text size="sm" c={disabledReason ? "red.8" : "dimmed"} data-testid="feedback-import-reason">
              {disabledReason ?? `${plural(selected.length, "column")} will be imported.`}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
                Cancel
              </Button>
              <Button
                onClick={() => void runImport()}
                disabled={disabledReason !== null}
                loading={busy}
                data-testid="feedback-import-button"
              >
                Import
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
