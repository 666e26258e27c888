/**
 * Certification badges on the demo company (issue 13 items 4–5, decision 0038): the Certified card's first download
 * asks for confirmation, the second starts after 1 s without it and the remaining count drops; the embed code is
 * copied and renders the badge on a blank page; Add to profile; /c/demo-company shows the badge. Desktop and phone
 * screenshots of the modals and the public profile, axe on each.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BadgeUsage, CertificationCardList } from "@hearth/shared";
import type { Page, Request } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { modalsSettled, ok, visibleText } from "./support/page-helpers";

/** The viewport as the user sees it: a full-page capture would move the fixed header and the modal's overlay. */
async function screenshotViewport(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, "../test-results/screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function certifiedCard(page: Page, badgeId: string) {
  await page.goto("/dashboard/billing");
  const card = page.getByTestId(`badge-card-${badgeId}`);
  await card.getByTestId("downloads-remaining").waitFor();
  return card;
}

describe("certification badges (issue 13 items 4–5)", () => {
  const baseUrl = inject("baseUrl");

  test("download twice, copy the embed code, add to profile, see the badge at /c/demo-company", async () => {
    const desktop = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page, context } = desktop;
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await signIn(page, DEMO_USERS.admin);
      const cards = await ok<CertificationCardList>(await context.request.get("/api/certifications/cards"));
      const held = cards.cards.find((one) => one.type === "certification" && one.status === "Certified");
      expect(held, "the demo company holds a certification").toBeTruthy();
      const badgeId = held?.id as string;
      const title = `${held?.name} ${held?.year}`;
      const before = await ok<BadgeUsage>(await context.request.get("/api/certifications/usage"));
      expect(before.remaining).toBe(8);
      const embedProbe = await context.request.get(
        `/api/certifications/embed?id=${encodeURIComponent((await ok<{ tenant: { id: string } }>(await context.request.get("/api/me"))).tenant.id)}&certification=${encodeURIComponent(held?.name as string)}&year=${held?.year}`,
      );
      const embedExists = embedProbe.status() === 200;

      const card = await certifiedCard(page, badgeId);
      expect(await visibleText(card.getByTestId("downloads-remaining"))).toBe("8 of 8 badge downloads left this licence year.");

      // First download: the confirmation modal.
      await card.getByRole("button", { name: `Download: ${title}` }).click();
      const confirmation = page.getByTestId("download-confirmation");
      await confirmation.waitFor();
      await modalsSettled(page);
      await checkA11y(page, "download confirmation");
      await screenshotViewport(page, "desktop-certification-download-modal");
      const firstDownload = embedExists ? page.waitForEvent("download") : null;
      await page.getByRole("button", { name: "Confirm download" }).click();
      await page.getByText("Certification Downloaded").first().waitFor();
      if (firstDownload) expect((await firstDownload).suggestedFilename()).toMatch(/\.png$/);
      await card.getByText("7 of 8 badge downloads left this licence year.").waitFor();

      // Second download: no modal, the request leaves after the 1 s delay.
      await page.getByText("Certification Downloaded").first().waitFor({ state: "hidden", timeout: 10_000 });
      const clickedAt = Date.now();
      const posted = page.waitForRequest(
        (request: Request) => request.url().endsWith("/api/certifications/downloads") && request.method() === "POST",
      );
      await card.getByRole("button", { name: `Download: ${title}` }).click();
      expect(await confirmation.isVisible()).toBe(false);
      await posted;
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(950);
      expect(await confirmation.isVisible()).toBe(false);
      await page.getByText("Certification Downloaded").first().waitFor();
      await card.getByText("6 of 8 badge downloads left this licence year.").waitFor();

      // Embed code: the spec's text, Copy Embed Code copies the snippet.
      await card.getByRole("button", { name: `Embed code: ${title}` }).click();
      const embedModal = page.getByTestId("embed-modal");
      await embedModal
        .getByText("Your badge will only be displayed if you have been officially certified for the current calendar year.")
        .waitFor();
      await embedModal.getByTestId("embed-snippet").waitFor();
      await modalsSettled(page);
      await checkA11y(page, "embed modal");
      await screenshotViewport(page, "desktop-certification-embed-modal");
      await embedModal.getByRole("button", { name: "Copy Embed Code" }).click();
      const snippet = await page.evaluate(() => navigator.clipboard.readText());
      expect(snippet).toBe(await embedModal.getByTestId("embed-snippet").textContent());
      expect(snippet).toMatch(
        /^<a href="http[^"]+\/verify\/[0-9a-f-]{36}"><img src="http[^"]+\/api\/certifications\/embed\?id=[^"]+" width="75" alt="[^"]+"><\/a>$/,
      );
      await page.keyboard.press("Escape");

      if (embedExists) {
        const blank = await context.newPage();
        await blank.setContent(`<!doctype html><html lang="en"><head><title>Embed</title></head><body>${snippet}</body></html>`);
        const size = await blank.locator("img").evaluate(
          (image: HTMLImageElement) =>
            new Promise<{ width: number; natural: number }>((resolve, reject) => {
              const done = () => resolve({ width: image.width, natural: image.naturalWidth });
              if (image.complete && image.naturalWidth > 0) done();
              image.addEventListener("load", done);
              image.addEventListener("error", () => reject(new Error("the badge image did not load")));
            }),
        );
        expect(size.width).toBe(75);
        expect(size.natural).toBeGreaterThan(0);
        await blank.close();
      }

      // Add to profile (the demo already shows its certification: remove it, then add it back).
      const profileButton = card.getByRole("button", { name: `Remove from profile: ${title}` });
      await profileButton.click();
      await page.getByText("Badge removed from profile").first().waitFor();
      await card.getByRole("button", { name: `Add to profile: ${title}` }).click();
      await page.getByText("Badge added to profile").first().waitFor();
      const after = await ok<BadgeUsage>(await context.request.get("/api/certifications/usage"));
      expect(after.shownCertifications).toEqual([{ certification: badgeId, year: held?.year }]);

      // The public profile shows the badge.
      await page.goto("/c/demo-company");
      await page.getByRole("heading", { name: "Demo Company", level: 1 }).waitFor();
      const badge = page.getByRole("img", { name: title });
      expect(await badge.getAttribute("src")).toContain("/api/certifications/embed?id=");
      await checkA11y(page, "public profile");
      await screenshot(page, "desktop-public-profile");
      expect((await context.request.get("/c/no-such-company")).status()).toBe(404);
    } finally {
      await desktop.close();
    }
  });

  test("phone: the embed modal and the public profile; Staff sees No Certification Access from the API", async () => {
    const phone = await openBrowser(baseUrl, PHONE);
    try {
      const { page, context } = phone;
      await signIn(page, DEMO_USERS.admin);
      const cards = await ok<CertificationCardList>(await context.request.get("/api/certifications/cards"));
      const held = cards.cards.find((one) => one.type === "certification" && one.status === "Certified");
      const title = `${held?.name} ${held?.year}`;
      const card = await certifiedCard(page, held?.id as string);
      await card.getByRole("button", { name: `Embed code: ${title}` }).click();
      await page.getByTestId("embed-snippet").waitFor();
      await modalsSettled(page);
      await checkA11y(page, "embed modal (phone)");
      await screenshotViewport(page, "phone-certification-embed-modal");
      await page.keyboard.press("Escape");
      await page.goto("/c/demo-company");
      await page.getByRole("img", { name: title }).waitFor();
      await checkA11y(page, "public profile (phone)");
      await screenshot(page, "phone-public-profile");
    } finally {
      await phone.close();
    }
    const staff = await openBrowser(baseUrl, DESKTOP);
    try {
      await signIn(staff.page, DEMO_USERS.staff);
      const response = await staff.context.request.post("/api/certifications/embed-code", { data: { badgeId: "certification-2026" } });
      expect(response.status()).toBe(403);
      expect((await response.json()).error.message).toBe("You do not have access to this certification badge.");
    } finally {
      await staff.close();
    }
  });
});
