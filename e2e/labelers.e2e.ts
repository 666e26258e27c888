/**
 * Labelers (issue 15 item 5, decision 0050), in Chromium on the demo company: the Admin lets labelers read the
 * company's comments on the company profile page; the demo labeler opens the labelling page from the A.I. Hub card,
 * labels three comments and sees the count rise on the page and on the dashboard card; a Staff member who is not a
 * labeler gets the access denied page. The Admin turns the setting off again at the end.
 */
import type { LabellingTask } from "@hearth/shared";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { ok, until, visibleText } from "./support/page-helpers";

async function setConsent(page: Page, on: boolean): Promise<void> {
  await page.goto("/dashboard/profile");
  const card = page.getByTestId("labelling-consent-card");
  const toggle = card.getByRole("switch", { name: "Let Hearth's labelers read our comments to improve the analysis" });
  await toggle.waitFor({ state: "attached" });
  if ((await toggle.isChecked()) !== on) {
    await card.locator("label").filter({ hasText: "Let Hearth's labelers read" }).click();
    await page.getByText(on ? "Labelers may now read your comments." : "Labelers no longer read your comments.").waitFor();
  }
  expect(await toggle.isChecked()).toBe(on);
}

const LABELS = [
  { sentiment: "Positive", emotion: "Gratitude", topic: "Teamwork" },
  { sentiment: "Negative", emotion: "Annoyance", topic: "Workload" },
  { sentiment: "Neutral", emotion: "Neutral", topic: "General" },
];

describe("labelers", () => {
  const baseUrl = inject("baseUrl");

  test("a labeler labels three comments and sees the count rise on the page and on the dashboard card", async () => {
    const admin = await openBrowser(baseUrl);
    const labeler = await openBrowser(baseUrl);
    const staff = await openBrowser(baseUrl);
    try {
      await signIn(admin.page, DEMO_USERS.admin);
      await setConsent(admin.page, true);
      await screenshot(admin.page, "labelling-consent");

      const page = labeler.page;
      await signIn(page, DEMO_USERS.labeler);
      // The demo's comments are analysed by a job after the server starts; wait until one can be served.
      await until("a comment to label", async () => {
        const task = await ok<LabellingTask>(await page.request.get("/api/labelling/next"));
        return task.comment !== null;
      });
      await page.goto("/dashboard");
      const card = page.getByTestId("ai-hub-card");
      const before = Number(await visibleText(card.getByTestId("ai-hub-points")));
      // AI_HUB_URL is not set on the e2e server: the A.I. Hub link is hidden, the card and its count are shown.
      expect(await card.getByTestId("ai-hub-link").count()).toBe(0);
      await card.getByRole("link", { name: "Label comments" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard/labelling");

      // Each task is a different comment, told apart by its id: the demo's generated comments repeat some texts.
      const seen: string[] = [];
      for (const [index, labels] of LABELS.entries()) {
        const shown = page.getByTestId("labelling-comment");
        expect(await visibleText(shown)).not.toBe("");
        const excerptId = (await shown.getAttribute("data-excerpt-id")) ?? "";
        expect(excerptId).not.toBe("");
        expect(seen).not.toContain(excerptId);
        seen.push(excerptId);
        expect(await visibleText(page.getByTestId("labelling-points"))).toBe(`${before + index} labelled`);
        await page.getByRole("radio", { name: labels.sentiment, exact: true }).check();
        await page.getByLabel("Emotion").selectOption(labels.emotion);
        await page.getByLabel("Topic").selectOption(labels.topic);
        if (index === 0) {
          await checkA11y(page, "labelling form filled in");
          await screenshot(page, "labelling-desktop");
        }
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await until(
          `${before + index + 1} labelled`,
          async () => (await page.getByTestId("labelling-points").textContent()) === `${before + index + 1} labelled`,
        );
      }
      // Nothing on the page names the company, the survey or a person.
      const body = (await page.locator("main").textContent()) ?? "";
      for (const secret of ["Demo Company", "Love of Workplace Index", "Avery", "Admin"]) expect(body).not.toContain(secret);

      await page.setViewportSize(PHONE);
      await page.getByTestId("labelling-comment").waitFor();
      await checkA11y(page, "labelling page on a phone");
      await screenshot(page, "labelling-phone");

      await page.goto("/dashboard");
      expect(await visibleText(page.getByTestId("ai-hub-points"))).toBe(String(before + 3));

      await signIn(staff.page, DEMO_USERS.staff);
      expect(await staff.page.getByTestId("ai-hub-card").count()).toBe(0);
      await staff.page.goto("/dashboard/labelling");
      await staff.page.getByTestId("access-denied").waitFor();
      expect((await staff.page.request.get("/api/labelling/next")).status()).toBe(404);
    } finally {
      await setConsent(admin.page, false).catch(() => undefined);
      await Promise.all([admin.close(), labeler.close(), staff.close()]);
    }
  }, 180_000);
});
