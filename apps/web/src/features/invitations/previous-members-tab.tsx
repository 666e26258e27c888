import type { Recipient } from "@hearth/shared";
import { Alert, Anchor, Button, Grid, Loader, Select, Stack, Text } from "@mantine/core";
import { IconUsersPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api";
import { fetchImportedPeople, fetchInviteesByCohort, useCohortOptions, useImportedCohortOptions } from "./invitation-api";
import { fetchAllCohortPages, previousMembersAsRecipients } from "./previous-members";
import type { AddResult } from "./use-recipient-list";

const EVERYONE = "__everyone__";

type Outcome = { kind: "added"; text: string } | { kind: "error"; text: string };

/** Where the tab's people come from: earlier invitations, or the company's imported employee data (decision 0045). */
export type MemberSource = "previous" | "imported";

const SOURCE_TEXT: Record<MemberSource, { intro: string; everyone: string; button: string; empty: string }> = {
  previous: {
    intro: "Invite people your company invited to earlier surveys. Their names and cohort fields are taken from their earlier invitations.",
    everyone: "Everyone invited before",
    button: "Add members",
    empty: "No one was found in this group.",
  },
  imported: {
    intro:
      "Invite people from your imported employee data. Their names and cohort fields (department, location, team and the like) come from the import, so their answers count in those cohorts in the reports. Answers are never tied to the person.",
    everyone: "Everyone imported",
    button: "Add employees",
    empty: "No imported employee was found in this group.",
  },
};

/** Tab "Previously Invited Members" or "Imported Employees": everyone, or one cohort of them. */
export function PreviousMembersTab({ onAdd, source }: { onAdd: (recipients: Recipient[]) => AddResult; source: MemberSource }) {
  const previousCohorts = useCohortOptions(source === "previous");
  const importedCohorts = useImportedCohortOptions(source === "imported");
  const cohorts = source === "imported" ? importedCohorts : previousCohorts;
  const text = SOURCE_TEXT[source];
  const fetchPage = source === "imported" ? fetchImportedPeople : fetchInviteesByCohort;
  const [key, setKey] = useState<string>(EVERYONE);
  const [value, setValue] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const groups = cohorts.data ?? [];
  const group = groups.find((item) => item.key === key);
  const needsValue = key !== EVERYONE;

  async function addMembers() {
    if (needsValue && !value) return;
    setLoading(true);
    setOutcome(null);
    try {
      const filter = needsValue && value ? { key, value } : undefined;
      const all = await fetchAllCohortPages((page) => fetchPage(page, filter));
      const recipients = previousMembersAsRecipients(all.invitees);
      const result = onAdd(recipients);
      const people = (n: number) => (n === 1 ? "1 person" : `${n.toLocaleString("en-US")} people`);
      setOutcome({
        kind: "added",
        text:
          recipients.length === 0
            ? text.empty
            : `Added ${people(result.added)}${result.alreadyListed > 0 ? ` (${people(result.alreadyListed)} already in the list)` : ""}.`,
      });
    } catch (error) {
      setOutcome({ kind: "error", text: error instanceof Error ? error.message : errorMessage(error) });
    } finally {
      setLoading(false);
    }
  }

  if (cohorts.isPending) return <Loader size="sm" aria-label="Loading cohorts" />;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {text.intro}
      </Text>
      {source === "imported" && cohorts.isSuccess && groups.length === 0 && (
        <Text size="sm">
          No imported employee has a department, location or other cohort field yet.{" "}
          <Anchor component={Link} to="/dashboard/data/import">
            Import employee data
          </Anchor>
        </Text>
      )}
      {cohorts.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(cohorts.error)} You can still add everyone invited before.
        </Alert>
      )}
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Group"
            data={[{ value: EVERYONE, label: text.everyone }, ...groups.map((item) => ({ value: item.key, label: item.label }))]}
            value={key}
            onChange={(next) => {
              setKey(next ?? EVERYONE);
              setValue(null);
            }}
            allowDeselect={false}
            data-testid={`${source}-cohort-key`}
          />
        </Grid.Col>
        {needsValue && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={group?.label ?? "Value"}
              placeholder="Choose one"
              data={(group?.values ?? []).map((item) => ({
                value: item.value,
                label: `${item.value} (${item.count.toLocaleString("en-US")})`,
              }))}
              value={value}
              onChange={setValue}
              searchable
              nothingFoundMessage="Nothing found"
              required
              data-testid={`${source}-cohort-value`}
            />
          </Grid.Col>
        )}
      </Grid>
      <Button
        leftSection={<IconUsersPlus size={16} aria-hidden />}
        onClick={() => void addMembers()}
        loading={loading}
        disabled={needsValue && !value}
        w="fit-content"
        data-testid={`add-${source}-members`}
      >
        {text.button}
      </Button>
      {outcome?.kind === "error" && (
        <Alert color="red" variant="light" role="alert" data-testid={`${source}-members-error`}>
          {outcome.text}
        </Alert>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {outcome?.kind === "added" ? outcome.text : ""}
      </Text>
    </Stack>
  );
}
