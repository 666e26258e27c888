import { describe, expect, it } from "vitest";
import { describeCompanySize } from "./company-size.js";

describe("describeCompanySize", () => {
  it("says nothing before a headcount is entered", () => {
    for (const headcount of [null, undefined, 0, -3, Number.NaN]) expect(describeCompanySize(headcount)).toBeNull();
  });

  it("gives the spec's size name and range once there is one", () => {
    expect(describeCompanySize(120)).toEqual({ size: "Small", range: "up to 200 employees" });
    expect(describeCompanySize(201)).toEqual({ size: "Medium", range: "201–500 employees" });
    expect(describeCompanySize(3000)?.size).toBe("Large");
    expect(describeCompanySize(3001)?.size).toBe("Enterprise");
  });
});
