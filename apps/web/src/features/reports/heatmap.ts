/**
 * The team heatmap's colours: a 1–5 score runs from a soft red through amber to green, and the printed number takes
 * whichever of near-black or white reads better on it (every cell stays at 4.5:1 or above, WCAG AA).
 */

export const HEAT_MIN = 1;
export const HEAT_MAX = 5;

/** Light tints so the number printed on them stays readable; one stop per whole score. */
const STOPS: readonly (readonly [number, number, number])[] = [
  [0xf6, 0xa5, 0xb0], // 1
  [0xf9, 0xc4, 0x9d], // 2
  [0xfb, 0xe0, 0x8f], // 3
  [0xc4, 0xe6, 0xa2], // 4
  [0x8d, 0xd6, 0xa6], // 5
];

export const DARK_TEXT = "#1a1b1e";
export const LIGHT_TEXT = "#ffffff";

const hex = (channel: number) => Math.round(channel).toString(16).padStart(2, "0");
const toHex = ([r, g, b]: readonly number[]) => `#${hex(r ?? 0)}${hex(g ?? 0)}${hex(b ?? 0)}`;

function parseHex(colour: string): [number, number, number] {
  const value = colour.replace("#", "");
  return [Number.parseInt(value.slice(0, 2), 16), Number.parseInt(value.slice(2, 4), 16), Number.parseInt(value.slice(4, 6), 16)];
}

/** Relative luminance (WCAG 2). */
export function luminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface HeatColour {
  background: string;
  color: string;
}

/** The cell colours of a score; scores outside 1–5 are clamped, a missing or non-numeric score gets neutral grey. */
export function heatmapColour(score: number | null | undefined): HeatColour {
  if (score === null || score === undefined || !Number.isFinite(score) || score <= 0) {
    return { background: "#f1f3f5", color: DARK_TEXT };
  }
  const position = Math.min(HEAT_MAX, Math.max(HEAT_MIN, score)) - HEAT_MIN;
  const lower = Math.min(STOPS.length - 2, Math.floor(position));
  const t = position - lower;
  const from = STOPS[lower]!;
  const to = STOPS[lower + 1]!;
  const background = toHex(from.map((channel, index) => channel + (to[index]! - channel) * t));
  const color = contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
  return { background, color };
}
