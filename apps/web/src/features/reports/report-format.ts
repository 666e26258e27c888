/** How report numbers read on screen (spec surveys §5 "Comments, cohorts and scores"). */
import { NO_COMPARISON_LABEL } from "./report-constants";

// Scores and percentages are written by the one rule every screen, PDF, export and public page shares.
import { formatPercent, formatScore } from "@hearth/shared";

export { formatPercent, formatScore };

/** A score's width on a 0–5 track, as a CSS percentage clamped to 0–100. */
export const scoreWidth = (score: number) => `${Math.min(100, Math.max(0, Number.isFinite(score) ? (score / 5) * 100 : 0))}%`;

/** A 95% interval as "4.10–4.35", or null without one. */
export function formatInterval(ci: { low: number; high: number } | null | undefined): string | null {
  if (!ci) return null;
  return `${formatScore(ci.low)}–${formatScore(ci.high)}`;
}

export type ComparisonTone = "above" | "below" | "even" | "none";

/** Reads the server's comparison label ("+3.1%", "-2.0%", "0.0%", "-%"): which way the score sits from its benchmark. */
export function comparisonTone(label: string): ComparisonTone {
  if (label === NO_COMPARISON_LABEL || !/\d/.test(label)) return "none";
  const value = Number.parseFloat(label.replace("%", ""));
  if (!Number.isFinite(value)) return "none";
  if (value > 0) return "above";
  if (value < 0) return "below";
  return "even";
}

/** What a comparison label means, for screen readers and tooltips. */
export function describeComparison(label: string): string {
  switch (comparisonTone(label)) {
    case "above":
      return `${label.replace("+", "")} above the benchmark`;
    case "below":
      return `${label.replace("-", "")} below the benchmark`;
    case "even":
      return "Level with the benchmark";
    default:
      return "No comparison with the benchmark";
  }
}

/** Sentiment colours from the spec (surveys §3). */
export const SENTIMENT_COLOURS: Record<string, string> = {
  positive: "#12B85D",
  neutral: "#FEAC00",
  negative: "#FB576D",
  none: "#A0AEC0",
};
const SENTIMENT_ORDER = ["positive", "neutral", "negative", "none"];

/** Pie and donut labels are left off slices under half a percent (spec surveys §9). */
export const PIE_LABEL_MIN_SHARE = 0.5;
export const showPieLabel = (share: number) => share >= PIE_LABEL_MIN_SHARE;

export interface Slice {
  key: string;
  label: string;
  count: number;
  /** Percent of the total, one decimal. */
  share: number;
  colour: string;
}

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Sentiment counts as donut slices in the spec's order and colours; unknown keys follow in grey. */
export function sentimentSlices(counts: Record<string, number>): Slice[] {
  const keys = Object.keys(counts);
  const ordered = [...SENTIMENT_ORDER.filter((key) => keys.includes(key)), ...keys.filter((key) => !SENTIMENT_ORDER.includes(key))];
  const total = ordered.reduce((sum, key) => sum + Math.max(0, counts[key] ?? 0), 0);
  return ordered.map((key) => {
    const count = Math.max(0, counts[key] ?? 0);
    return {
      key,
      label: capitalise(key),
      count,
      share: total > 0 ? Math.round((count / total) * 1000) / 10 : 0,
      colour: SENTIMENT_COLOURS[key.toLowerCase()] ?? SENTIMENT_COLOURS.none!,
    };
  });
}

export interface LabelSpot {
  key: string;
  x: number;
  y: number;
}

interface DonutGeometry {
  cx: number;
  cy: number;
  /** Where labels sit first, from the centre. */
  radius: number;
  /** How far a label moves out when it would cover one already placed. */
  step?: number;
  /** The room one label takes (a "12.3%" at 11 px). */
  box?: { width: number; height: number };
  /** How many times a label may move out. */
  attempts?: number;
}

/**
 * Where each labelled slice's percentage goes: at the middle of its arc, moved outwards while it would cover a label
 * already placed (small neighbouring slices otherwise print on top of each other).
 */
export function donutLabelSpots(
  slices: readonly { key: string; fraction: number; labelled: boolean }[],
  { cx, cy, radius, step = 14, box = { width: 40, height: 14 }, attempts = 3 }: DonutGeometry,
): LabelSpot[] {
  const placed: LabelSpot[] = [];
  let start = 0;
  for (const slice of slices) {
    const middle = (start + slice.fraction / 2) * 2 * Math.PI - Math.PI / 2;
    start += slice.fraction;
    if (!slice.labelled) continue;
    let spot = { key: slice.key, x: cx + radius * Math.cos(middle), y: cy + radius * Math.sin(middle) };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const clash = placed.some((other) => Math.abs(other.x - spot.x) < box.width && Math.abs(other.y - spot.y) < box.height);
      if (!clash) break;
      const r = radius + step * attempt;
      spot = { key: slice.key, x: cx + r * Math.cos(middle), y: cy + r * Math.sin(middle) };
    }
    placed.push(spot);
  }
  return placed;
}
