import type { SurveyDetail } from "@hearth/shared";
import { Alert, Button, Stack, Tabs } from "@mantine/core";
import { IconDatabaseImport, IconFileUpload, IconHistory, IconLink, IconUserPlus } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { CsvUploadTab } from "./csv-upload-tab";
import { parseRecipientTab, type RecipientTab } from "./invite-params";
import { ManualRecipientTab } from "./manual-recipient-tab";
import { PreviousMembersTab } from "./previous-members-tab";
import { RecipientTable } from "./recipient-table";
import { ShareUrlTab } from "./share-url-tab";
import type { RecipientList } from "./use-recipient-list";

const TAB_LABELS: Record<RecipientTab, { label: string; icon: typeof IconFileUpload }> = {
  csv: { label: "Upload .csv File", icon: IconFileUpload },
  manual: { label: "Add Manually", icon: IconUserPlus },
  share: { label: "Share URL", icon: IconLink },
  previous: { label: "Previously Invited Members", icon: IconHistory },
  imported: { label: "Imported Employees", icon: IconDatabaseImport },
};

interface RecipientsStepProps {
  survey: SurveyDetail;
  list: RecipientList;
}

/** Step 1: five ways to add people (the tab sits in ?tab=), one list below. */
export function RecipientsStep({ survey, list }: RecipientsStepProps) {
  const [params, setParams] = useSearchParams();
  const tab = parseRecipientTab(params.get("tab"));

  function chooseTab(value: string | null) {
    const next = new URLSearchParams(params);
    next.set("tab", parseRecipientTab(value));
    setParams(next, { replace: true });
  }

  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={chooseTab} keepMounted={false} variant="pills">
        <Tabs.List aria-label="Ways to add recipients" data-tour="invite-recipient-ways">
          {(Object.keys(TAB_LABELS) as RecipientTab[]).map((value) => {
            const { label, icon: Icon } = TAB_LABELS[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />} data-testid={`recipient-tab-${value}`}>
                {label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="csv" pt="md">
          <CsvUploadTab onAdd={list.add} />
        </Tabs.Panel>
        <Tabs.Panel value="manual" pt="md">
          <ManualRecipientTab onAdd={list.add} />
        </Tabs.Panel>
        <Tabs.Panel value="share" pt="md">
          <ShareUrlTab link={survey.inviteLink} surveyName={survey.name} />
        </Tabs.Panel>
        <Tabs.Panel value="previous" pt="md">
          <PreviousMembersTab onAdd={list.add} source="previous" />
        </Tabs.Panel>
        <Tabs.Panel value="imported" pt="md">
          <PreviousMembersTab onAdd={list.add} source="imported" />
        </Tabs.Panel>
      </Tabs>
      {list.check.error && (
        <Alert color="yellow" variant="light" role="alert">
          We could not check who was already invited ({list.check.error}). People already invited are still skipped when the invitation is
          sent.
          <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => void list.checkNow().catch(() => undefined)}>
            Check again
          </Button>
        </Alert>
      )}
      <RecipientTable list={list} />
    </Stack>
  );
}
