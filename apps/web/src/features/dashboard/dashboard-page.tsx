import { type Dashboard, LARGE_COMPANY_HEADCOUNT, MESSAGES, type MeResponse } from "@hearth/shared";
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuilding, IconChartBar, IconCheck, IconCircleCheck, IconPlus, IconRosette, IconSend, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { canAccess, useMe } from "../auth";
import { HiddenNotice, hiddenResultsNotice, formatInterval, formatPercent, formatScore, ComparisonBadge, ScoreTrack } from "../reports";
import { useCompanyTimeZone, formatEndDate, invitesPath, NEW_SURVEY_PATH, reportPath, SURVEYS_PATH } from "../surveys";
import { AiHubCard } from "../labelling";
import { DashboardPlansCard } from "../action-plans";
import { useDashboard } from "./dashboard-api";
import { DashboardCertifications } from "./dashboard-certifications";

function CardTitle({ icon, children, color = "ember" }: { icon: ReactNode; children: ReactNode; color?: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={36} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} fz="lg">
        {children}
      </Title>
    </Group>
  );
}

function WelcomeCard({ me }: { me: MeResponse }) {
  const companyName = me.tenant.companyName?.trim() || MESSAGES.unnamedCompany;
  return (
    <Card bg="ember.0" data-testid="welcome-card">
      <Text c="ember.9" fw={600} size="sm">
        Welcome{me.user.firstName ? `, ${me.user.firstName}` : ""}
      </Text>
      <Title order={1} fz={{ base: 26, sm: 32 }} mt={4} data-testid="dashboard-company-name">
        {companyName}
      </Title>
      <Group gap="xs" mt="sm">
        <Badge variant="white" color="ember">
          {me.tenant.effectivePlan} plan
        </Badge>
        <Badge variant="white" color="gray">
          {me.tenant.companySize} company
        </Badge>
      </Group>
    </Card>
  );
}

