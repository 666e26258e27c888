/**
 * Tutorials and guided tours (issue 15 item 4, docs/decisions/0049): the wizard's tour runs to its end; every step of
 * every tour finds its target on its page (a page that loses a `data-tour` mark fails here); a page tour is offered
 * once and remembered; the tutorial pages show their screenshots on a desktop and a phone.
 */
import type { SurveySummary, TourProgress } from "@hearth/shared";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { TOURS, type TourDefinition, type TourStepDefinition } from "../apps/web/src/features/tutorials/tour-steps";
import { checkA11y } from "./support/a11y";
import {
  createVerifiedUser,
  DEMO_USERS,
  DESKTOP,
  openBrowser,
  PHONE,
  type Session,
  screenshot,
  screenshotViewport,
  signIn,
} from "./support/browser";
import { ok } from "./support/page-helpers";

const TUTORIAL_SLUGS = ["surveys", "data", "survey_personalization"];

const tooltip = (page: Page, step: TourStepDefinition) => page.getByRole("dialog", { name: step.title, exact: true });

/** The step's tooltip is up, its target is on the page and visible, and (on a phone) the tooltip fits the screen. */
async function expectStep(page: Page, tour: TourDefinition, index: number): Promise<void> {
  const step = tour.steps[index] as TourStepDefinition;
  const shown = tooltip(page, step);
  await shown.waitFor();
  expect(await shown.getByText(step.body, { exact: true }).count(), `${tour.id} step ${index + 1} text`).toBe(1);
  expect(await shown.getByText(`Step ${index + 1} of ${tour.steps.length}`).count()).toBe(1);
  const target = page.locator(step.target);
  expect(await target.count(), `${tour.id} step ${index + 1}: no element matches ${step.target}`).toBeGreaterThan(0);
  expect(await target.first().isVisible(), `${tour.id} step ${index + 1}: ${step.target} is hidden`).toBe(true);
  const box = await shown.boundingBox();
  const viewport = page.viewportSize();
  if (box && viewport) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
  }
}

/** Every step of a page tour (no stages): each target exists before the tour starts, then the tour runs to Finish. */
async function runPageTour(page: Page, tour: TourDefinition): Promise<void> {
  for (const step of tour.steps) expect(await page.locator(step.target).count(), `${tour.id}: ${step.target} missing`).toBeGreaterThan(0);
  for (let index = 0; index < tour.steps.length; index++) {
    await expectStep(page, tour, index);
    if (index === 0) await checkA11y(page, `${tour.name}, first step`);
    const last = index === tour.steps.length - 1;
    await tooltip(page, tour.steps[index] as TourStepDefinition)
      .getByRole("button", { name: last ? "Finish" : "Next", exact: true })
      .click();
  }
  await page.waitForURL((url) => !url.searchParams.has("tour"));
  await tooltip(page, tour.steps.at(-1) as TourStepDefinition).waitFor({ state: "detached" });
}

async function progressOf(session: Session): Promise<TourProgress["tours"]> {
  return (await ok<TourProgress>(await session.context.request.get("/api/tutorials/progress"))).tours;
}

async function demoSurveys(session: Session) {
  const surveys = await ok<SurveySummary[]>(await session.context.request.get("/api/surveys"));
  const published = surveys.filter((survey) => !survey.draft && !survey.archived);
  const open = published.find((survey) => survey.status === "Active");
  const report = published.find((survey) => survey.isLOWI && survey.completed > 0);
  if (!open || !report) throw new Error("The demo company needs an open survey and a LOWI survey with answers");
  return {
    invitations: `/dashboard/surveys/${open.isLOWI ? "lowi" : "other"}/${open.id}/invitees`,
    report: `/dashboard/reports/lowi/${report.id}/company`,
  };
}

async function visibleHeading(article: Locator): Promise<string> {
  const heading = article.getByRole("heading", { level: 1 });
  await heading.waitFor();
  return ((await heading.textContent()) ?? "").trim();
}

