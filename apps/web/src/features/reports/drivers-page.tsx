import { canManageActionPlans, type CohortFilter, type DriverOutcomeResult, type KeyDriverRow, type KeyDrivers } from "@hearth/shared";
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { isApiError } from "../../lib/api";
import { useMe } from "../auth";
import { QueryBoundary } from "../errors";
import {
  describeCorrelation,
  describeLevel,
  describeWeight,
  formatR,
  kindLabel,
  planFromOpportunityPath,
  sortByImpact,
} from "./drivers-view";
import { FeatureGate, useHasFeature } from "./feature-gate";
import { FilterErrorAlert, HiddenNotice } from "./hidden-notice";
import { useKeyDrivers, useReportFilters } from "./report-api";
import { SectionCard } from "./report-parts";
import { useReportSurveyId } from "./report-survey-id";
import { ScrollFrame } from "./scroll-frame";
import { PlaceholderBars } from "./score-bar";

function DriverCard({ driver, tone, action }: { driver: KeyDriverRow; tone: "strength" | "opportunity"; action?: React.ReactNode }) {
  return (
    <Card withBorder p="sm" data-testid={`driver-${tone}-${driver.key}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600}>{driver.label}</Text>
          <Badge variant="light" color={tone === "strength" ? "teal" : "orange"} style={{ flexShrink: 0 }}>
            {kindLabel(driver)}
          </Badge>
        </Group>
        <Text size="sm">Correlation {describeCorrelation(driver)}</Text>
        <Text size="sm">
          {describeLevel(driver)} · {driver.favourability.toFixed(1)}% agree
        </Text>
        <Text size="xs" c="dimmed">
          Relative weight {describeWeight(driver.weight)} · n = {driver.n.toLocaleString("en-US")}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

function Highlights({
  title,
  drivers,
  empty,
  children,
}: {
  title: string;
  drivers: KeyDriverRow[];
  empty: string;
  children: (driver: KeyDriverRow) => React.ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {drivers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        drivers.map(children)
      )}
    </Stack>
  );
}

function OutcomeSection({
  result,
  surveyId,
  canPlan,
  cohortFilters,
}: {
  result: DriverOutcomeResult;
  surveyId: string;
  canPlan: boolean;
  cohortFilters: readonly CohortFilter[];
}) {
  const rows = sortByImpact(result.drivers);
  return (
    <SectionCard
      title={result.label}
      description="Strengths go with this outcome and score at or above the survey's average; opportunities go with it and score below both the average and the benchmark."
      testId={`drivers-${result.outcome}`}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Highlights
          title="Strengths"
          drivers={result.strengths}
          empty="No driver is both strongly linked to this outcome and at or above the survey's average."
        >
          {(driver) => <DriverCard key={driver.key} driver={driver} tone="strength" />}
        </Highlights>
        <Highlights
          title="Opportunities"
          drivers={result.opportunities}
          empty="No driver is both strongly linked to this outcome and below the average and the benchmark."
        >
          {(driver) => (
            <DriverCard
              key={driver.key}
              driver={driver}
              tone="opportunity"
              action={
                canPlan ? (
                  <Button
                    component={Link}
                    to={planFromOpportunityPath(surveyId, driver, cohortFilters)}
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    mt={4}
                    style={{ alignSelf: "flex-start" }}
                    data-testid={`create-plan-${driver.key}`}
                  >
                    Create a plan for {driver.label}
                  </Button>
                ) : undefined
              }
            />
          )}
        </Highlights>
      </SimpleGrid>
      <ScrollFrame label={`Every driver of ${result.label}`}>
        <Table striped highlightOnHover miw={720} aria-label={`Every driver of ${result.label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Driver</Table.Th>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col">Correlation (90% interval)</Table.Th>
              <Table.Th scope="col">Relative weight</Table.Th>
              <Table.Th scope="col">Agree</Table.Th>
              <Table.Th scope="col">Score / benchmark</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((driver) => (
              <Table.Tr key={driver.key}>
                <Table.Th scope="row" fw={500}>
                  {driver.label}
                </Table.Th>
                <Table.Td>{kindLabel(driver)}</Table.Td>
                <Table.Td>
                  {driver.r === null ? "—" : formatR(driver.r)}
                  {driver.low !== null && driver.high !== null && (
                    <Text span size="xs" c="dimmed">
                      {" "}
                      ({formatR(driver.low)} to {formatR(driver.high)})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{describeWeight(driver.weight)}</Table.Td>
                <Table.Td>{driver.favourability.toFixed(1)}%</Table.Td>
                <Table.Td>
                  {driver.scorePercent.toFixed(1)}% / {driver.benchmarkPercent === null ? "none" : `${driver.benchmarkPercent.toFixed(1)}%`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollFrame>
    </SectionCard>
  );
}

function DriversView({
  drivers,
  canPlan,
  refreshing,
  filters,
}: {
  drivers: KeyDrivers;
  canPlan: boolean;
  refreshing: boolean;
  filters: readonly CohortFilter[];
}) {
  return (
    <Stack gap="lg" data-testid="key-drivers" data-scope={drivers.scope} style={{ opacity: refreshing ? 0.6 : 1 }} aria-busy={refreshing}>
      <Card>
        <Stack gap={6}>
          <Group gap="xs">
            <Badge variant="light">{drivers.scope === "cohort" ? "This cohort's own drivers" : "The company's drivers"}</Badge>
            <Text size="sm" data-testid="drivers-evidence">
              {drivers.n.toLocaleString("en-US")} of {drivers.responses.toLocaleString("en-US")} published responses answered every driver
              question.
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            Method: Pearson correlation with a 90% interval (Fisher z) and Johnson's relative weights within each family of drivers. The
            survey's average score is {drivers.averagePercent.toFixed(1)}% of 5. A correlation shows what moves together, not what causes
            what.
          </Text>
          {drivers.scopeNote && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="drivers-scope-note">
              {drivers.scopeNote}
            </Alert>
          )}
        </Stack>
      </Card>
      {drivers.outcomes.length === 0 ? (
        <Card>
          <Text size="sm" data-testid="drivers-no-outcomes">
            Too few complete answers to relate the drivers to love of the company or to the recommendation yet. The drivers show once enough
            people have answered every driver question.
          </Text>
        </Card>
      ) : null}
      {drivers.outcomes.map((result) => (
        <OutcomeSection
          key={result.outcome}
          result={result}
          surveyId={drivers.surveyId}
          canPlan={canPlan}
          // A cohort's own drivers start a plan for that cohort.
          cohortFilters={drivers.scope === "cohort" ? filters : []}
        />
      ))}
    </Stack>
  );
}

/** /dashboard/reports/lowi/:surveyId/drivers. */
export function KeyDriversPage() {
  const surveyId = useReportSurveyId();
  const [filters] = useReportFilters();
  const allowed = useHasFeature("TransformationPlans");
  const me = useMe().data;
  const query = useKeyDrivers(surveyId, filters, allowed === true);
  if (allowed === false) {
    return (
      <FeatureGate
        feature="TransformationPlans"
        locked
        overlay="top"
        placeholder={
          <Card>
            <PlaceholderBars count={6} />
          </Card>
        }
      />
    );
  }
  if (query.isError && isApiError(query.error, 400)) return <FilterErrorAlert error={query.error} />;
  if (query.isError && isApiError(query.error, 409)) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="drivers-not-closed">
        {query.error.message}
      </Alert>
    );
  }
  return (
    <QueryBoundary query={query} what="the key drivers">
      {(drivers) =>
        drivers.hidden ? (
          <HiddenNotice notice={drivers.notice} />
        ) : (
          <DriversView
            drivers={drivers}
            canPlan={me ? canManageActionPlans(me.user) : false}
            refreshing={query.isPlaceholderData}
            filters={filters}
          />
        )
      }
    </QueryBoundary>
  );
}
