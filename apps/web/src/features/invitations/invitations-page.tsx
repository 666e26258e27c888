import { describeSurveyStatus, type SurveyDetail } from "@hearth/shared";
import { Anchor, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconMailForward, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { QueryBoundary } from "../errors";
import { SentInviteesTable } from "../invitees";
import { useSurvey, invitesPath, SURVEYS_PATH, surveyKind, SurveyStatusBadge, type SurveyKind } from "../surveys";
import { TourLauncher, TOURS } from "../tutorials";
import { InviteFlow } from "./invite-flow";
import { isReminderMode, parseInviteView } from "./invite-params";

function InvitationsView({ survey }: { survey: SurveyDetail }) {
  const [params, setParams] = useSearchParams();
  const view = parseInviteView(params.get("view"));
  const reminder = isReminderMode(params);
  /** A new flow (fresh list and invitation id) after each invitation sent. */
  const [flowKey, setFlowKey] = useState(0);

  function chooseView(value: string | null) {
    const next = new URLSearchParams(params);
    if (value === "sent") next.set("view", "sent");
    else next.delete("view");
    setParams(next);
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: "anywhere" }} data-testid="survey-name">
            {survey.name || "Untitled survey"}
          </Title>
          <SurveyStatusBadge status={describeSurveyStatus(survey, Date.now())} />
        </Group>
        <Text c="dimmed">Invite people by email, share the survey's link, and follow who has been sent the survey.</Text>
        <TourLauncher tour={TOURS.invitations} />
      </Stack>
      <Tabs value={view} onChange={chooseView}>
        <Tabs.List aria-label="Invitations" data-tour="invite-views">
          <Tabs.Tab value="invite" leftSection={<IconSend size={16} aria-hidden />} data-testid="view-invite">
            Invite
          </Tabs.Tab>
          <Tabs.Tab value="sent" leftSection={<IconMailForward size={16} aria-hidden />} data-testid="view-sent">
            Sent Surveys
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invite" pt="lg">
          <InviteFlow
            key={`${flowKey}-${reminder}`}
            survey={survey}
            reminder={reminder}
            onFinished={() => {
              setFlowKey((current) => current + 1);
              setParams({ view: "sent" });
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="sent" pt="lg">
          {view === "sent" && <SentInviteesTable surveyId={survey.id} isLOWI={survey.isLOWI} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** /dashboard/surveys/{lowi|other}/{surveyId}/invitees: tabs Invite (?view absent) and Sent Surveys (?view=sent). */
export function InvitationsPage({ kind }: { kind: SurveyKind }) {
  const { surveyId } = useParams();
  const query = useSurvey(surveyId);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={SURVEYS_PATH} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          All surveys
        </Group>
      </Anchor>
      <QueryBoundary query={query}>
        {(survey) =>
          surveyKind(survey) === kind ? (
            <InvitationsView survey={survey} />
          ) : (
            <Navigate to={`${invitesPath(survey)}${window.location.search}`} replace />
          )
        }
      </QueryBoundary>
    </Stack>
  );
}
