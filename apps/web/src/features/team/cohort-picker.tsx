import { type CohortOption, COHORT_PICKER_REVEAL_MS, TOAST_DURATION_MS } from "@hearth/shared";
import { Badge, Button, Checkbox, Group, Loader, Popover, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChevronDown, IconSearch } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer, useState } from "react";
import { errorMessage } from "../../lib/api";
import { cohortKey, pickerReducer, revealedCount } from "../comments";
import { type MemberRef, saveAssignedCohorts, teamKeys, useAssignedCohorts, useSurveyCohorts } from "./team-api";

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));

/**
 * A team member's cohorts for one survey (spec surveys §2 screen 11, §4): saved → open → loading → saved. Saving happens
 * when the menu closes, only after a change and only with at least one cohort; a failed save is reported ("HTTP error!
 * status …") and leaves the picker closed with the last saved cohorts. Up to 100 cohorts are listed, revealed 100 a
 * second.
 */
export function CohortPicker({ surveyId, member }: { surveyId: string; member: MemberRef }) {
  const client = useQueryClient();
  const [state, dispatch] = useReducer(pickerReducer, "saved");
  const assigned = useAssignedCohorts(surveyId, member, true);
  const options = useSurveyCohorts(surveyId);
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState("");
  const [ticks, setTicks] = useState(0);
  const saved = (assigned.data?.assignedCohorts ?? []).map(cohortKey);
  const open = state === "open";

  useEffect(() => {
    if (!open) return;
    setTicks(0);
    const timer = setInterval(() => setTicks((value) => value + 1), COHORT_PICKER_REVEAL_MS);
    return () => clearInterval(timer);
  }, [open]);

  const all = options.data?.cohorts ?? [];
  const matching = all.filter((option) => option.label.toLowerCase().includes(search.trim().toLowerCase()));
  const shown = matching.slice(0, revealedCount(matching.length, ticks));

  const onOpen = () => {
    setSelected(saved);
    setSearch("");
    dispatch({ type: "open" });
  };

  const onClose = async () => {
    const changed = !sameSet(selected, saved);
    dispatch({ type: "close", selected: selected.length, changed });
    if (!changed || selected.length === 0) return;
    const cohorts = selected
      .map((key) => all.find((option) => cohortKey(option) === key))
      .filter((option): option is CohortOption => option !== undefined);
    try {
      const result = await saveAssignedCohorts(surveyId, member, cohorts);
      client.setQueryData(teamKeys.assigned(surveyId, member.userId ?? member.email), result);
      dispatch({ type: "done" });
      notifications.show({ color: "teal", message: "Cohorts saved", autoClose: TOAST_DURATION_MS });
    } catch (error) {
      dispatch({ type: "failed" });
      notifications.show({ color: "red", title: "Cohorts not saved", message: errorMessage(error), autoClose: TOAST_DURATION_MS });
    }
  };

  const label =
    saved.length === 0
      ? "Assign cohorts"
      : saved.length === 1
        ? (assigned.data?.assignedCohorts[0]?.label ?? "1 cohort")
        : `${saved.length} cohorts`;

  return (
    <Popover
      opened={open}
      onChange={(next) => (next ? onOpen() : void onClose())}
      position="bottom-start"
      width={320}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Button
          variant={saved.length ? "light" : "default"}
          size="compact-sm"
          rightSection={state === "loading" || assigned.isPending ? <Loader size={12} /> : <IconChevronDown size={14} aria-hidden />}
          onClick={() => (open ? void onClose() : onOpen())}
          disabled={state === "loading" || assigned.isPending}
          data-testid="cohort-picker"
          data-state={state}
          aria-label={`${assigned.isError ? "Cohorts unavailable" : label}: cohorts of ${member.email}`}
          maw={240}
        >
          <Text span size="sm" truncate>
            {assigned.isError ? "Cohorts unavailable" : label}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {options.isPending ? (
            <Loader size="sm" />
          ) : options.isError ? (
            <Text size="sm" c="red">
              {errorMessage(options.error)}
            </Text>
          ) : all.length === 0 ? (
            <Text size="sm" c="dimmed">
              This survey has no cohort questions.
            </Text>
          ) : (
            <>
              {all.length > 8 && (
                <TextInput
                  size="xs"
                  placeholder="Find a cohort"
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  leftSection={<IconSearch size={14} aria-hidden />}
                  aria-label="Find a cohort"
                />
              )}
              <ScrollArea.Autosize mah={280} type="auto">
                <Checkbox.Group value={selected} onChange={setSelected} aria-label="Cohorts">
                  <Stack gap={6} pr="sm">
                    {shown.map((option) => (
                      <Checkbox key={cohortKey(option)} value={cohortKey(option)} label={option.label} size="sm" />
                    ))}
                  </Stack>
                </Checkbox.Group>
              </ScrollArea.Autosize>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c={selected.length === 0 ? "red" : "dimmed"}>
                  {selected.length === 0 ? "Select at least one cohort to save." : `${selected.length} selected · saved when you close`}
                </Text>
                <Button size="compact-xs" onClick={() => void onClose()}>
                  Done
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function PendingBadge() {
  return (
    <Badge variant="light" color="gray" size="sm">
      Not signed up yet
    </Badge>
  );
}
