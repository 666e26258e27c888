/**
 * A company's brand on its survey pages and emails (issue 25 item 5, decision 0065): its logo and an accent colour.
 * The colour a company picks is used as a background behind white text (buttons, the progress bar) and as a thin
 * band above its pages; a colour too light for white text is darkened until it reads (WCAG AA, 4.5:1), so no choice
 * makes a button unreadable.
 */

/** Hearth's own accent, used when the company has not chosen one. */
export const DEFAULT_ACCENT_COLOR = "#c2410c";
export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

export function isAccentColor(value: unknown): value is string {
  return typeof value === "string" && ACCENT_COLOR_PATTERN.test(value);
}

const channels = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const toHex = (rgb: readonly number[]) => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, "0")).join("")}`;

/** Relative luminance (WCAG 2). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on this colour. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The colour to show: the company's accent (or Hearth's), darkened in small steps toward black until white text on
 * it reaches 4.5:1. A colour that already reads is returned as it is.
 */
export function readableAccent(accent: string | null | undefined): string {
  const start = isAccentColor(accent) ? accent : DEFAULT_ACCENT_COLOR;
  let rgb = channels(start);
  let hex = start;
  for (let step = 0; step < 40 && contrastWithWhite(hex) < 4.5; step++) {
    rgb = rgb.map((value) => value * 0.92) as [number, number, number];
    hex = toHex(rgb);
  }
  return hex;
}
