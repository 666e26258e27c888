import type { BenefitRow, CompanyReport, RecommendSummary } from "@hearth/shared";
import { Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { formatPercent, formatScore } from "./report-format";
import { SectionCard } from "./report-parts";
import classes from "./reports.module.css";
import { BarLegend, ComparisonBadge, ScoreTrack } from "./score-bar";

const RECOMMEND_COLOURS = { recommend: "#12B85D", neutral: "#FEAC00", wontRecommend: "#FB576D" } as const;
const RECOMMEND_LABELS = { recommend: "Would recommend", neutral: "Neutral", wontRecommend: "Would not recommend" } as const;
const RECOMMEND_KEYS = ["recommend", "neutral", "wontRecommend"] as const;

function StackedShares({ shares, label }: { shares: Record<(typeof RECOMMEND_KEYS)[number], number>; label: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        {label}
      </Text>
      <div className={classes.stacked} aria-hidden>
        {RECOMMEND_KEYS.map((key) => (
          <span key={key} style={{ width: `${Math.max(0, shares[key])}%`, background: RECOMMEND_COLOURS[key] }} />
        ))}
      </div>
    </div>
  );
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** "Would you recommend us to a friend": answers per scale point, the three groups against the benchmark, and eNPS. */
export function RecommendCard({ recommend, actions }: { recommend: RecommendSummary; actions?: ReactNode }) {
  const peak = Math.max(1, ...recommend.distribution.map((point) => point.count));
  const first = recommend.distribution[0];
  const last = recommend.distribution[recommend.distribution.length - 1];
  const summary = recommend.distribution.map((point) => `${point.value} (${point.label}): ${point.count}`).join(", ");
  return (
    <SectionCard
      title="Recommend to a friend"
      description={`How likely people are to recommend the company as a place to work; ${recommend.total.toLocaleString("en-US")} answers.`}
      actions={actions}
      testId="recommend-card"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="xs">
          <div className={classes.columns} role="img" aria-label={`Answers per scale point: ${summary}`}>
            {recommend.distribution.map((point) => (
              <div className={classes.column} key={point.value}>
                <span>{point.count}</span>
                <div
                  className={classes.columnBar}
                  style={{ height: `${(point.count / peak) * 80}%`, background: "var(--mantine-color-ember-6)" }}
                />
              </div>
            ))}
          </div>
          <div className={classes.columnLabels} aria-hidden>
            {recommend.distribution.map((point) => (
              <span key={point.value}>{point.value}</span>
            ))}
          </div>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              1 = {first?.label ?? "Very Likely"}
            </Text>
            <Text size="xs" c="dimmed">
              10 = {last?.label ?? "Not at All Likely"}
            </Text>
          </Group>
        </Stack>
        <Stack gap="sm">
          <Group gap="xs" align="baseline">
            <Text fz={32} fw={700} lh={1} data-testid="report-enps">
              {recommend.enps === null ? "—" : signed(recommend.enps)}
            </Text>
            <Text size="sm" c="dimmed">
              Employee Net Promoter Score (−100 to 100)
            </Text>
          </Group>
          <StackedShares shares={recommend.shares} label="Your company" />
          {recommend.benchmark && <StackedShares shares={recommend.benchmark.shares} label="Benchmark" />}
          <Table verticalSpacing={4} aria-label="Recommend shares against the benchmark">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Answer</Table.Th>
                <Table.Th ta="right">Yours</Table.Th>
                <Table.Th ta="right">Benchmark</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {RECOMMEND_KEYS.map((key) => (
                <Table.Tr key={key}>
                  <Table.Td>
                    <span className={classes.swatch} style={{ background: RECOMMEND_COLOURS[key] }} aria-hidden />
                    {RECOMMEND_LABELS[key]}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatPercent(recommend.shares[key])}{" "}
                    <Text span size="xs" c="dimmed">
                      ({recommend[key].toLocaleString("en-US")})
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{recommend.benchmark ? formatPercent(recommend.benchmark.shares[key]) : "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
    </SectionCard>
  );
}

function BenefitCards({ rows }: { rows: BenefitRow[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Benefits">
      {rows.map((row) => (
        <Paper component="li" withBorder p="sm" key={row.topic} data-testid="benefit-row" data-topic={row.topic}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {row.name}
              </Text>
              <ComparisonBadge comparison={row.comparison} note={row.benchmarkNote} />
            </Group>
            {!row.hideBar && <ScoreTrack score={row.satisfaction} benchmark={row.benchmark} />}
            <Text size="xs" c="dimmed">
              Satisfaction {formatScore(row.satisfaction)} / 5 · benchmark {row.benchmark > 0 ? formatScore(row.benchmark) : "none"} ·
              offered to {formatPercent(row.offeredShare)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function BenefitTable({ rows }: { rows: BenefitRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="xs" aria-label="Benefits Matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Benefit</Table.Th>
            <Table.Th ta="right">Offered</Table.Th>
            <Table.Th w="32%">Satisfaction</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
            <Table.Th ta="right">Benchmark</Table.Th>
            <Table.Th ta="right">Comparison</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.topic} data-testid="benefit-row" data-topic={row.topic}>
              <Table.Td fw={600}>{row.name}</Table.Td>
              <Table.Td ta="right">{formatPercent(row.offeredShare)}</Table.Td>
              <Table.Td>{!row.hideBar && <ScoreTrack score={row.satisfaction} benchmark={row.benchmark} />}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatScore(row.satisfaction)}
              </Table.Td>
              <Table.Td ta="right">{row.benchmark > 0 ? formatScore(row.benchmark) : "none"}</Table.Td>
              <Table.Td ta="right">
                <ComparisonBadge comparison={row.comparison} note={row.benchmarkNote} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The Benefits Matrix (spec surveys screen 7): 20 benefits, satisfaction out of 5 against the benchmark, and how many have each. */
export function BenefitsMatrix({ rows, actions }: { rows: BenefitRow[]; actions?: ReactNode }) {
  const phone = useMediaQuery("(max-width: 47.9375em)", false);
  return (
    <SectionCard
      title="Benefits Matrix"
      description="Satisfaction with each benefit among the people who have it, out of 5, and the share who say it is offered."
      actions={actions}
      testId="benefits-matrix"
    >
      {phone ? <BenefitCards rows={rows} /> : <BenefitTable rows={rows} />}
      <BarLegend />
    </SectionCard>
  );
}

const AREA_COLOURS = { doWell: "#12B85D", doBetter: "#FB576D", notSure: "#A0AEC0" } as const;
const AREA_LABELS = { doWell: "Do well", doBetter: "Do better", notSure: "Not sure" } as const;
const AREA_KEYS = ["doWell", "doBetter", "notSure"] as const;

/** The group recommendation areas: what share says the company does well, could do better, or is not sure. */
export function GroupAreasCard({ rows, actions }: { rows: CompanyReport["groupAreas"]; actions?: ReactNode }) {
  return (
    <SectionCard
      title="Group areas: do well or do better"
      description="For each group, whether people think the company does well by it or should do better."
      actions={actions}
      testId="group-areas"
    >
      <Group gap="md" wrap="wrap" aria-hidden>
        {AREA_KEYS.map((key) => (
          <Text key={key} size="xs">
            <span className={classes.swatch} style={{ background: AREA_COLOURS[key] }} />
            {AREA_LABELS[key]}
          </Text>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {rows.map((row) => (
          <li key={row.topic} data-testid="group-area-row" data-topic={row.topic}>
            <Text size="sm" fw={600} mb={4}>
              {row.name}
            </Text>
            <div className={classes.stacked} aria-hidden>
              {AREA_KEYS.map((key) => (
                <span key={key} style={{ width: `${Math.max(0, row.shares[key])}%`, background: AREA_COLOURS[key] }} />
              ))}
            </div>
            <Text size="xs" c="dimmed" mt={4}>
              {AREA_KEYS.map((key) => `${AREA_LABELS[key]} ${formatPercent(row.shares[key])} (${row[key]})`).join(" · ")}
            </Text>
          </li>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
