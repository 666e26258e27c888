import { describe, expect, it } from "vitest";
import { hasPermission, type Permission } from "@hearth/shared";
import { ADMIN_NAV, activeHref, MAIN_NAV, visibleNavItems } from "./nav-items";

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

describe("visibleNavItems", () => {
  const canAs = (role: string) => (required: Permission | "internal") =>
    required === "internal" ? false : hasPermission({ role }, required);

  it("shows Staff only the items whose pages they may open", () => {
    const labels = visibleNavItems(MAIN_NAV, canAs("Staff")).map((item) => item.label);
    expect(labels).not.toContain("Add New Survey");
    expect(labels).not.toContain("Data Import");
    expect(labels).not.toContain("Company profile");
    expect(labels).not.toContain("Data Requests");
    expect(labels).toContain("Surveys");
    expect(labels).toContain("Dashboard");
  });

  it("shows an Admin every item but the internal ones", () => {
    expect(visibleNavItems(MAIN_NAV, canAs("Admin"))).toHaveLength(MAIN_NAV.length);
    expect(visibleNavItems(ADMIN_NAV, canAs("Admin"))).toHaveLength(0);
  });

  it("names, for each gated item, the permission its route asks for", () => {
    const required = Object.fromEntries(MAIN_NAV.map((item) => [item.href, item.requires ?? null]));
    expect(required["/dashboard/surveys/new"]).toBe("survey-edit");
    expect(required["/dashboard/surveys"]).toBe("survey-view");
    expect(required["/dashboard/data"]).toBe("data-import");
    expect(required["/dashboard/profile"]).toBe("company-profile");
  });
});