function LatestLowiCard({ latest, canView }: { latest: Dashboard["latestLowi"]; canView: boolean }) {
  return (
    <Card data-testid="dashboard-latest-lowi">
      <Stack gap="sm">
        <CardTitle icon={<IconChartBar size={20} />}>Latest LOWI™ score</CardTitle>
        {!latest ? (
          <Text c="dimmed">Once your company runs a Love of Workplace Index™ survey, its score and benchmark appear here.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {latest.name} · {latest.responses.toLocaleString("en-US")} {latest.responses === 1 ? "response" : "responses"}
            </Text>
            {latest.hidden ? (
              <HiddenNotice notice={hiddenResultsNotice("Scores")} title="Score hidden" />
            ) : latest.love ? (
              <Stack gap={8}>
                <Group gap={6} align="baseline" wrap="nowrap">
                  <Text fz={40} fw={700} lh={1} data-testid="dashboard-love-score">
                    {formatScore(latest.love.score)}
                  </Text>
                  <Text c="dimmed">/ 5</Text>
                  <Text size="sm" c="dimmed" ml="auto">
                    {formatPercent(latest.love.percent)}
                  </Text>
                </Group>
                <ScoreTrack score={latest.love.score} benchmark={latest.love.benchmark} hideBar={latest.love.hideBar} />
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm">
                    Benchmark {latest.love.benchmark > 0 ? formatScore(latest.love.benchmark) : "none"}
                    {latest.benchmarkYear ? ` (${latest.benchmarkYear})` : ""}
                  </Text>
                  <ComparisonBadge comparison={latest.love.comparison} note={latest.love.benchmarkNote} />
                </Group>
                <Text size="xs" c="dimmed">
                  {formatInterval(latest.love.ci) ? `95% interval ${formatInterval(latest.love.ci)}` : "Too few answers for a 95% interval"}
                </Text>
              </Stack>
            ) : (
              <Text c="dimmed">No score yet: nobody has answered the survey.</Text>
            )}
            {canView && (
              <Button component={Link} to={reportPath({ id: latest.surveyId, isLOWI: true })} variant="light" w="fit-content">
                View report
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Which half of the response rule applies (spec accounts §9): a third of the staff, or 1,000 above 3,000 people. */
function ruleText(headcount: number): string {
  const people = headcount.toLocaleString("en-US");
  return headcount > LARGE_COMPANY_HEADCOUNT
    ? `(1,000 for a company of ${people} employees, as it has more than ${LARGE_COMPANY_HEADCOUNT.toLocaleString("en-US")})`
    : `(one third of ${people} employees)`;
}

const RULE_LABELS: Record<NonNullable<Dashboard["certification"]>["checks"][number]["rule"], string> = {
  survey: "LOWI survey",
  closed: "Survey closed",
  responses: "Responses",
  score: "Score",
  threshold: "Enough answers",
  recommend: "Recommendation",
};

/** Certification progress: each rule of docs/decisions/0035 met or not, and the step that comes next. */
function CertificationCard({ certification }: { certification: Dashboard["certification"] }) {
  const value = certification && certification.required > 0 ? Math.min(100, (certification.responses / certification.required) * 100) : 0;
  const met = certification ? certification.eligible : false;
  const responsesMet = certification ? certification.remaining === 0 : false;
  return (
    <Card data-testid="dashboard-certification">
      <Stack gap="sm">
        <CardTitle icon={met ? <IconCircleCheck size={20} /> : <IconRosette size={20} />} color={met ? "teal" : "ember"}>
          Certification progress
        </CardTitle>
        {!certification ? (
          <Text c="dimmed">
            Certification needs a LOWI™ survey answered by enough of your people. Progress appears here once the survey is running and your
            company profile gives your headcount.
          </Text>
        ) : (
          <>
            <Text fw={600} data-testid="dashboard-certification-message">
              {met
                ? `Eligible for the ${certification.year} certification.`
                : `Not eligible for the ${certification.year} certification yet.`}
            </Text>
            <Progress value={value} color={responsesMet ? "teal" : "ember"} size="lg" aria-label="Responses toward certification" />
            <Text size="sm" c="dimmed">
              {certification.responses.toLocaleString("en-US")} of {certification.required.toLocaleString("en-US")} responses
              {certification.headcount ? ` ${ruleText(certification.headcount)}` : ""}
            </Text>
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }} aria-label="Certification rules">
              {certification.checks.map((check) => (
                <li key={check.rule} data-testid={`dashboard-certification-rule-${check.rule}`} data-met={check.met}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={20} radius="xl" variant="light" color={check.met ? "teal" : "gray"} aria-hidden>
                      {check.met ? <IconCheck size={14} /> : <IconX size={14} />}
                    </ThemeIcon>
                    <Text size="sm">
                      <Text span fw={600} size="sm">
                        {RULE_LABELS[check.rule]} — {check.met ? "met" : "not met"}:
                      </Text>{" "}
                      {check.text}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
            {certification.nextStep.href ? (
              <Anchor component={Link} to={certification.nextStep.href} fw={600} data-testid="dashboard-certification-next">
                {certification.nextStep.label}
              </Anchor>
            ) : (
              <Text size="sm" fw={600} data-testid="dashboard-certification-next">
                {certification.nextStep.label}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function ActiveSurveysCard({ dashboard, me, timeZone }: { dashboard: Dashboard; me: MeResponse; timeZone: string }) {
  const canView = canAccess(me, "report-view");
  return (
    <Card component="section" aria-label="Active surveys" data-testid="dashboard-active-surveys">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <CardTitle icon={<IconSend size={20} />}>Active surveys</CardTitle>
          {canAccess(me, "survey-view") && (
            <Anchor component={Link} to={SURVEYS_PATH} size="sm">
              All surveys
            </Anchor>
          )}
        </Group>
        {dashboard.activeSurveys.length === 0 ? (
          <Text c="dimmed">No survey is open right now.</Text>
        ) : (
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
            {dashboard.activeSurveys.map((survey) => (
              <li key={survey.id} data-testid="dashboard-survey" data-survey-id={survey.id}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {survey.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {survey.isLowi ? "LOWI™ survey" : "Survey"} · ends {formatEndDate(survey.endDate, timeZone)}
                    </Text>
                  </Stack>
                  {canView && (
                    <Anchor
                      component={Link}
                      to={reportPath({ id: survey.id, isLOWI: survey.isLowi })}
                      size="sm"
                      style={{ whiteSpace: "nowrap" }}
                    >
                      View report
                    </Anchor>
                  )}
                </Group>
                <Group gap="xs" mt={6} wrap="nowrap">
                  <Progress
                    value={Math.min(100, survey.responseRate ?? 0)}
                    style={{ flex: 1 }}
                    aria-label={`Response rate of ${survey.name}`}
                  />
                  <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                    {survey.responses.toLocaleString("en-US")} {survey.responses === 1 ? "response" : "responses"}
                    {survey.responseRate === null ? "" : ` · ${formatPercent(survey.responseRate)}`}
                  </Text>
                </Group>
                {survey.responseRate === null && (
                  <Text size="xs" c="dimmed">
                    Nobody was invited by email yet, so there is no response rate.
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function QuickActions({ dashboard, me }: { dashboard: Dashboard | undefined; me: MeResponse }) {
  const canEdit = canAccess(me, "survey-edit");
  const canView = canAccess(me, "report-view");
  const firstActive = dashboard?.activeSurveys[0];
  const reportTarget = dashboard?.latestLowi
    ? reportPath({ id: dashboard.latestLowi.surveyId, isLOWI: true })
    : firstActive
      ? reportPath({ id: firstActive.id, isLOWI: firstActive.isLowi })
      : null;
  const actions = [
    canEdit && (
      <Button key="new" component={Link} to={NEW_SURVEY_PATH} leftSection={<IconPlus size={18} aria-hidden />}>
        New survey
      </Button>
    ),
    canEdit && firstActive && (
      <Button
        key="invite"
        component={Link}
        to={invitesPath({ id: firstActive.id, isLOWI: firstActive.isLowi })}
        variant="light"
        leftSection={<IconSend size={18} aria-hidden />}
      >
        Invite people
      </Button>
    ),
    canView && reportTarget && (
      <Button key="report" component={Link} to={reportTarget} variant="light" leftSection={<IconChartBar size={18} aria-hidden />}>
        View report
      </Button>
    ),
  ].filter(Boolean);
  if (actions.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="dashboard-quick-actions" aria-label="Quick actions" role="group">
      {actions}
    </Group>
  );
}

function ProfileCard({ me }: { me: MeResponse }) {
  const canEditProfile = canAccess(me, "company-profile");
  return (
    <Card>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color={me.tenant.profileComplete ? "teal" : "ember"} aria-hidden>
          {me.tenant.profileComplete ? <IconCircleCheck size={24} /> : <IconBuilding size={24} />}
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={2} fz="lg">
            Company profile
          </Title>
          {me.tenant.profileComplete ? (
            <Text c="dimmed">Your company profile is complete.</Text>
          ) : (
            <Text c="dimmed">
              Your company profile is not complete yet. A complete profile is needed for the Love of Workplace Index survey.
            </Text>
          )}
          {canEditProfile && (
            <Button component={Link} to="/dashboard/profile" variant={me.tenant.profileComplete ? "default" : "filled"} w="fit-content">
              {me.tenant.profileComplete ? "View company profile" : "Complete your profile"}
            </Button>
          )}
          {!canEditProfile && !me.tenant.profileComplete && <Text size="sm">Ask your company leader to complete it.</Text>}
        </Stack>
      </Group>
    </Card>
  );
}

/** /dashboard: the welcome, quick actions, active surveys, the latest LOWI™ score, certification progress and the badges held. */
export function DashboardPage() {
  const { data: me } = useMe();
  const dashboard = useDashboard();
  const { timeZone } = useCompanyTimeZone(me ?? undefined);
  if (!me) return null;

  let body: ReactNode;
  if (dashboard.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading survey results" />
      </Group>
    );
  } else if (dashboard.isError && isApiError(dashboard.error, 403)) {
    // Without survey access there are no results to show; the welcome and profile cards remain.
    body = null;
  } else if (dashboard.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">{errorMessage(dashboard.error, "We could not load your survey results.")}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void dashboard.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else {
    body = (
      <>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <LatestLowiCard latest={dashboard.data.latestLowi} canView={canAccess(me, "report-view")} />
          <CertificationCard certification={dashboard.data.certification} />
        </SimpleGrid>
        <ActiveSurveysCard dashboard={dashboard.data} me={me} timeZone={timeZone} />
        <DashboardPlansCard me={me} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <WelcomeCard me={me} />
      <QuickActions dashboard={dashboard.data} me={me} />
      <AiHubCard me={me} />
      {body}
      <DashboardCertifications me={me} />
      <ProfileCard me={me} />
    </Stack>
  );
}
