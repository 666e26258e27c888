import { describe, expect, it } from "vitest";
import { describeAllowance, statusBadge } from "./data-requests-view";

describe("describeAllowance", () => {
  it("locks the form on a plan without requests and names the plan to move to", () => {
    expect(describeAllowance({ plan: "Bronze", limit: 0, used: 0, upgradePlan: "Silver" })).toEqual({
      state: "locked",
      message: "Custom data requests are not included in the Bronze plan. Upgrade to Silver or above to ask our team for them.",
      upgradePlan: "Silver",
    });
  });

  it("shows the places used of the plan's allowance while one is left", () => {
    expect(describeAllowance({ plan: "Silver", limit: 4, used: 2, upgradePlan: null })).toEqual({
      state: "available",
      summary: "2 of 4 used this plan",
      remaining: 2,
    });
  });

  it("says when every place is in use, and that a declined request gives one back", () => {
    const full = describeAllowance({ plan: "Gold", limit: 6, used: 6, upgradePlan: null });
    expect(full).toMatchObject({ state: "full", summary: "6 of 6 used this plan" });
    expect(full.state === "full" && full.message).toContain("A declined request gives its place back");
  });
});

describe("statusBadge", () => {
  it("words every status", () => {
    expect(statusBadge("in_progress")).toEqual({ label: "In progress", color: "yellow" });
    expect(statusBadge("declined").label).toBe("Declined");
  });
});
