import { describe, expect, it } from "vitest";
import { contrastWithWhite, DEFAULT_ACCENT_COLOR, isAccentColor, readableAccent } from "./brand.js";

describe("readableAccent", () => {
  it("uses Hearth's accent when the company has none", () => {
    expect(readableAccent(null)).toBe(DEFAULT_ACCENT_COLOR);
    expect(readableAccent("not a colour")).toBe(DEFAULT_ACCENT_COLOR);
  });

  it("keeps a dark enough colour as it is", () => {
    expect(readableAccent("#1d4ed8")).toBe("#1d4ed8");
  });

  it("darkens a light colour until white text on it reads", () => {
    for (const light of ["#ffff00", "#ffffff", "#7dd3fc", "#f59e0b"]) {
      const shown = readableAccent(light);
      expect(shown).not.toBe(light);
      expect(contrastWithWhite(shown)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("accepts only #rrggbb in lower case", () => {
    expect(isAccentColor("#0a7f5c")).toBe(true);
    expect(isAccentColor("#0A7F5C")).toBe(false);
    expect(isAccentColor("red")).toBe(false);
    expect(isAccentColor("#fff")).toBe(false);
  });
});
