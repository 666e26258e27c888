import { describe, expect, it } from "vitest";
import { activeHref, MAIN_NAV } from "./nav-items";

describe("activeHref", () => {
  it("picks the most specific item", () => {
    expect(activeHref("/dashboard", MAIN_NAV)).toBe("/dashboard");
    expect(activeHref("/dashboard/surveys/new", MAIN_NAV)).toBe("/dashboard/surveys/new");
    expect(activeHref("/dashboard/surveys/lowi/abc", MAIN_NAV)).toBe("/dashboard/surveys");
    expect(activeHref("/dashboard/amplification/culture-profile", MAIN_NAV)).toBe("/dashboard/amplification/culture-profile");
    expect(activeHref("/dashboard/amplification/kit", MAIN_NAV)).toBe("/dashboard/amplification");
  });

  it("marks nothing for pages without their own item", () => {
    expect(activeHref("/dashboard/settings", MAIN_NAV)).toBeNull();
    expect(activeHref("/dashboard/notifications", MAIN_NAV)).toBeNull();
  });

  it("keeps the spec's sidebar order", () => {
    expect(MAIN_NAV.map((item) => item.label).slice(0, 8)).toEqual([
      "Dashboard",
      "Surveys",
      "Add New Survey",
      "Action Plans",
      "Social Amplification",
      "Marketing Documents",
      "Data Import",
      "Culture profile",
    ]);
  });
});
