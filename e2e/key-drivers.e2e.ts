/**
 * Key drivers (issue 26 item 1, decision 0077), in Chromium on desktop and phone: the demo Admin opens the Key drivers
 * tab of the closed LOWI survey, reads strengths and opportunities with their evidence on both outcomes (axe clean),
 * and an opportunity links to a new plan prefilled with it. A Bronze company sees the tab locked with the way to upgrade.
 */
import { type CompanyProfileInput, defaultEndDate, type KeyDrivers, listPresetFields } from "@hearth/shared";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { createVerifiedUser, DEMO_USERS, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { ok } from "./support/page-helpers";

/**
 * The demo's closed LOWI survey with its hundreds of responses. Other tests of the suite add LOWI surveys to the demo
 * company (small, closed, hidden below the threshold), so the survey is the one with the most responses whose drivers
 * can be read, not the first listed.
 */
async function closedLowiSurveyId(request: import("playwright-core").APIRequestContext): Promise<string> {
  const surveys = await ok<{ id: string; isLOWI: boolean; completed: number }[]>(await request.get("/api/surveys"));
  const lowi = surveys.filter((one) => one.isLOWI).sort((a, b) => b.completed - a.completed);
  for (const survey of lowi) {
    const response = await request.get(`/api/reports/${survey.id}/drivers`);
    if (response.status() === 200 && (await response.json()).hidden === false) return survey.id;
  }
  throw new Error("the demo company has no closed LOWI survey whose key drivers can be read");
}

describe("key drivers", () => {
  const baseUrl = inject("baseUrl");

  for (const [name, viewport] of [
    ["desktop", undefined],
    ["phone", PHONE],
  ] as const) {
    test(`the demo Admin reads strengths and opportunities with their evidence (${name})`, async () => {
      const session = await openBrowser(baseUrl, viewport);
      try {
        const { page, context } = session;
        await signIn(page, DEMO_USERS.admin);
        const surveyId = await closedLowiSurveyId(context.request);
        const drivers = await ok<KeyDrivers>(await context.request.get(`/api/reports/${surveyId}/drivers`));
        await page.goto(`/dashboard/reports/lowi/${surveyId}/company`);
        await page
          .getByRole("tab", { name: "Key drivers" })
          .or(page.getByRole("link", { name: "Key drivers" }))
          .first()
          .click();
        await page.waitForURL((url) => url.pathname.endsWith("/drivers"));
        const view = page.getByTestId("key-drivers");
        await view.waitFor();
        expect(await page.getByTestId("drivers-evidence").textContent()).toContain(
          `${drivers.n.toLocaleString("en-US")} of ${drivers.responses.toLocaleString("en-US")} published responses`,
        );
        const love = drivers.outcomes.find((outcome) => outcome.outcome === "love");
        expect(love?.strengths.length).toBeGreaterThan(0);
        expect(love?.opportunities.length).toBeGreaterThan(0);
        const first = love!.opportunities[0];
        const card = page.getByTestId("drivers-love").getByTestId(`driver-opportunity-${first.key}`);
        await card.waitFor();
        expect(await card.textContent()).toContain(first.label);
        const link = card.getByTestId(`create-plan-${first.key}`);
        const href = (await link.getAttribute("href")) ?? "";
        const target = new URL(href, baseUrl);
        expect(target.pathname).toBe("/dashboard/plans/new");
        expect(target.searchParams.get("focus")).toBe(first.key);
        expect(target.searchParams.get("source")).toBe("suggested");
        await checkA11y(page, `key drivers (${name})`);
        await screenshot(page, `key-drivers-${name}`);
        // The opportunity starts a plan: the form opens prefilled with it.
        await link.click();
        await page.waitForURL((url) => url.pathname === "/dashboard/plans/new");
        const title = page.getByRole("form", { name: "New action plan" }).getByLabel("Title");
        await title.waitFor();
        expect(await title.inputValue()).toBe(`Improve ${first.label}`);
      } finally {
        await session.close();
      }
    });
  }

  test("a Bronze company sees the Key drivers tab locked with Upgrade To Access", async () => {
    const owner = await createVerifiedUser(baseUrl, "drivers", `Bronze Drivers ${Date.now().toString(36)}`);
    const admin = await openBrowser(baseUrl);
    const operator = await openBrowser(baseUrl);
    try {
      await signIn(admin.page, owner.email, owner.password);
      const me = await ok<{ tenant: { id: string } }>(await admin.context.request.get("/api/me"));
      await signIn(operator.page, DEMO_USERS.internal);
      await ok(
        await operator.context.request.post(`/api/admin/companies/${me.tenant.id}/deals`, {
          data: { plan: "Bronze", isActive: true, forceActivate: true, activatedDate: new Date().toISOString() },
        }),
      );
      const api = admin.context.request;
      const profile: CompanyProfileInput = {
        companyName: "Bronze Drivers",
        companyLegalName: "Bronze Drivers, Inc.",
        headcount: 60,
        address: "9 Elm Street, Burlington, VT 05401",
        phone: "+1 802 555 0199",
        website: null,
        timeZone: "America/New_York",
      };
      await ok(await api.put("/api/company/profile", { data: profile }));
      const survey = await ok<{ id: string }>(
        await api.post("/api/surveys", {
          data: {
            surveyPreset: "PulseValidation",
            name: "Culture check",
            description: "Our yearly Love of Workplace Index survey.",
            metaFields: { company_name: "Bronze Drivers" },
            fields: listPresetFields("PulseValidation"),
            draft: false,
            endDate: defaultEndDate(Date.now(), "America/New_York"),
          },
        }),
      );
      const { page } = admin;
      await page.goto(`/dashboard/reports/lowi/${survey.id}/drivers`);
      const gate = page.getByTestId("upgrade-to-access");
      await gate.waitFor();
      expect(await gate.getAttribute("data-feature")).toBe("TransformationPlans");
      await gate.getByRole("button", { name: "Upgrade To Access" }).click();
      await page.getByRole("dialog").waitFor();
      await checkA11y(page, "key drivers locked");
    } finally {
      await admin.close();
      await operator.close();
    }
  });
});
