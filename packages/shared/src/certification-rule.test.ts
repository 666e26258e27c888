import { describe, expect, it } from "vitest";
import { describeCertificationProgress, requiredResponsesForCertification } from "./certification-rule.js";

describe("certification response rule", () => {
  it("asks one third of employees up to 3,000, rounded up", () => {
    expect(requiredResponsesForCertification(300)).toBe(100);
    expect(requiredResponsesForCertification(301)).toBe(101); // 100.33 → 101
    expect(requiredResponsesForCertification(3000)).toBe(1000);
    expect(requiredResponsesForCertification(1)).toBe(1);
  });
  it("asks 1,000 above 3,000", () => {
    expect(requiredResponsesForCertification(3001)).toBe(1000);
    expect(requiredResponsesForCertification(50_000)).toBe(1000);
  });
  it("cannot apply without a headcount", () => {
    expect(requiredResponsesForCertification(null)).toBeNull();
    expect(requiredResponsesForCertification(0)).toBeNull();
    expect(describeCertificationProgress(undefined, 10)).toBeNull();
  });
  it("says how many more responses are needed", () => {
    expect(describeCertificationProgress(380, 299)).toEqual({
      required: 127,
      responses: 299,
      remaining: 0,
      message: "The response rule for certification is met.",
    });
    expect(describeCertificationProgress(380, 100)?.message).toBe("27 more responses needed");
    expect(describeCertificationProgress(380, 126)?.message).toBe("1 more response needed");
    expect(describeCertificationProgress(9000, 0)?.message).toBe("1,000 more responses needed");
  });
});
