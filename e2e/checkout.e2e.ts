import { readFileSync } from "node:fs";
import {
  CART_EXCEEDS_PLAN,
  CART_NOT_ELIGIBLE,
  CART_SALES_TOOLTIP,
  type CartResponse,
  type CertificationCardList,
  type MeResponse,
  type OrderResponse,
} from "@hearth/shared";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { pdfText } from "../apps/server/src/test/pdf-text";
import { cartLineFixture } from "../apps/web/src/features/cart/cart-line.fixture";
import { checkA11y } from "./support/a11y";
import { createVerifiedUser, DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, screenshotViewport, signIn } from "./support/browser";
import { makeEligible } from "./support/certification";
import { ok, until, visibleText } from "./support/page-helpers";

const CHECKOUT_ERROR = "Error on checkout";

/** The cart drawer, once it has opened and shows the priced cart. */
async function openedDrawer(page: Page) {
  const drawer = page.getByRole("dialog", { name: "Cart" });
  await drawer.waitFor();
  await drawer.getByTestId("cart-contents").or(drawer.getByTestId("cart-empty")).first().waitFor();
  // let the slide-in transition finish before axe measures colours or a screenshot is taken
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  return drawer;
}

async function downloadText(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return { name: download.suggestedFilename(), text: pdfText(bytes) };
}

