import type { CohortOptionsResponse } from "@hearth/shared";
import { Button, CloseButton, Group, Select, TextInput } from "@mantine/core";
import { IconFilterOff, IconSearch } from "@tabler/icons-react";

interface InviteeFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  cohorts: CohortOptionsResponse["cohorts"] | undefined;
  cohortsUnavailable: boolean;
  cohortKey: string | null;
  cohortValue: string | null;
  onCohort: (key: string | null, value: string | null) => void;
  onClear: () => void;
}

/** A name or email search, and a cohort filter in two steps: the field, then one of its values. */
export function InviteeFilters({
  search,
  onSearch,
  cohorts,
  cohortsUnavailable,
  cohortKey,
  cohortValue,
  onCohort,
  onClear,
}: InviteeFiltersProps) {
  const cohort = cohorts?.find((entry) => entry.key === cohortKey);
  const filtered = Boolean(search.trim() || cohortKey);
  const noCohorts = !cohortsUnavailable && cohorts !== undefined && cohorts.length === 0;

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Name or email"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearch("")} /> : null}
        type="search"
        w={{ base: "100%", xs: 260 }}
        data-testid="company-invitee-search"
      />
      <Select
        label="Cohort"
        placeholder={cohortsUnavailable ? "Unavailable right now" : noCohorts ? "No cohort fields yet" : "Any cohort"}
        data={(cohorts ?? []).map((entry) => ({ value: entry.key, label: entry.label }))}
        value={cohortKey}
        onChange={(key) => onCohort(key, null)}
        disabled={cohortsUnavailable || noCohorts || cohorts === undefined}
        clearable
        searchable
        nothingFoundMessage="No cohort field matches"
        w={{ base: "100%", xs: 200 }}
        data-testid="company-invitee-cohort"
      />
      <Select
        label="Value"
        placeholder={cohort ? "Choose a value" : "Choose a cohort first"}
        data={(cohort?.values ?? []).map((entry) => ({ value: entry.value, label: `${entry.value} (${entry.count})` }))}
        value={cohortValue}
        onChange={(value) => onCohort(cohortKey, value)}
        disabled={!cohort}
        clearable
        searchable
        nothingFoundMessage="No value matches"
        w={{ base: "100%", xs: 220 }}
        data-testid="company-invitee-cohort-value"
      />
      {filtered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
