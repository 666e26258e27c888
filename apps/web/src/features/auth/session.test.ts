import type { MeResponse } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { canAccess, displayName, landingPathAfterVerification, safeNextPath } from "./session";

function me(overrides: { role?: MeResponse["user"]["role"]; owner?: boolean; internal?: boolean; complete?: boolean }) {
  const role = overrides.role ?? "Admin";
  return {
    user: {
      id: "u1",
      email: "sam@example.test",
      emailVerified: true,
      firstName: "Sam",
      lastName: "Reed",
      role,
      roleLabel: "Manager",
      isInternalAccount: overrides.internal ?? false,
      isTenantOwner: overrides.owner ?? false,
      labeler: false,
      labeledPoints: 0,
    },
    aiHubUrl: null,
    tenant: {
      id: "t1",
      companyName: "Acme",
      logoUrl: null,
      plan: "Free",
      effectivePlan: "Free",
      deal: null,
      companySize: "Medium",
      timeZone: "America/New_York",
      profileComplete: overrides.complete ?? false,
      features: [],
    },
    permissions: role === "Staff" ? ["team-view", "survey-view", "report-view", "action-plans", "support"] : [],
  } satisfies MeResponse;
}

describe("safeNextPath", () => {
  it("keeps same-site paths", () => {
    expect(safeNextPath("/dashboard/settings?tab=1")).toBe("/dashboard/settings?tab=1");
  });
  it("refuses other sites and odd values", () => {
    // the reported bypasses (L5 of issue 23); the full list is in packages/shared/src/redirect-path.test.ts
    for (const value of [
      "https://evil.test",
      "//evil.test",
      "/\\evil.test",
      "/\t/evil.test",
      "/.//evil.test",
      "/%2F%2Fevil.test",
      "dashboard",
      "",
      null,
      undefined,
    ]) {
      expect(safeNextPath(value)).toBeNull();
    }
  });
});

describe("landingPathAfterVerification", () => {
  it("sends the owner of an incomplete company to the profile step", () => {
    expect(landingPathAfterVerification(me({ owner: true }))).toBe("/new-company/profile");
  });
  it("sends everyone else to the dashboard", () => {
    expect(landingPathAfterVerification(me({ owner: true, complete: true }))).toBe("/dashboard");
    expect(landingPathAfterVerification(me({ role: "Staff" }))).toBe("/dashboard");
  });
});

describe("canAccess", () => {
  it("follows the shared permission table", () => {
    expect(canAccess(me({ role: "Admin" }), "company-profile")).toBe(true);
    expect(canAccess(me({ role: "Staff" }), "company-profile")).toBe(false);
    expect(canAccess(me({ role: "Staff" }), "survey-view")).toBe(true);
  });
  it("opens internal pages to internal accounts only", () => {
    expect(canAccess(me({ role: "Admin" }), "internal")).toBe(false);
    expect(canAccess(me({ role: "Staff", internal: true }), "internal")).toBe(true);
  });
});

describe("displayName", () => {
  it("falls back to the email without a name", () => {
    const nameless = me({});
    nameless.user.firstName = null as unknown as string;
    nameless.user.lastName = null as unknown as string;
    expect(displayName(nameless)).toBe("sam@example.test");
    expect(displayName(me({}))).toBe("Sam Reed");
  });
});
