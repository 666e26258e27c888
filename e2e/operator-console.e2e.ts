/**
 * The operator console (issue 15 items 1-2, decision 0048), in Chromium: the internal account finds Demo Company on
 * /admin/dashboard, switches into it, sees the banner on every page, opens a report, and returns to its own account;
 * the visibility toggle answers with its toast. The admin pages are captured on a desktop and a phone.
 */
import type { SurveySummary } from "@hearth/shared";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { visibleText } from "./support/page-helpers";

async function findDemoCompany(page: Page) {
  await page.goto("/admin/dashboard");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.getByLabel("Search companies").fill("Demo Company");
  const row = page.getByRole("row").filter({ hasText: "Demo Company" }).first();
  await row.waitFor();
  return row;
}

describe("operator console", () => {
  const baseUrl = inject("baseUrl");

  test("the internal account finds Demo Company, switches, sees the banner, opens a report and returns", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    try {
      await signIn(page, DEMO_USERS.internal);
      const ownCompany = (await (await context.request.get("/api/me")).json()).tenant.companyName;
      const row = await findDemoCompany(page);
      await checkA11y(page, "admin dashboard");
      await screenshot(page, "operator-console-desktop");

      await row.getByRole("button", { name: "Switch to this company: Demo Company" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      const banner = page.getByTestId("switch-banner");
      expect(await visibleText(banner.getByText(/as Hearth staff/))).toBe("Viewing Demo Company as Hearth staff");
      await checkA11y(page, "dashboard while switched");

      // A report of the company, with the banner still there.
      const surveys = (await (await context.request.get("/api/surveys")).json()) as SurveySummary[];
      // The seeded LOWI survey (the most answers): other suites open small ones whose reports stay hidden.
      const survey = surveys
        .filter((item) => item.surveyPreset === "PulseValidation" && item.completed > 0)
        .sort((a, b) => b.completed - a.completed)[0];
      expect(survey, "Demo Company has a LOWI survey with responses").toBeTruthy();
      await page.goto(`/dashboard/reports/lowi/${survey.id}/company`);
      await page.getByTestId("company-report").waitFor({ timeout: 30_000 });
      await banner.waitFor();
      await screenshot(page, "operator-switched-report-desktop");

      await banner.getByRole("button", { name: "Return to my account" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/dashboard");
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
      expect(await banner.count()).toBe(0);
      expect((await (await context.request.get("/api/me")).json()).tenant.companyName).toBe(ownCompany);
    } finally {
      await session.close();
    }

    // The company's Admin sees the visit in its activity log, marked as Hearth staff's.
    const admin = await openBrowser(baseUrl);
    try {
      await signIn(admin.page, DEMO_USERS.admin);
      await admin.page.goto("/dashboard/settings");
      const log = admin.page.getByRole("heading", { name: "Company activity log" });
      await log.waitFor();
      await admin.page.getByText("hearth staff switched in").first().waitFor();
      expect(await admin.page.getByText("Hearth staff", { exact: true }).count()).toBeGreaterThan(0);
    } finally {
      await admin.close();
    }
  });

  test("a landing page with another site's address goes to the dashboard instead, and a wrong company says the switch failed", async () => {
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.internal);
      await page.goto("/validate-tenant-switch?newTenantId=00000000-0000-4000-8000-000000000000&redirectTo=//evil.example");
      await page.getByText("Switch failed").waitFor();
      await page.getByText("Failed to switch tenant. Please try again.").waitFor();
      expect(new URL(page.url()).host).toBe(new URL(baseUrl).host);
    } finally {
      await session.close();
    }
  });

  test("the visibility toggle shows its toast both ways", async () => {
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.internal);
      await page.goto("/admin/dashboard");
      const toggle = page.getByRole("radiogroup", { name: "Account visibility" });
      await toggle.waitFor();
      await toggle.getByText("User", { exact: true }).click();
      await page.getByText("Visibility set to User").waitFor();
      await toggle.getByText("Gold", { exact: true }).click();
      await page.getByText("Visibility set to Gold").waitFor();
    } finally {
      await session.close();
    }
  });

  test("a company's page shows its plan, deals, orders and upgrade requests", async () => {
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.internal);
      const row = await findDemoCompany(page);
      await row.getByRole("link", { name: "Demo Company" }).click();
      await page.getByRole("heading", { name: "Demo Company", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Deals" }).waitFor();
      await page.getByRole("heading", { name: "Upgrade requests" }).waitFor();
      await checkA11y(page, "a company's page");
      await screenshot(page, "operator-company-desktop");
    } finally {
      await session.close();
    }
  });

  test("the admin dashboard on a phone", async () => {
    const session = await openBrowser(baseUrl, PHONE);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.internal);
      await findDemoCompany(page);
      await checkA11y(page, "admin dashboard on a phone");
      await screenshot(page, "operator-console-phone");
    } finally {
      await session.close();
    }
  });
});
