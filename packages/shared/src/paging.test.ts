import { describe, expect, it } from "vitest";
import { computePageWindow, describePageWindow } from "./paging.js";

describe("paging footer", () => {
  it("reads Showing X to Y of Z results", () => {
    expect(describePageWindow(computePageWindow(60, 1, 25))).toBe("Showing 1 to 25 of 60 results");
    expect(describePageWindow(computePageWindow(60, 3, 25))).toBe("Showing 51 to 60 of 60 results");
    expect(describePageWindow(computePageWindow(0, 1, 25))).toBe("Showing 0 to 0 of 0 results");
  });

  it("clamps pages outside the range and says what can be reached", () => {
    expect(computePageWindow(60, 9, 25)).toMatchObject({ page: 3, hasNext: false, hasPrevious: true });
    expect(computePageWindow(60, -2, 25)).toMatchObject({ page: 1, hasNext: true, hasPrevious: false });
    expect(computePageWindow(60, Number.NaN, 25).page).toBe(1);
  });
});