describe("tutorials and guided tours", () => {
  const baseUrl = inject("baseUrl");

  test("the wizard's tour (?tutorial=true) runs to its end; Escape leaves it and it is saved as dismissed", async () => {
    const user = await createVerifiedUser(baseUrl, "tours", "Alder Works");
    const session = await openBrowser(baseUrl, DESKTOP);
    const { page } = session;
    try {
      await signIn(page, user.email, user.password);
      const profile = await session.context.request.put("/api/company/profile", {
        data: {
          companyName: "Alder Works",
          companyLegalName: "Alder Works Ltd",
          headcount: 60,
          address: "4 Mill Lane, Burlington, VT 05401",
          phone: "+1 802 555 0143",
          website: null,
          timeZone: "America/New_York",
        },
      });
      expect(profile.ok()).toBe(true);
      const tour = TOURS.wizard;
      const next = async (index: number) =>
        tooltip(page, tour.steps[index] as TourStepDefinition)
          .getByRole("button", { name: index === tour.steps.length - 1 ? "Finish" : "Next", exact: true })
          .click();

      await page.goto("/dashboard/surveys/new?tutorial=true");
      await expectStep(page, tour, 0);
      await checkA11y(page, "wizard tour, first step");
      await screenshotViewport(page, "desktop-wizard-tour");
      await next(0);
      // The tour waits while the person does what the step asked: choose a survey type.
      await page
        .getByTestId("preset-PulseValidation")
        .getByRole("button", { name: /^Continue with/ })
        .click();
      await page.getByLabel("Survey Name").fill("Spring pulse");
      await page.getByLabel("Description").fill("How the season is going.");
      for (const index of [1, 2, 3]) {
        await expectStep(page, tour, index);
        await next(index);
      }
      await page.locator('[data-tour="survey-continue"]').click();
      for (const index of [4, 5]) {
        await expectStep(page, tour, index);
        await next(index);
      }
      await page.waitForURL((url) => !url.searchParams.has("tutorial"));
      expect((await progressOf(session)).map(({ tour, state }) => ({ tour, state }))).toEqual([{ tour: "wizard", state: "finished" }]);

      // Asked for again, it runs again; Escape ends it at its first step.
      await page.goto("/dashboard/surveys/new?tutorial=true");
      await expectStep(page, tour, 0);
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => !url.searchParams.has("tutorial"));
      // Escape ended the tour, not the wizard.
      await page.getByRole("dialog", { name: "Choose A Survey Type" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/dashboard/surveys/new");
      await expect.poll(async () => (await progressOf(session)).find((entry) => entry.tour === "wizard")?.state).toBe("dismissed");
    } finally {
      await session.close();
    }
  });

  test("a page tour is offered once: Not now is remembered; every step of the invitations and reports tours finds its target", async () => {
    const session = await openBrowser(baseUrl, DESKTOP);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      const paths = await demoSurveys(session);
      await page.goto(paths.invitations);
      const offer = page.getByTestId("tour-offer");
      await offer.waitFor();
      await offer.getByRole("button", { name: "Not now" }).click();
      await offer.waitFor({ state: "detached" });
      await page.reload();
      await page.locator('[data-tour="tour-launcher"]').getByText("Take the tour").waitFor();
      expect(await page.getByTestId("tour-offer").count()).toBe(0);

      await page.locator('[data-tour="tour-launcher"]').click();
      await runPageTour(page, TOURS.invitations);
      await page.goto(`${paths.report}?tour=reports`);
      await runPageTour(page, TOURS.reports);
      const saved = await progressOf(session);
      expect(saved.find((entry) => entry.tour === "invitations")?.state).toBe("finished");
      expect(saved.find((entry) => entry.tour === "reports")?.state).toBe("finished");
      // Finished: no offer any more, only the button.
      await page.goto(paths.report);
      await page.locator('[data-tour="tour-launcher"]').waitFor();
      expect(await page.getByTestId("tour-offer").count()).toBe(0);
    } finally {
      await session.close();
    }
  });

  test("the reports tour fits a phone's screen", async () => {
    const session = await openBrowser(baseUrl, PHONE);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      const paths = await demoSurveys(session);
      await page.goto(`${paths.report}?tour=reports`);
      await expectStep(page, TOURS.reports, 0);
      await screenshotViewport(page, "phone-reports-tour");
      await runPageTour(page, TOURS.reports);
    } finally {
      await session.close();
    }
  });

  for (const { name, viewport } of [
    { name: "desktop", viewport: DESKTOP },
    { name: "phone", viewport: PHONE },
  ]) {
    test(`the tutorial pages show their screenshots and tours (${name})`, async () => {
      const session = await openBrowser(baseUrl, viewport);
      const { page } = session;
      try {
        await signIn(page, DEMO_USERS.admin);
        await page.goto("/dashboard/tutorials");
        await page.getByRole("heading", { level: 1, name: "Tutorials" }).waitFor();
        for (const slug of TUTORIAL_SLUGS) {
          await page.goto(`/dashboard/tutorials/${slug}`);
          const article = page.getByTestId("tutorial-article");
          const title = await visibleHeading(article);
          // Each tutorial has its own document title (the browser's tab and history read it).
          await expect.poll(() => page.title()).toBe(`${title} · Hearth`);
          const images = article.locator("img");
          expect(await images.count()).toBeGreaterThanOrEqual(2);
          for (const image of await images.all()) {
            await image.scrollIntoViewIfNeeded();
            await expect
              .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
              .toBeGreaterThan(0);
            expect((await image.getAttribute("alt"))?.length).toBeGreaterThan(40);
            const box = await image.boundingBox();
            expect(box ? box.x + box.width : 0).toBeLessThanOrEqual(viewport.width);
          }
          expect(await article.locator('[data-testid^="tour-link-"]').count()).toBeGreaterThan(0);
          await checkA11y(page, `tutorial ${slug} (${name})`);
          await screenshot(page, `${name}-tutorial-${slug}`);
          await article.locator("figure").first().scrollIntoViewIfNeeded();
          await screenshotViewport(page, `${name}-tutorial-${slug}-figure`);
        }
        // The wizard's tour starts from its tutorial.
        await page.goto("/dashboard/tutorials/surveys");
        await page.getByRole("link", { name: /^Take (the tour|it again): Survey wizard tour$/ }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard/surveys/new" && url.searchParams.get("tutorial") === "true");
        await tooltip(page, TOURS.wizard.steps[0] as TourStepDefinition).waitFor();
      } finally {
        await session.close();
      }
    });
  }
});
