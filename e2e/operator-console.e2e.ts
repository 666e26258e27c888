/**
 * The operator console (issue 15 items 1-2, decision 0048), in Chromium: the internal account finds Demo Company on
 * /admin/dashboard, switches into it, sees the banner on every page, opens a report, and returns to its own account;
 * the visibility toggle answers with its toast. The admin pages are captured on a desktop and a phone.
 */
import type { SurveySummary } from "@hearth/shared";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { createVerifiedUser, DEMO_USERS, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { makeEligible } from "./support/certification";
import { ok, visibleText } from "./support/page-helpers";

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

  test("a deal is recorded, activated and expired in place, and the plan in force follows", async () => {
    const companyName = `Deal Works ${Date.now().toString(36)}`;
    await createVerifiedUser(baseUrl, "deals", companyName);
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.internal);
      await page.goto("/admin/dashboard");
      await page.getByLabel("Search companies").fill(companyName);
      await page.getByRole("link", { name: companyName }).click();
      await page.getByRole("heading", { name: companyName, level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Certification requests" }).waitFor();
      await page.getByText("No certification is awaiting approval.").waitFor();
      const planInForce = page.locator("div", { has: page.getByText("Plan in force", { exact: true }) }).last();
      await planInForce.getByText("Free", { exact: true }).waitFor();

      const form = page.getByRole("form", { name: "Record a deal" });
      await form.getByLabel("CRM deal id").fill("crm-e2e-7");
      await form.getByLabel("Activate now").uncheck();
      await form.getByRole("button", { name: "Record deal" }).click();
      await page.getByText("Deal recorded", { exact: true }).waitFor();
      const row = page.getByRole("row").filter({ hasText: "crm-e2e-7" });
      await row.getByText("Not active").waitFor();

      await row.getByRole("button", { name: /^Activate/ }).click();
      await page.getByText("Deal activated").waitFor();
      await row.getByText("Active", { exact: true }).waitFor();
      await planInForce.getByText("Gold", { exact: true }).waitFor();
      await checkA11y(page, "a company's page with an active deal");
      await screenshot(page, "operator-company-deals-desktop");

      await row.getByRole("button", { name: /^Expire now/ }).click();
      await page.getByText("Deal expired").waitFor();
      await row.getByText("Expired", { exact: true }).waitFor();
      await planInForce.getByText("Free", { exact: true }).waitFor();
      await page.getByText("Deal expired (Gold, crm-e2e-7)").waitFor();
    } finally {
      await session.close();
    }
  });

  test("a certification request shows its eligibility, and recording its payment grants it", async () => {
    const companyName = `Kiln Requests ${Date.now().toString(36)}`;
    const owner = await createVerifiedUser(baseUrl, "certreq", companyName);
    const customer = await openBrowser(baseUrl);
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      // The company makes itself eligible and checks Silver and its certification out (the order awaits payment).
      await signIn(customer.page, owner.email, owner.password);
      const api = customer.context.request;
      const year = await makeEligible(api, companyName, "3 Ember Lane, Boston, MA");
      // A Free company buys its certification with a plan (Silver includes it).
      await ok(await api.post("/api/cart/items", { data: { kind: "plan", plan: "Silver" } }));
      const cart = await ok<{ lines: unknown[] }>(
        await api.post("/api/cart/items", { data: { kind: "badge", badgeId: `certification-${year}`, licenceType: "digitalorprint" } }),
      );
      const me = await ok<{ tenant: { id: string } }>(await api.get("/api/me"));
      await ok(await api.post("/api/certifications/aquire", { data: { companyId: me.tenant.id, certifications: cart.lines } }));

      await signIn(page, DEMO_USERS.internal);
      await page.goto("/admin/dashboard");
      await page.getByLabel("Search companies").fill(companyName);
      await page.getByRole("link", { name: companyName }).click();
      const requests = page.locator(`[aria-label="Certification requests (scrolls sideways)"]`);
      const row = requests.getByRole("row").filter({ hasText: String(year) });
      await row.getByText("Eligible", { exact: true }).waitFor();
      await checkA11y(page, "a company's page with a certification request");

      await page.getByLabel("Payment reference").first().fill("WIRE-E2E-1");
      await page.getByRole("button", { name: "Record payment" }).first().click();
      await page.getByText(/^Payment recorded for /).waitFor();
      await page.getByText("No certification is awaiting approval.").waitFor();
      await page
        .getByText(/· granted /)
        .first()
        .waitFor();
    } finally {
      await session.close();
      await customer.close();
    }
  });

  test("the admin dashboard and a company's page on a phone", async () => {
    const session = await openBrowser(baseUrl, PHONE);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.internal);
      const row = await findDemoCompany(page);
      await checkA11y(page, "admin dashboard on a phone");
      await screenshot(page, "operator-console-phone");
      await row.getByRole("link", { name: "Demo Company" }).click();
      await page.getByRole("heading", { name: "Certification requests" }).waitFor();
      await checkA11y(page, "a company's page on a phone");
      await screenshot(page, "operator-company-phone");
    } finally {
      await session.close();
    }
  });
});