describe("checkout (issue 12 items 4–6)", () => {
  const baseUrl = inject("baseUrl");

  test("a new Free company buys Silver through the cart, gets an order with its documents, and has Silver once it is paid", async () => {
    const companyName = "Checkout Test Co";
    const owner = await createVerifiedUser(baseUrl, "checkout", companyName);
    let orderId = "";
    let orderNumber = "";
    let tenantId = "";
    let eligibleYear = 0;

    const desktop = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = desktop;
      await signIn(page, owner.email, owner.password);
      eligibleYear = await makeEligible(desktop.context.request, companyName, "12 Kiln Street, Austin, TX");
      tenantId = (await ok<MeResponse>(await desktop.context.request.get("/api/me"))).tenant.id;
      // The dashboard's certification card shows each rule met and leads to the billing page's cards (decision 0035)
      await page.goto("/dashboard");
      const progress = page.getByTestId("dashboard-certification");
      expect(await visibleText(progress.getByTestId("dashboard-certification-message"))).toBe(
        `Eligible for the ${eligibleYear} certification.`,
      );
      for (const rule of ["closed", "responses", "score"]) {
        expect(await progress.getByTestId(`dashboard-certification-rule-${rule}`).getAttribute("data-met")).toBe("true");
      }
      await progress.getByRole("link", { name: "Get certified: see your certification cards" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard/billing");
      // "See plans" from the upgrade dialog starts the upgrade (and tells the CRM so)
      await page.goto("/dashboard?upgrade=true&plan=Silver");
      await page.getByRole("button", { name: "See plans" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard/billing/plan");
      await page.getByTestId("plan-card-Silver").waitFor();
      // no Add to cart for the current plan or for Premium (by request only)
      expect(await page.getByRole("button", { name: "Add to cart: Free" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Add to cart: Premium" }).count()).toBe(0);
      const cartButton = page.getByTestId("cart-button");
      expect(await cartButton.getAttribute("aria-label")).toBe("Cart, empty");

      // Monthly, then back to Yearly: the cart takes the page's cycle when the plan is added
      await page.getByTestId("billing-cycle").getByText("Monthly").click();
      await page.getByTestId("billing-cycle").getByText("Yearly").click();
      await page.getByRole("button", { name: "Add to cart: Silver" }).click();
      const drawer = await openedDrawer(page);
      const silverLine = drawer.getByTestId("cart-line-plan");
      expect(await visibleText(silverLine)).toContain("Silver plan");
      expect(await drawer.getByTestId("cart-cycle").locator('input[value="yearly"]').isChecked()).toBe(true);
      const yearlyTotal = await visibleText(drawer.getByTestId("cart-total"));
      expect(yearlyTotal).toMatch(/^\$[\d,]+$/);
      expect(await cartButton.getAttribute("aria-label")).toBe("Cart, 1 item");
      await checkA11y(page, "cart drawer");
      await screenshotViewport(page, "desktop-cart-drawer");
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Cart" }).waitFor({ state: "detached" });

      // two certifications from their cards: the eligible year's is included in Silver, the other year's is Not Eligible
      await page.goto("/dashboard/billing");
      const cards = page.getByTestId("billing-certifications");
      const offered = await ok<CertificationCardList>(await desktop.context.request.get("/api/certifications/cards"));
      const otherYear = offered.years.find((year) => year !== eligibleYear) as number;
      const eligibleName = `Hearth Certified Workplace ${eligibleYear}`;
      const otherName = `Hearth Certified Workplace ${otherYear}`;
      await cards.getByText(String(eligibleYear), { exact: true }).click();
      expect(await visibleText(cards.getByTestId("certification-rule"))).toContain(`Eligible for ${eligibleYear}`);
      await checkA11y(page, "certification cards");
      await screenshot(page, "desktop-billing-certification-cards");
      await cards.getByRole("button", { name: `Add to cart: ${eligibleName}` }).click();
      await openedDrawer(page);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Cart" }).waitFor({ state: "detached" });
      await cards.getByText(String(otherYear), { exact: true }).click();
      await cards.getByRole("button", { name: `Add to cart: ${otherName}` }).click();
      const badgesDrawer = await openedDrawer(page);
      const eligibleLine = badgesDrawer.getByTestId(`cart-line-badge:certification-${eligibleYear}`);
      const otherLine = badgesDrawer.getByTestId(`cart-line-badge:certification-${otherYear}`);
      expect(await visibleText(eligibleLine)).toContain("Plan included");
      expect(await visibleText(otherLine)).toContain("Not Eligible");
      // the plan-included badge costs nothing: the total is still Silver's
      expect(await visibleText(badgesDrawer.getByTestId("cart-total"))).toBe(yearlyTotal);
      await checkA11y(page, "cart drawer with badges");
      await screenshotViewport(page, "desktop-cart-drawer-badges");
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Cart" }).waitFor({ state: "detached" });
      await page.goto("/dashboard/billing/plan");
      await cartButton.click();
      await openedDrawer(page);
      expect(await cartButton.getAttribute("aria-label")).toBe("Cart, 3 items");

      // the drawer's own toggle reprices the plan line on the server (monthly is cheaper per charge), and back
      await drawer.getByTestId("cart-cycle").getByText("Monthly").click();
      await page.waitForFunction((before) => document.querySelector('[data-testid="cart-total"]')?.textContent !== before, yearlyTotal);
      await drawer.getByTestId("cart-cycle").getByText("Yearly").click();
      await page.waitForFunction((before) => document.querySelector('[data-testid="cart-total"]')?.textContent === before, yearlyTotal);

      // a failed checkout shows the spec's message and keeps the cart
      await page.route("**/api/certifications/aquire", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { message: "boom" } }) }),
      );
      await drawer.getByTestId("cart-checkout").click();
      expect(await visibleText(drawer.getByTestId("cart-checkout-error"))).toBe(CHECKOUT_ERROR);
      expect(await visibleText(drawer.getByTestId("cart-line-plan"))).toContain("Silver plan");
      expect((await ok<{ lines: unknown[] }>(await desktop.context.request.get("/api/cart"))).lines).toHaveLength(3);
      await page.unroute("**/api/certifications/aquire");

      // checkout: the drawer closes and the order page opens
      await drawer.getByTestId("cart-checkout").click();
      await page.waitForURL((url) => url.pathname.startsWith("/dashboard/billing/order/"));
      orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
      await page.getByRole("dialog", { name: "Cart" }).waitFor({ state: "detached" });
      expect(await visibleText(page.getByTestId("order-status"))).toBe("Awaiting payment");
      orderNumber = ((await visibleText(page.getByTestId("order-number"))).match(/HRT-\d{4}-\d{6}/) ?? [""])[0];
      expect(orderNumber).not.toBe("");
      expect(await visibleText(page.getByTestId("order-total"))).toBe(yearlyTotal);
      expect(await page.getByTestId("order-line").first().textContent()).toContain("Silver plan (yearly)");
      // the plan-included certification is an order line at $0; the Not Eligible one went to the sales team instead
      expect(await page.getByTestId("order-line").count()).toBe(2);
      expect(await page.getByTestId("order-line").nth(1).textContent()).toContain(`Hearth Certified Workplace`);
      expect(await visibleText(page.getByTestId("order-sales-request"))).toContain(`${otherName} (Not Eligible)`);
      expect(await visibleText(page.getByTestId("order-payment-terms"))).toContain("within 30 days");
      // no payment provider: no Pay now
      expect(await page.getByTestId("order-pay-now").count()).toBe(0);
      expect(await cartButton.getAttribute("aria-label")).toBe("Cart, empty");
      await screenshot(page, "desktop-order-page");

      const invoice = await downloadText(page, "order-invoice-pdf");
      expect(invoice.name).toMatch(/\.pdf$/);
      for (const expected of [
        orderNumber,
        "Silver",
        "Hearth Certified Workplace",
        yearlyTotal,
        companyName,
        "Payment is due within 30 days",
      ]) {
        expect(invoice.text).toContain(expected);
      }
      const orderForm = await downloadText(page, "order-form-pdf");
      expect(orderForm.name).toBe("order-form.pdf");
      expect(orderForm.text).toContain("Order Form");
      expect(orderForm.text).toContain(companyName);

      // General lists it as an open order; History as awaiting payment
      await page.goto("/dashboard/billing");
      await page.getByTestId(`open-order-${orderNumber}`).waitFor();
      await page.getByTestId("billing-tab-history").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/billing/history");
      expect(await visibleText(page.getByTestId(`order-row-${orderNumber}`).getByTestId("order-status"))).toBe("Awaiting payment");

      // an unknown order reads as not found
      await page.goto("/dashboard/billing/order/00000000-0000-4000-8000-000000000000");
      await page.getByTestId("order-not-found").waitFor();
    } finally {
      await desktop.close();
    }

    // an internal account records the payment
    const internal = await openBrowser(baseUrl, DESKTOP);
    try {
      await signIn(internal.page, DEMO_USERS.internal);
      const paid = await ok<{ order: OrderResponse }>(
        await internal.context.request.post(`/api/internal/orders/${orderId}/payment`, {
          data: { paidAt: new Date().toISOString(), reference: "E2E-WIRE-1" },
        }),
      );
      expect(paid.order.status).toBe("paid");
      // "See plans" reached the CRM as the upgrade's first step (the outbox, no HubSpot configured)
      const steps = await until("the cert-step CRM event in the outbox", async () => {
        const outbox = await ok<{ items: { payload: Record<string, unknown> }[] }>(
          await internal.context.request.get(`/api/internal/crm-outbox?tenantId=${tenantId}&kind=cert-step`),
        );
        return outbox.items.length > 0 ? outbox.items : undefined;
      });
      expect(JSON.stringify(steps[0].payload)).toContain("Evaluation");
    } finally {
      await internal.close();
    }

    for (const [name, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const session = await openBrowser(baseUrl, viewport);
      const { page } = session;
      try {
        await signIn(page, owner.email, owner.password);
        await page.goto("/dashboard/billing");
        expect(await visibleText(page.getByTestId("billing-effective-plan"))).toBe("Silver");
        await page.getByTestId("open-orders-none").waitFor();
        const me = await ok<MeResponse>(await session.context.request.get("/api/me"));
        expect(me.tenant.effectivePlan).toBe("Silver");
        expect(me.tenant.features).toContain("SocialAmplification");
        expect(me.tenant.features).not.toContain("CustomQuestions");
        // the plan-included certification is held now; the certification licences show it
        const certified = page.getByTestId(`badge-card-certification-${eligibleYear}`);
        await page
          .getByTestId("billing-certifications")
          .getByRole("radio", { name: String(eligibleYear) })
          .check({ force: true });
        expect(await visibleText(certified)).toContain(`Certified for ${eligibleYear}`);
        expect(await visibleText(page.getByTestId("licence-certification"))).toContain("1 of 4 used");
        await screenshot(page, `${name}-billing-certified`);

        await page.goto("/dashboard/billing/history");
        const row = page.getByTestId(`order-row-${orderNumber}`);
        expect(await visibleText(row.getByTestId("order-status"))).toBe("Paid");
        await screenshot(page, `${name}-billing-history`);

        await row.getByRole("link", { name: `Order ${orderNumber}` }).click();
        await page.waitForURL((url) => url.pathname === `/dashboard/billing/order/${orderId}`);
        expect(await visibleText(page.getByTestId("order-status"))).toBe("Paid");
        await screenshot(page, `${name}-order-page-paid`);

        // Silver now: Gold is the one plan left to add; the drawer on this viewport, then removed again
        await page.goto("/dashboard/billing/plan");
        await page.getByTestId("plan-card-Gold").waitFor();
        expect(await page.getByRole("button", { name: "Add to cart: Silver" }).count()).toBe(0);
        await page.getByRole("button", { name: "Add to cart: Gold" }).click();
        const drawer = await openedDrawer(page);
        expect(await visibleText(drawer.getByTestId("cart-line-plan"))).toContain("Gold plan");
        await checkA11y(page, `cart drawer (${name})`);
        await screenshotViewport(page, `${name}-cart-drawer`);
        await drawer.getByRole("button", { name: "Remove Gold plan from the cart" }).click();
        await drawer.getByTestId("cart-empty").waitFor();
        await checkA11y(page, `empty cart drawer (${name})`);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog", { name: "Cart" }).waitFor({ state: "detached" });
      } finally {
        await session.close();
      }
    }
  });

  test("the drawer lays out badge lines exactly as the server priced them (plan-included, next plan, sales messages, offer)", async () => {
    const line = cartLineFixture;
    const badge = {
      kind: "badge" as const,
      type: "certification" as const,
      plan: null,
      year: 2026,
      licenceType: "digitalorprint" as const,
    };
    const cart: CartResponse = {
      billingCycle: "yearly",
      lines: [
        line({}),
        line({
          ...badge,
          id: "badge:b1",
          badgeId: "b1",
          name: "Best Workplace",
          image: "/favicon.svg",
          price: 0,
          originalPrice: 700_000,
          isPlanIncluded: true,
        }),
        line({
          ...badge,
          id: "badge:b2",
          badgeId: "b2",
          name: "Inclusive Culture",
          type: "award",
          price: 400_000,
          originalPrice: 400_000,
          isNextPlanIncluded: true,
          payable: false,
          message: CART_EXCEEDS_PLAN,
          tooltip: CART_SALES_TOOLTIP,
        }),
        line({
          ...badge,
          id: "badge:b3",
          badgeId: "b3",
          name: "Great Leaders",
          licenceType: "unlimiteduse",
          price: 900_000,
          originalPrice: 900_000,
          eligibility: false,
          payable: false,
          message: CART_NOT_ELIGIBLE,
          tooltip: CART_SALES_TOOLTIP,
        }),
      ],
      total: 1_800_000,
      originalTotal: 2_500_000,
      includedSavings: 700_000,
      currentPlan: "Gold",
      governingPlan: "Silver",
      offer: { plan: "Gold", planPrice: 3_500_000, badgesToBreakEven: 1, currentTotal: 3_100_000, nextPlanTotal: 3_500_000, savings: 0 },
      dropped: [],
      updatedAt: new Date().toISOString(),
    };
    for (const [name, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const session = await openBrowser(baseUrl, viewport);
      const { page } = session;
      try {
        await page.route("**/api/cart", (route) =>
          route.request().method() === "GET"
            ? route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(cart) })
            : route.continue(),
        );
        await signIn(page, DEMO_USERS.admin);
        const cartButton = page.getByTestId("cart-button");
        await page.waitForFunction(
          () => document.querySelector('[data-testid="cart-button"]')?.getAttribute("aria-label") === "Cart, 4 items",
        );
        await cartButton.click();
        const drawer = await openedDrawer(page);
        expect(await visibleText(drawer.getByTestId("cart-line-badge:b1"))).toContain("Plan included");
        expect(await drawer.getByTestId("cart-line-badge:b1").getByTestId("cart-line-price").textContent()).toBe(
          "$0, was $7,000, included in the plan",
        );
        const award = drawer.getByTestId("cart-line-badge:b2");
        expect(await visibleText(award)).toContain("Award · 2026 · Digital or print");
        expect(await award.textContent()).toContain("Included with Gold");
        expect(await visibleText(award.getByTestId("cart-line-message"))).toBe(CART_EXCEEDS_PLAN);
        const notEligible = drawer.getByTestId("cart-line-badge:b3").getByTestId("cart-line-message");
        expect(await visibleText(notEligible)).toBe(CART_NOT_ELIGIBLE);
        // the tooltip, by keyboard: Tab from the line above reaches the message
        await drawer.getByRole("button", { name: "Remove Inclusive Culture from the cart" }).focus();
        await page.keyboard.press("Tab");
        expect(await notEligible.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await visibleText(page.getByRole("tooltip"))).toBe(CART_SALES_TOOLTIP);
        expect(await visibleText(drawer.getByTestId("cart-total"))).toBe("$18,000");
        expect(await visibleText(drawer.getByTestId("cart-original-total"))).toBe("$25,000");
        expect(await visibleText(drawer.getByTestId("cart-offer"))).toContain(
          "With 1 more badge, Gold would cost you no more than this cart.",
        );
        for (const title of ["Silver plan", "Best Workplace", "Inclusive Culture", "Great Leaders"]) {
          expect(await drawer.getByRole("button", { name: `Remove ${title} from the cart` }).count()).toBe(1);
        }
        await checkA11y(page, `cart drawer with badges (${name})`);
        await screenshotViewport(page, `${name}-cart-drawer-badges`);
      } finally {
        await session.close();
      }
    }
  });

  test("Staff see no cart and cannot open the order pages", async () => {
    const session = await openBrowser(baseUrl, DESKTOP);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.staff);
      await page.goto("/dashboard/billing/history");
      await page.getByText("Sorry, you don't have the necessary permissions to view this page.", { exact: true }).waitFor();
      expect(await page.getByTestId("cart-button").count()).toBe(0);
    } finally {
      await session.close();
    }
  });
});
