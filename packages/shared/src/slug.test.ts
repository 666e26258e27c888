import { describe, expect, it } from "vitest";
import { slugify } from "./slug.js";

describe("slugify", () => {
  it("keeps ASCII letters and digits joined by single hyphens", () => {
    expect(slugify("Demo Company, Inc.")).toBe("demo-company-inc");
    expect(slugify("  Crème Brûlée — 2026 ")).toBe("creme-brulee-2026");
    expect(slugify("株式会社")).toBe("");
  });

  it("cuts at the length and never ends on a hyphen", () => {
    expect(slugify("abc def", 4)).toBe("abc");
    expect(slugify("a".repeat(70))).toHaveLength(60);
  });
});
