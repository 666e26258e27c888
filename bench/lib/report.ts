import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Goal, describeGoal, goalFor, meetsGoal } from "./goals.js";
import { round } from "./stats.js";

export interface Measure {
  name: string;
  value: number;
  unit: string;
  better: "higher" | "lower";
  /** The same measure on the physical-limit baseline, taken in the same run. */
  limit?: number;
  /** value ÷ limit, 3 decimals. */
  ratio?: number;
  /** The goal its issue states (bench/lib/goals.ts), or null when none is stated. */
  goal: Goal | null;
  /** Whether the goal is met; null when there is no goal (never a miss). */
  meets: boolean | null;
}

export interface Machine {
  nproc: number;
  cpu: string;
  node: string;
  date: string;
  launcher: string;
  /** 1-minute load average before the run (above half of `nproc`: something else is busy) and at its end (includes the bench's own load). */
  loadStart: number;
  loadEnd: number;
}

export function measure(name: string, value: number, unit: string, better: Measure["better"], limit?: number): Measure {
  const entry: Measure = { name, value: round(value, 2), unit, better, goal: goalFor(name), meets: null };
  if (limit !== undefined && Number.isFinite(limit)) {
    entry.limit = round(limit, 2);
    // from the stored figures, so value ÷ limit in the JSON gives the same ratio
    if (entry.limit > 0) entry.ratio = round(entry.value / entry.limit, 3);
  }
  entry.meets = meetsGoal(entry.goal, entry.value, entry.ratio);
  return entry;
}

/** The entries that miss their goal (`meets === false`). */
export const misses = (measures: Measure[]) => measures.filter((m) => m.meets === false);

export function describeMiss(m: Measure): string {
  const subject = m.goal?.of === "ratio" ? `ratio ${m.ratio ?? "none"}` : `${fmt(m.value)} ${m.unit}`;
  return `MISS ${m.name}: ${subject}, goal ${describeGoal(m.goal)} (${m.goal?.source})`;
}

/**
 * Writes the measures. A run of only some entries (`--only`) passes the previous results as `keep`: entries it did
 * not measure stay as they were, those it measured replace their namesakes.
 */
export function mergeResults(previous: Measure[], measured: Measure[]): Measure[] {
  const fresh = new Map(measured.map((m) => [m.name, m]));
  const merged = previous.map((m) => fresh.get(m.name) ?? m);
  for (const m of measured) if (!previous.some((old) => old.name === m.name)) merged.push(m);
  return merged;
}

export function readResults(file: string): Measure[] {
  if (!existsSync(file)) return [];
  const data = JSON.parse(readFileSync(file, "utf8")) as Measure[] | { results: Measure[] };
  return Array.isArray(data) ? data : data.results;
}

export function writeResults(file: string, measures: Measure[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(measures, null, 2)}\n`);
}

const fmt = (value: number | undefined) =>
  value === undefined ? "–" : value.toLocaleString("en-US", { maximumFractionDigits: value >= 100 ? 0 : value >= 10 ? 1 : 2 });

/** Before the bench starts anything, a load above half the cores means other work competes with it. */
export const isBusy = (machine: Machine) => machine.loadStart > machine.nproc / 2;

export function markdownTable(measures: Measure[], machine: Machine, notes: string[] = []): string {
  const busy = isBusy(machine);
  const lines = [
    "Command: `npm run bench` (from the repository root).",
    "",
    `Measured ${machine.date} on ${machine.nproc} cores (\`nproc\`; ${machine.cpu}), Node ${machine.node} (\`node --version\`), server started with \`${machine.launcher}\`.`,
    `1-minute load average ${machine.loadStart.toFixed(2)} before the run${busy ? " — **the machine was busy with other work; treat the figures as pessimistic**" : ""}, ${machine.loadEnd.toFixed(2)} at its end (the bench's own load included).`,
    "",
    "| measure | value | unit | better | limit (baseline) | ratio | goal | meets |",
    "|---|---:|---|---|---:|---:|---|---|",
    ...measures.map(
      (m) =>
        `| ${m.name} | ${fmt(m.value)} | ${m.unit} | ${m.better} | ${fmt(m.limit)} | ${m.ratio ?? "–"} | ${describeGoal(m.goal)} | ${meetsText(m)} |`,
    ),
    ...(notes.length ? ["", ...notes.map((note) => `- ${note}`)] : []),
  ];
  return lines.join("\n");
}

const meetsText = (m: Measure) => (m.meets === null ? "–" : m.meets ? "yes" : "**no**");

export function textTable(measures: Measure[]): string {
  const rows = [
    ["measure", "value", "unit", "better", "limit", "ratio", "goal", "meets"],
    ...measures.map((m) => [
      m.name,
      fmt(m.value),
      m.unit,
      m.better,
      fmt(m.limit),
      m.ratio === undefined ? "–" : String(m.ratio),
      describeGoal(m.goal),
      meetsText(m).replaceAll("*", ""),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const numeric = new Set([1, 4, 5]);
  const line = (row: string[]) =>
    row.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

const START = "<!-- bench:results:start -->";
const END = "<!-- bench:results:end -->";

/** Rewrites the part of docs/benchmarks.md between the result markers; the rest of the page is left alone. */
export function updateDocs(file: string, measures: Measure[], machine: Machine, notes: string[] = []): void {
  const block = `${START}\n${markdownTable(measures, machine, notes)}\n${END}`;
  if (!existsSync(file)) {
    writeFileSync(file, `# Benchmarks\n\nRun with \`npm run bench\`.\n\n## Results\n\n${block}\n`);
    return;
  }
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n## Results\n\n${block}\n`;
  writeFileSync(file, next);
}
