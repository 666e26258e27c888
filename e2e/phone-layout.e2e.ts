/**
 * Issue #11 items 14 and 19, in Chromium: the public survey page does not shift once loaded (CLS with the demo banner
 * on a 390×844 phone), robots.txt and the meta descriptions; on a phone no page is wider than the screen, report labels
 * wrap at spaces, the team heatmap scrolls inside its own box, the invitees page shows one screen of rows and pages,
 * and the survey page's details wrap as wholes. Every page is also checked with axe (support/a11y.ts).
 */
import type { SurveySummary } from "@hearth/shared";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { brokenWords, pageWidths } from "./support/layout";
import { ok, until } from "./support/page-helpers";

const VIEWPORTS = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: PHONE },
] as const;

async function demoLowiSurvey(request: APIRequestContext): Promise<SurveySummary> {
  const surveys = await ok<SurveySummary[]>(await request.get("/api/surveys"));
  const lowi = surveys.filter((survey) => survey.surveyPreset === "PulseValidation" && survey.completed > 0);
  lowi.sort((a, b) => b.completed - a.completed);
  if (!lowi[0]) throw new Error("the demo company has no LOWI survey with responses");
  return lowi[0];
}

async function metaDescription(page: Page): Promise<string> {
  return (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
}

async function expectFitsTheScreen(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await pageWidths(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe("public pages: layout shift, robots.txt, meta description", () => {
  const baseUrl = inject("baseUrl");

  test("robots.txt lets crawlers reach /s/ and /c/ only, as plain text", async () => {
    const response = await fetch(`${baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /s/");
    expect(lines).toContain("Allow: /c/");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Disallow: /");
    expect(lines.some((line) => /^<!doctype|<html/i.test(line))).toBe(false);
  });

  test("on a phone the survey page with its demo banner shifts by at most 0.1 (CLS); both entries have a meta description", async () => {
    const admin = await openBrowser(baseUrl);
    const respondent = await openBrowser(baseUrl, PHONE);
    try {
      await signIn(admin.page, DEMO_USERS.admin);
      const surveys = await ok<SurveySummary[]>(await admin.context.request.get("/api/surveys"));
      const open = surveys.find((survey) => survey.status === "Active");
      if (!open) throw new Error("the demo company has no open survey");

      const { page } = respondent;
      await page.addInitScript(() => {
        const state = window as unknown as { __layoutShift: number };
        state.__layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) state.__layoutShift += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      // The demo flag comes from the survey: this one is shown as a demo so the banner arrives with it, as on the demo's surveys.
      await page.route("**/api/public/surveys/*", async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), isDemo: true } });
      });
      await page.goto(`/s/${open.id}`);
      await page.getByTestId("demo-banner").waitFor();
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForTimeout(1_000);
      const shift = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
      expect(shift).toBeLessThanOrEqual(0.1);
      // The banner sits inside the one <main>, at its top.
      expect(await page.locator("main").count()).toBe(1);
      expect(await page.locator("main > .demo-banner").count()).toBe(1);
      await expectFitsTheScreen(page);
      expect(await metaDescription(page)).toMatch(/survey/i);
      await screenshot(page, "phone-public-survey-demo");

      await respondent.page.setViewportSize(DESKTOP);
      await page.reload();
      await page.getByTestId("demo-banner").waitFor();
      await screenshot(page, "desktop-public-survey-demo");

      await admin.page.goto("/login");
      expect(await metaDescription(admin.page)).toMatch(/Hearth/);
    } finally {
      await respondent.close();
      await admin.close();
    }
  });
});

describe("signed-in pages on a phone and a desktop", () => {
  const baseUrl = inject("baseUrl");

  for (const { name, viewport } of VIEWPORTS) {
    test(`reports, survey page and invitees at ${viewport.width}×${viewport.height}`, async () => {
      const session = await openBrowser(baseUrl, viewport);
      const { page, context } = session;
      const phone = viewport.width === PHONE.width;
      try {
        await signIn(page, DEMO_USERS.admin);
        const survey = await demoLowiSurvey(context.request);

        // Company report: no label broken inside a word ("Collaborat-ion"), nothing wider than the screen.
        await page.goto(`/dashboard/reports/lowi/${survey.id}/company`);
        await page.locator('[data-testid="company-report"][data-refreshing="false"]').waitFor({ timeout: 30_000 });
        expect(await brokenWords(page, "main")).toEqual([]);
        await expectFitsTheScreen(page);
        await screenshot(page, `${name}-report-company`);

        // Team heatmap: wider than a phone, it scrolls inside its own focusable box and says so; the page does not.
        await page.goto(`/dashboard/reports/lowi/${survey.id}/team`);
        const box = page.getByTestId("team-heatmap-scroll");
        await box.waitFor();
        await expectFitsTheScreen(page);
        expect(await brokenWords(page, "main")).toEqual([]);
        expect(await box.getAttribute("tabindex")).toBe("0");
        const sizes = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
        if (phone) {
          expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
          await page.getByTestId("scroll-hint").waitFor();
          await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
          await page.locator("[data-more-left]").waitFor({ state: "attached" });
        }
        await screenshot(page, `${name}-report-team`);

        // The survey page: Responses, End date and Type keep their values on one or two lines (four before).
        await page.goto(`/dashboard/surveys/lowi/${survey.id}`);
        const type = page.getByTestId("survey-type");
        await type.waitFor();
        const lines = await type.evaluate((element) => {
          const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
          return Math.round(element.getBoundingClientRect().height / lineHeight);
        });
        expect(lines).toBeLessThanOrEqual(phone ? 2 : 1);
        await expectFitsTheScreen(page);
        await screenshot(page, `${name}-survey-page`);

        // Invitees: one screen of 25 rows (the demo company has hundreds), paging, rows per page, search.
        await page.goto("/dashboard/invitees");
        const rows = page.getByTestId("company-invitee-row");
        await rows.first().waitFor();
        expect(await rows.count()).toBe(25);
        const height = await page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0);
        expect(height).toBeLessThan(phone ? 9_000 : 4_000);
        await expectFitsTheScreen(page);
        await screenshot(page, `${name}-invitees`);
        const pager = page.getByRole("navigation", { name: "Invitee pages" });
        expect(await pager.getByTestId("page-indicator").textContent()).toMatch(/^Page 1 of \d+$/);
        const firstEmail = await rows.first().getAttribute("data-email");
        await pager.getByRole("button", { name: "Next" }).click();
        await until("page 2 of the invitees", async () =>
          /^Page 2 of/.test((await pager.getByTestId("page-indicator").textContent()) ?? "") &&
          (await rows.first().getAttribute("data-email")) !== firstEmail
            ? true
            : undefined,
        );
        expect(await rows.count()).toBe(25);
        await pager.getByTestId("rows-per-page").selectOption("50");
        await until("50 rows on page 1", async () => ((await rows.count()) === 50 ? true : undefined));
        expect(await pager.getByTestId("page-indicator").textContent()).toMatch(/^Page 1 of/);
        await page.getByTestId("company-invitee-search").fill(firstEmail ?? "");
        await until("the search narrows the list to one person", async () =>
          (await rows.count()) === 1 && (await rows.first().getAttribute("data-email")) === firstEmail ? true : undefined,
        );
        expect(await pager.getByTestId("page-indicator").textContent()).toBe("Page 1 of 1");
      } finally {
        await session.close();
      }
    });
  }
});
