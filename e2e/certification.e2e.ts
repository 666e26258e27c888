/**
 * Certification on the demo company, end to end (issue 13's done-when, decisions 0034–0039): an eligible award card
 * goes into the cart, checkout records it as paid by the Gold plan's included certifications, the card turns
 * Certified; the first download asks for confirmation, the second starts after 1 s without it and the remaining count
 * drops; the embed code is copied and renders the badge on a blank page; Add to profile puts it on /c/demo-company;
 * the snippet's /verify/{id} says Valid and the downloaded PNG, uploaded there, verifies from its baked credential.
 * Then the phone layouts, and Staff reading "No Certification Access" on the dashboard. Axe runs on every page reached.
 */
import { readFileSync } from "node:fs";
import type { BadgeUsage, CertificationCardList, HeldBadgeList } from "@hearth/shared";
import type { Page, Request } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, screenshotViewport, signIn } from "./support/browser";
import { modalsSettled, ok, visibleText } from "./support/page-helpers";

/** The billing page's card of `badgeId`, on its year. */
async function billingCard(page: Page, badgeId: string, year: number) {
  await page.goto("/dashboard/billing");
  const cards = page.getByTestId("billing-certifications");
  await cards.getByTestId("certification-rule").waitFor();
  await cards.getByText(String(year), { exact: true }).click();
  const card = page.getByTestId(`badge-card-${badgeId}`);
  await card.waitFor();
  return card;
}

/** The cart drawer once it has opened, shows the priced cart and has finished sliding in. */
async function openedDrawer(page: Page) {
  const drawer = page.getByRole("dialog", { name: "Cart" });
  await drawer.getByTestId("cart-contents").waitFor();
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  return drawer;
}

