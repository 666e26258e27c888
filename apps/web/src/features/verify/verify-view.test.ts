import { describe, expect, it } from "vitest";
import type { VerifyResult } from "./verify-api";
import { badgeStatus, checkLines, describeCredential, formatDay, formatPeriod } from "./verify-view";

const ok = {
  signature: { status: "ok" },
  validity: { status: "ok" },
  revocation: { status: "ok" },
  issuer: { status: "ok" },
} as const;
const result = (checks: Partial<Record<keyof typeof ok, { status: string }>>, verified = false): VerifyResult =>
  ({ verified, source: "credential", checks: { ...ok, ...checks }, credential: null }) as VerifyResult;

describe("verification page view", () => {
  it("reads what a displayer shows from an Open Badges credential", () => {
    const display = describeCredential({
      name: "Hearth Certified Workplace 2026: Kiln",
      image: { id: "http://hearth.test/api/certifications/embed?id=1", type: "Image" },
      issuer: { id: "http://hearth.test/api/credentials/issuer", name: "Hearth", url: "http://hearth.test" },
      validFrom: "2026-01-01T00:00:00Z",
      validUntil: "2026-12-31T23:59:59Z",
      awardedDate: "2026-03-02T10:00:00.000Z",
      credentialSubject: {
        name: "Kiln Collective",
        achievement: { name: "Hearth Certified Workplace 2026", description: "Awarded.", criteria: { narrative: "Rules." } },
      },
    });
    expect(display).toEqual({
      name: "Hearth Certified Workplace 2026",
      description: "Awarded.",
      imageUrl: "http://hearth.test/api/certifications/embed?id=1",
      issuerName: "Hearth",
      issuerUrl: "http://hearth.test",
      recipient: "Kiln Collective",
      issuedOn: "2026-03-02T10:00:00.000Z",
      validFrom: "2026-01-01T00:00:00Z",
      validUntil: "2026-12-31T23:59:59Z",
      criteria: "Rules.",
    });
    expect(formatDay(display.issuedOn)).toBe("March 2, 2026 (UTC)");
  });

  it("never trusts a file's credential: no script URLs, fallbacks for what is missing", () => {
    const display = describeCredential({ image: "javascript:alert(1)", issuer: "did:example:1", credentialSubject: [] });
    expect(display).toMatchObject({ name: "Badge", imageUrl: null, issuerName: "did:example:1", recipient: null, issuedOn: null });
    expect(formatDay("not a date")).toBeNull();
    expect(formatPeriod("2026-03-02T10:00:00Z", "2027-03-02T10:00:00Z")).toBe("March 2, 2026 to March 2, 2027 (UTC)");
    expect(formatPeriod("2026-03-02T10:00:00Z", null)).toBeNull();
  });

  it("leads with revoked, then the period, and says not verified for a changed or foreign badge", () => {
    expect(badgeStatus(result({}, true))).toBe("valid");
    expect(badgeStatus(result({ revocation: { status: "revoked" }, validity: { status: "expired" } }))).toBe("revoked");
    expect(badgeStatus(result({ validity: { status: "expired" } }))).toBe("expired");
    expect(badgeStatus(result({ validity: { status: "not-yet-valid" } }))).toBe("not-yet-valid");
    expect(badgeStatus(result({ signature: { status: "failed" }, validity: { status: "expired" } }))).toBe("invalid");
    expect(checkLines(result({ signature: { status: "failed" } })).map((line) => [line.label, line.ok])).toEqual([
      ["Signature", false],
      ["Validity period", true],
      ["Revocation", true],
      ["Issuer", true],
    ]);
  });
});
