/**
 * Live notifications (issue 15 item 3, decision 0047), in Chromium on the demo company: the Employee has the
 * dashboard open in one browser; the Admin publishes a survey in another (through the API); the Employee's bell
 * badge rises within 2 seconds without a reload, the bell lists the survey, and Mark all as read clears the badge.
 * The survey is archived at the end so the demo keeps its free survey slots.
 */
import { createCustomField } from "@hearth/shared";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, openBrowser, screenshot, signIn } from "./support/browser";
import { publishCustomSurvey } from "./support/surveys";

const badgeCount = async (badge: import("playwright-core").Locator) => {
  const text = (
    (await badge
      .locator(".mantine-Indicator-indicator")
      .textContent()
      .catch(() => null)) ?? ""
  ).trim();
  return text === "" ? 0 : Number(text.replace("+", ""));
};

describe("live notifications", () => {
  const baseUrl = inject("baseUrl");

  test("a survey published by the Admin reaches the Employee's bell within 2 seconds, without a reload", async () => {
    const admin = await openBrowser(baseUrl);
    const staff = await openBrowser(baseUrl);
    let surveyId: string | null = null;
    try {
      await signIn(admin.page, DEMO_USERS.admin);
      await signIn(staff.page, DEMO_USERS.staff);
      const { page } = staff;
      // the bell's live stream: its response (headers) arrives once the server has subscribed the page
      // Start from nothing unread, so the badge's rise is this survey's: cleared before the page loads (another suite
      // may have left a notification, and the page reads its count once, then follows the stream).
      const cleared = await page.request.post("/api/notifications/read-all", { data: {} });
      expect(cleared.ok()).toBe(true);
      const streamOpened = page.waitForResponse((response) => response.url().includes("/api/notifications/stream"), { timeout: 15_000 });
      await page.goto("/dashboard");
      const bell = page.getByRole("button", { name: /^Notifications/ });
      await bell.waitFor();
      const badge = page.getByTestId("notifications-badge");
      await expect.poll(() => badgeCount(badge), { timeout: 5_000 }).toBe(0);
      expect((await streamOpened).status()).toBe(200);
      let navigations = 0;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) navigations++;
      });

      const name = `Team lunch poll ${Date.now().toString(36)}`;
      const question = createCustomField([], { question: "Which day suits you for a team lunch?", required: true });
      const published = Date.now();
      const survey = await publishCustomSurvey(admin.context.request, {
        name,
        description: "One question about lunch.",
        fields: [question],
      });
      surveyId = survey.id;

      await expect.poll(() => badgeCount(badge), { timeout: 2_000, interval: 50 }).toBe(1);
      const elapsed = Date.now() - published;
      expect(elapsed, "the badge rose within 2 seconds of the publish request").toBeLessThanOrEqual(2_000);
      expect(navigations, "the page was not reloaded").toBe(0);
      expect(await bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");

      await bell.click();
      const item = page.getByRole("menuitem", { name: new RegExp(`Survey published: ${name}`) });
      await item.waitFor();
      await screenshot(page, "notifications-live-bell-desktop");
      await page.getByRole("menuitem", { name: "Mark all as read" }).click();
      await expect.poll(() => badgeCount(badge), { timeout: 5_000 }).toBe(0);
      expect(await bell.getAttribute("aria-label")).toBe("Notifications");
    } finally {
      if (surveyId) await admin.context.request.post(`/api/surveys/${surveyId}/archive`).catch(() => undefined);
      await admin.close();
      await staff.close();
    }
  });
});
