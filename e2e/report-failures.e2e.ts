/**
 * Issue 25 item 4: every report tab has its failure state. With the API failing, each tab of both survey kinds shows a
 * clear message and a Retry button after at most 3 attempts per request (never a spinner without end), and Retry
 * brings the page back once the API answers again.
 */
import type { SurveySummary } from "@hearth/shared";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { withoutA11y } from "./support/a11y";
import { DEMO_USERS, openBrowser, type Session, screenshot, signIn } from "./support/browser";
import { REPORT_TAB_CASES } from "./support/report-tabs";

/** The session and the app's own configuration keep answering; everything else the report reads fails with a 500. */
const KEEP = [/\/api\/me(\?|$)/, /\/api\/session(\?|$)/, /\/api\/auth\//, /\/api\/config(\?|$)/];

describe("report failure states", () => {
  const baseUrl = inject("baseUrl");
  let session: Session;
  let lowi: SurveySummary;
  let other: SurveySummary;

  beforeAll(async () => {
    session = await openBrowser(baseUrl);
    await signIn(session.page, DEMO_USERS.admin);
    const response = await session.context.request.get("/api/surveys");
    const surveys = (await response.json()) as SurveySummary[];
    const byResponses = [...surveys].sort((a, b) => b.completed - a.completed);
    const foundLowi = byResponses.find((survey) => survey.surveyPreset === "PulseValidation");
    const foundOther = byResponses.find((survey) => survey.surveyPreset !== "PulseValidation");
    if (!foundLowi || !foundOther) throw new Error("the demo company needs a LOWI survey and another survey");
    lowi = foundLowi;
    other = foundOther;
  });
  afterAll(async () => {
    await session?.close();
  });

  /** Fails every API call but the session's; counts the attempts per path. */
  async function failApi(page: Page, spare: RegExp[] = []) {
    const attempts = new Map<string, number>();
    const handler = async (route: Route) => {
      const url = new URL(route.request().url());
      if (!url.pathname.startsWith("/api/") || [...KEEP, ...spare].some((keep) => keep.test(url.pathname))) return route.fallback();
      attempts.set(url.pathname, (attempts.get(url.pathname) ?? 0) + 1);
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "INTERNAL", message: "Something went wrong on our side. Please try again." }),
      });
    };
    await page.route("**/api/**", handler);
    return {
      attempts,
      restore: () => page.unroute("**/api/**", handler),
    };
  }

  const MODES = [
    { mode: "every call fails", spare: () => [] as RegExp[] },
    // The survey (the layout) loads; only what the tab itself reads fails.
    { mode: "the tab's data fails", spare: (surveyId: string) => [new RegExp(`^/api/surveys/${surveyId}$`)] },
  ];
  for (const { kind, tab, ready } of REPORT_TAB_CASES)
    for (const { mode, spare } of MODES) {
      test(`${kind} › ${tab}, ${mode}: the failure message and Retry appear, and one Retry recovers`, async () => {
        const { page } = session;
        const survey = kind === "lowi" ? lowi : other;
        // From a blank page, so that no request of the previous page is counted.
        await withoutA11y(page, () => page.goto("about:blank"));
        const failing = await failApi(page, spare(survey.id));
        try {
          const started = Date.now();
          await page.goto(`/dashboard/reports/${kind}/${survey.id}/${tab}`);
          const alert = page
            .getByRole("alert")
            .filter({ hasText: /went wrong|could not/i })
            .first();
          await alert.waitFor({ timeout: 20_000 });
          const retry = page.getByRole("button", { name: "Retry" }).first();
          await retry.waitFor();
          if (kind === "lowi" && tab === "company") await screenshot(page, `report-failure-${mode.replaceAll(" ", "-").replace("'", "")}`);
          expect(Date.now() - started).toBeLessThan(20_000);
          // No request was tried more than 3 times, and no loader spins beside the message.
          await page.waitForTimeout(1_500);
          for (const [path, count] of failing.attempts) expect(count, path).toBeLessThanOrEqual(3);
          await failing.restore();
          await retry.click();
          await page.locator(ready).first().waitFor({ timeout: 30_000 });
          await expect(page.getByRole("button", { name: "Retry" }).count()).resolves.toBe(0);
          if (kind === "other" && mode === "every call fails") await screenshot(page, `report-other-${tab}`);
        } finally {
          await failing.restore();
        }
      });
    }

  test("when the session itself cannot be read, the whole page says so, and one Retry recovers", async () => {
    const { page } = session;
    await withoutA11y(page, () => page.goto("about:blank"));
    let attempts = 0;
    const handler = async (route: Route) => {
      attempts += 1;
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "INTERNAL", message: "Something went wrong on our side. Please try again." }),
      });
    };
    await page.route("**/api/session", handler);
    try {
      await page.goto(`/dashboard/reports/lowi/${lowi.id}/company`);
      const alert = page.getByRole("alert").filter({ hasText: "Hearth could not load your account." });
      await alert.waitFor({ timeout: 20_000 });
      expect(attempts).toBeLessThanOrEqual(3);
      await page.unroute("**/api/session", handler);
      await alert.getByRole("button", { name: "Retry" }).click();
      await page.locator(REPORT_TAB_CASES[0].ready).first().waitFor({ timeout: 30_000 });
    } finally {
      await page.unroute("**/api/session", handler);
    }
  });
});
