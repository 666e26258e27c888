import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, test } from "vitest";
import { contrastRatio, cssVariablesResolver, darkEnough, theme } from "./theme";

const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as Parameters<typeof cssVariablesResolver>[0]).light;
const palettes = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;

describe("theme colours reach WCAG AA (4.5:1)", () => {
  test("the contrast ratio matches known pairs", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#0ca678")).toBeCloseTo(3.11, 1);
    expect(contrastRatio("#087f5b", "#c3fae8")).toBeCloseTo(4.32, 1);
  });

  test("darkEnough leaves a colour that already passes and darkens one that does not", () => {
    expect(darkEnough("#7f3110", "#ffffff")).toBe("#7f3110");
    expect(contrastRatio(darkEnough("#0ca678", "#ffffff"), "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  test.each(Object.keys(palettes))("%s: filled under white, light-variant text and coloured text", (name) => {
    const shades = palettes[name];
    const filled = variables[`--mantine-color-${name}-filled`];
    if (filled) {
      expect(contrastRatio(filled, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(variables[`--mantine-color-${name}-filled-hover`], "#ffffff")).toBeGreaterThanOrEqual(4.5);
    } else {
      // Left alone only where autoContrast puts dark text on the filled shade.
      expect(contrastRatio(shades[7], "#000000")).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(variables[`--mantine-color-${name}-light-color`], shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variables[`--mantine-color-${name}-text`], "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
