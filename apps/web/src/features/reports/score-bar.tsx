import type { ScoreRow } from "@hearth/shared";
import { Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { comparisonTone, describeComparison, formatScore, scoreWidth } from "./report-format";
import classes from "./reports.module.css";

const TONE_COLOURS = { above: "teal", below: "red", even: "gray", none: "gray" } as const;

/** The benchmark comparison exactly as the server worded it ("+3.1%", "-%"), with its note as a tooltip. */
export function ComparisonBadge({ comparison, note, testId }: { comparison: string; note: string | null; testId?: string }) {
  const tone = comparisonTone(comparison);
  const tooltip = note ?? describeComparison(comparison);
  return (
    <Tooltip label={tooltip} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      <Badge
        variant="light"
        color={TONE_COLOURS[tone]}
        // The theme darkens every palette's light-variant text until it reads at AA on its tint (theme.ts).
        className={classes.comparison}
        miw={64}
        // Focusable only when it carries a note, so keyboard users can open the tooltip without a tab stop per score.
        tabIndex={note ? 0 : undefined}
        aria-label={`${comparison}: ${tooltip}`}
        rightSection={note ? <IconInfoCircle size={12} aria-hidden /> : undefined}
        data-testid={testId}
      >
        {comparison}
      </Badge>
    </Tooltip>
  );
}

/** A 0–5 track with the score filled in and the benchmark as a tick. */
export function ScoreTrack({ score, benchmark, hideBar, muted }: { score: number; benchmark: number; hideBar?: boolean; muted?: boolean }) {
  if (hideBar) return <div className={classes.track} aria-hidden />;
  return (
    <div className={classes.track} aria-hidden>
      <div className={`${classes.fill} ${muted ? classes.fillMuted : ""}`} style={{ width: scoreWidth(score) }} />
      {benchmark > 0 && <div className={classes.marker} style={{ left: scoreWidth(benchmark) }} />}
    </div>
  );
}

/** One row of a bar list: name, track, score out of 5 with its benchmark and comparison. */
export function ScoreBar({ row, testId }: { row: ScoreRow; testId?: string }) {
  const benchmark = row.benchmark > 0 ? formatScore(row.benchmark) : "none";
  return (
    <div className={classes.scoreRow} data-testid={testId} data-topic={row.topic}>
      <span className={classes.scoreName}>{row.name}</span>
      <ScoreTrack score={row.score} benchmark={row.benchmark} hideBar={row.hideBar} />
      <Group gap={8} wrap="nowrap" justify="flex-end">
        <span className={classes.scoreValue}>
          <Text span fw={700} fz="sm">
            {formatScore(row.score)}
          </Text>
          <Text span c="dimmed" fz="xs">
            {" "}
            / 5 · benchmark {benchmark}
          </Text>
        </span>
        <ComparisonBadge comparison={row.comparison} note={row.benchmarkNote} />
      </Group>
    </div>
  );
}

/** How to read the bars: the fill is the score, the tick the benchmark. */
export function BarLegend() {
  return (
    <Text size="xs" c="dimmed">
      <span className={classes.markerKey} aria-hidden />
      The dark tick marks the benchmark; bars run from 0 to 5.
    </Text>
  );
}

export function ScoreBarList({ rows, label }: { rows: ScoreRow[]; label: string }) {
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }} aria-label={label} className={classes.barList}>
      {rows.map((row) => (
        <li key={row.topic}>
          <ScoreBar row={row} />
        </li>
      ))}
    </Stack>
  );
}

/** Decorative bars for locked sections: fixed made-up widths, no numbers. */
export function PlaceholderBars({ count = 5 }: { count?: number }) {
  const widths = [72, 58, 84, 46, 66, 78, 52, 88, 61, 70];
  return (
    <Stack gap="md" className={classes.barList}>
      {Array.from({ length: count }, (_, index) => (
        <div className={classes.scoreRow} key={index}>
          <div className={classes.track} style={{ height: 12, width: `${40 + (index % 3) * 15}%` }} />
          <div className={classes.track}>
            <div className={`${classes.fill} ${classes.fillMuted}`} style={{ width: `${widths[index % widths.length]}%` }} />
          </div>
          <div className={classes.track} style={{ width: 80 }} />
        </div>
      ))}
    </Stack>
  );
}