describe("certification on the demo company (issue 13)", () => {
  const baseUrl = inject("baseUrl");

  test("eligible card → cart → checkout → Certified → download twice → embed → profile → /c/demo-company → /verify", async () => {
    const desktop = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page, context } = desktop;
      const api = context.request;
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await signIn(page, DEMO_USERS.admin);

      // An eligible award the demo company does not hold yet (its certification it holds from the seed).
      const offered = await ok<CertificationCardList>(await api.get("/api/certifications/cards"));
      const award = offered.cards.find((card) => card.type === "award" && card.eligibility && card.status === "Available");
      expect(award, "the demo company has an eligible award to buy").toBeTruthy();
      const badgeId = award?.id as string;
      const year = award?.year as number;
      const title = `${award?.name} ${year}`;

      // Eligible card → cart: Gold includes it, so the line costs nothing.
      let card = await billingCard(page, badgeId, year);
      expect(await visibleText(card.getByText("Eligible", { exact: true }))).toBe("Eligible");
      await card.getByRole("button", { name: `Add to cart: ${title}` }).click();
      const drawer = await openedDrawer(page);
      const line = drawer.getByTestId(`cart-line-badge:${badgeId}`);
      await line.getByTestId("cart-line-plan-included").waitFor();
      expect(await visibleText(drawer.getByTestId("cart-total"))).toBe("$0");
      await checkA11y(page, "cart drawer with the plan-included award");
      await screenshotViewport(page, "desktop-demo-cart-award");

      // Checkout → the order, paid by the plan's included certifications.
      await drawer.getByTestId("cart-checkout").click();
      await page.waitForURL((url) => url.pathname.startsWith("/dashboard/billing/order/"));
      expect(await visibleText(page.getByTestId("order-status"))).toBe("Paid");
      expect(await page.getByTestId("order-line").first().textContent()).toContain(award?.name as string);
      expect(await visibleText(page.locator("main"))).toContain("Payment reference: Included in the plan");
      expect(await visibleText(page.getByTestId("order-payment-terms"))).toBe(
        "Nothing to pay: your plan includes everything on this order.",
      );
      await checkA11y(page, "order paid by the plan");
      await screenshot(page, "desktop-demo-order-award");

      // Certified, with its actions.
      card = await billingCard(page, badgeId, year);
      await card.getByText("Certified", { exact: true }).first().waitFor();
      await card.getByTestId("downloads-remaining").waitFor();
      const before = await ok<BadgeUsage>(await api.get("/api/certifications/usage"));
      const remaining = before.remaining as number;
      expect(remaining).toBeGreaterThan(1);
      expect(await visibleText(card.getByTestId("downloads-remaining"))).toBe(
        `${remaining} of ${before.licence} badge downloads left this licence year.`,
      );

      // First download: the confirmation modal, then the PNG.
      await card.getByRole("button", { name: `Download: ${title}` }).click();
      const confirmation = page.getByTestId("download-confirmation");
      await confirmation.waitFor();
      await modalsSettled(page);
      await checkA11y(page, "download confirmation");
      await screenshotViewport(page, "desktop-certification-download-modal");
      const firstDownload = page.waitForEvent("download");
      await page.getByRole("button", { name: "Confirm download" }).click();
      await page.getByText("Certification Downloaded").first().waitFor();
      const downloaded = await firstDownload;
      expect(downloaded.suggestedFilename()).toMatch(/\.png$/);
      const png = readFileSync((await downloaded.path()) as string);
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      await card.getByText(`${remaining - 1} of ${before.licence} badge downloads left this licence year.`).waitFor();

      // Second download: no modal, the request leaves after the 1 s delay, and the count drops again.
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
      await card.getByText(`${remaining - 2} of ${before.licence} badge downloads left this licence year.`).waitFor();

      // Embed code: the spec's text; Copy Embed Code copies the snippet, which renders the badge on a blank page.
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
      const verifyUrl = (snippet.match(/href="([^"]+)"/) as RegExpMatchArray)[1];
      await page.keyboard.press("Escape");
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

      // Add to profile, then the public profile shows the badge beside the seeded certification.
      await card.getByRole("button", { name: `Add to profile: ${title}` }).click();
      await page.getByText("Badge added to profile").first().waitFor();
      const after = await ok<BadgeUsage>(await api.get("/api/certifications/usage"));
      expect(after.shownCertifications).toContainEqual({ certification: badgeId, year });
      await page.goto("/c/demo-company");
      await page.getByRole("heading", { name: "Demo Company", level: 1 }).waitFor();
      const badge = page.getByRole("img", { name: title });
      expect(await badge.getAttribute("src")).toContain("/api/certifications/embed?id=");
      expect(await badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await checkA11y(page, "public profile");
      await screenshot(page, "desktop-public-profile");
      expect((await api.get("/c/no-such-company")).status()).toBe(404);

      // The dashboard's Certifications section lists it, with its actions for an Admin.
      await page.goto("/dashboard");
      const held = page.getByTestId(`held-badge-${badgeId}`);
      await held.getByRole("button", { name: `Download: ${title}` }).waitFor();
      expect(await page.getByTestId("no-certification-access").count()).toBe(0);
      await checkA11y(page, "dashboard with certifications");
      await screenshot(page, "desktop-dashboard-certifications");

      // /verify/{id} from the snippet says Valid; the downloaded PNG, uploaded, verifies from its baked credential.
      const verifier = await context.browser()?.newContext({ viewport: DESKTOP, baseURL: baseUrl });
      const signedOut = await (verifier as NonNullable<typeof verifier>).newPage();
      try {
        await signedOut.goto(verifyUrl);
        expect(await visibleText(signedOut.getByTestId("badge-status").first())).toBe("Valid");
        expect(await visibleText(signedOut.locator("main"))).toContain(award?.name as string);
        await signedOut.locator('input[type="file"]').setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: png });
        await signedOut.getByText("Credential baked into the uploaded PNG").waitFor();
        const uploaded = signedOut.getByRole("region", { name: new RegExp(award?.name as string) }).nth(1);
        expect(await visibleText(uploaded.getByTestId("badge-status"))).toBe("Valid");
        await checkA11y(signedOut, "verify page with the downloaded badge");
        await screenshot(signedOut, "desktop-demo-verify-upload");
      } finally {
        await verifier?.close();
      }
    } finally {
      await desktop.close();
    }
  });

  test("phone: the embed modal, the public profile and the dashboard; Staff reads No Certification Access", async () => {
    const phone = await openBrowser(baseUrl, PHONE);
    try {
      const { page, context } = phone;
      await signIn(page, DEMO_USERS.admin);
      const cards = await ok<CertificationCardList>(await context.request.get("/api/certifications/cards"));
      const held = cards.cards.find((one) => one.type === "certification" && one.status === "Certified");
      const title = `${held?.name} ${held?.year}`;
      const card = await billingCard(page, held?.id as string, held?.year as number);
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
      await page.goto("/dashboard");
      await page.getByTestId(`held-badge-${held?.id}`).waitFor();
      await checkA11y(page, "dashboard with certifications (phone)");
      await screenshot(page, "phone-dashboard-certifications");
    } finally {
      await phone.close();
    }

    // Staff: the dashboard lists the badges but offers no action; the API refuses with the spec's message.
    const staff = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page, context } = staff;
      await signIn(page, DEMO_USERS.staff);
      const list = await ok<HeldBadgeList>(await context.request.get("/api/certifications/held"));
      expect(list.canManage).toBe(false);
      const first = list.badges[0];
      await page.goto("/dashboard");
      const access = page.getByTestId("no-certification-access");
      expect(await visibleText(access)).toContain("No Certification Access");
      expect(await visibleText(access)).toContain("You do not have access to this certification badge.");
      await page.getByTestId(`held-badge-${first.id}`).waitFor();
      expect(await page.getByRole("button", { name: `Download: ${first.name} ${first.year}` }).count()).toBe(0);
      await checkA11y(page, "dashboard certifications for Staff");
      await screenshot(page, "desktop-dashboard-certifications-staff");
      const response = await context.request.post("/api/certifications/embed-code", { data: { badgeId: first.id } });
      expect(response.status()).toBe(403);
      expect((await response.json()).error.message).toBe("You do not have access to this certification badge.");
    } finally {
      await staff.close();
    }
  });
});
