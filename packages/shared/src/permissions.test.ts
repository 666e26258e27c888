import { describe, expect, it } from "vitest";
import { PERMISSIONS, ROLE_PERMISSIONS, describeRoleLabel, hasPermission, listPermissions } from "./permissions.js";
import { canShowUpgradeLink, comparePlans, LICENCE_LIMITS } from "./plans.js";

describe("permissions", () => {
  it("lets the admin permission grant every other", () => {
    for (const permission of PERMISSIONS) expect(hasPermission({ role: "Admin" }, permission)).toBe(true);
    expect(listPermissions({ role: "Admin" })).toEqual([...PERMISSIONS]);
  });

  it("always permits internal accounts, whatever their role", () => {
    for (const permission of PERMISSIONS) expect(hasPermission({ role: "Staff", isInternalAccount: true }, permission)).toBe(true);
  });

  it("keeps company profile and billing from managers and staff", () => {
    for (const role of ["Manager", "Staff"] as const) {
      expect(hasPermission({ role }, "company-profile")).toBe(false);
      expect(hasPermission({ role }, "billing")).toBe(false);
      expect(hasPermission({ role }, "admin")).toBe(false);
    }
    expect(hasPermission({ role: "Manager" }, "survey-edit")).toBe(true);
    expect(hasPermission({ role: "Staff" }, "survey-edit")).toBe(false);
    expect(listPermissions({ role: "Staff" })).toEqual([...ROLE_PERMISSIONS.Staff]);
  });

  it("grants nothing to an unknown role", () => {
    expect(listPermissions({ role: "Guest" })).toEqual([]);
    expect(hasPermission({ role: "Guest" }, "support")).toBe(false);
  });

  it("labels roles as the profile menu shows them", () => {
    expect(describeRoleLabel("Admin", true)).toBe("Company Leader");
    expect(describeRoleLabel("Staff", true)).toBe("Company Leader");
    expect(describeRoleLabel("Staff", false)).toBe("Employee");
    expect(describeRoleLabel("Admin", false)).toBe("Manager");
    expect(describeRoleLabel("Manager", false)).toBe("Manager");
  });
});

describe("plans", () => {
  it("orders plans and hides the upgrade link at the top", () => {
    expect(comparePlans("Free", "Gold")).toBeLessThan(0);
    expect(comparePlans("Premium", "Silver")).toBeGreaterThan(0);
    expect(["Free", "Bronze", "Basic", "Silver", "Gold", "Premium"].map((plan) => canShowUpgradeLink(plan as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("carries the licence limits from the spec", () => {
    expect(LICENCE_LIMITS.Free).toEqual({ admin: 1, staff: 0, cohort: 0, certification: 0 });
    expect(LICENCE_LIMITS.Silver).toEqual({ admin: 10, staff: 30, cohort: 4, certification: 4 });
    expect(LICENCE_LIMITS.Gold.certification).toBe(8);
  });
});
