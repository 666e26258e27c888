/**
 * Paying without a payment provider, and a Free company that wants more (issue 25 items 2 and 3), in Chromium: the
 * operator sets the seller in the console; a new company orders Bronze and Billing › General tells it how to pay
 * (seller, remittance details, reference, due date, invoice); the operator records the payment in the console and the
 * company's plan changes at once. A Free company presses a locked survey type and sees the upgrade dialog with a price.
 */
import { readFileSync } from "node:fs";
import { describePlanPrice, formatOrderFormDate, type OrderListResponse } from "@hearth/shared";
import { describe, expect, inject, test } from "vitest";
import { pdfText } from "../apps/server/src/test/pdf-text";
import { checkA11y } from "./support/a11y";
import { createVerifiedUser, DEMO_USERS, DESKTOP, openBrowser, screenshot, signIn } from "./support/browser";
import { ok, visibleText } from "./support/page-helpers";

describe("pay by invoice, and growing from Free (issue 25)", () => {
  const baseUrl = inject("baseUrl");

  test("a new company orders Bronze, reads how to pay on Billing › General, and has Bronze once the operator records the payment", async () => {
    const run = Date.now().toString(36);
    const sellerName = "Hearth Cooperative Services";
    const remittance = `Wire transfer to Gulf Coast Bank, account 4400 1100 22, routing 063100277 (run ${run})`;
    const companyName = `Invoice Payers ${run}`;
    const owner = await createVerifiedUser(baseUrl, "payinvoice", companyName);

    // 1. The operator sets the seller in the console (only what changed is sent).
    const operator = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = operator;
      await signIn(page, DEMO_USERS.internal);
      await page.goto("/admin/dashboard");
      const card = page.getByTestId("seller-settings");
      await card.getByTestId("seller-remittance").waitFor();
      await card.getByTestId("seller-name").fill(sellerName);
      await card.getByTestId("seller-address").fill("40 Quay Street\nSavannah, GA 31401");
      await card.getByTestId("seller-taxId").fill("EIN 98-7654321");
      await card.getByTestId("seller-remittance").fill(remittance);
      await card.getByRole("button", { name: "Save seller details" }).click();
      await page.getByText("Seller details saved.", { exact: false }).waitFor();
      await checkA11y(page, "seller settings in the console");
    } finally {
      await operator.close();
    }

    // 2. The company orders Bronze through the plan page and the cart.
    const customer = await openBrowser(baseUrl, DESKTOP);
    let orderNumber = "";
    try {
      const { page, context } = customer;
      await signIn(page, owner.email, owner.password);
      await page.goto("/dashboard/billing/plan");
      const bronzePrice = describePlanPrice("Bronze", "Medium", "yearly");
      expect(await page.getByTestId("plan-price-Bronze").textContent()).toBe(bronzePrice.label);
      // Premium says what differs from Gold
      expect(await visibleText(page.getByTestId("plan-card-Premium"))).toContain("A contract agreed with our sales team");
      await page.getByRole("button", { name: "Add to cart: Bronze" }).click();
      const drawer = page.getByRole("dialog", { name: "Cart" });
      await drawer.getByTestId("cart-checkout").click();
      await page.waitForURL((url) => url.pathname.startsWith("/dashboard/billing/order/"));
      orderNumber = ((await visibleText(page.getByTestId("order-number"))).match(/HRT-\d{4}-\d{6}/) ?? [""])[0];
      expect(orderNumber).not.toBe("");
      // the order page says how to pay too
      expect(await visibleText(page.getByTestId("order-page").getByTestId("pay-reference"))).toBe(orderNumber);
      expect(await visibleText(page.getByTestId("order-page").getByTestId("pay-to-name"))).toBe(sellerName);

      // 3. Billing › General: still Free, the order awaiting payment, and how to pay it.
      await page.goto("/dashboard/billing");
      expect(await visibleText(page.getByTestId("billing-effective-plan"))).toBe("Free");
      expect(await visibleText(page.getByTestId("billing-pending-order"))).toContain(orderNumber);
      const open = page.getByTestId(`open-order-${orderNumber}`);
      const list = await ok<OrderListResponse>(await context.request.get("/api/billing/orders"));
      const order = list.items.find((item) => item.number === orderNumber)!;
      expect(order.total).toBe(bronzePrice.cents);
      const dueDay = formatOrderFormDate(new Date(order.dueAt));
      // The page names the order form's calendar; the invoice PDF, a document on that one calendar, writes the bare day.
      const due = `${dueDay} (Eastern time)`;
      expect(await visibleText(open.getByTestId("pay-to-name"))).toBe(sellerName);
      expect(await visibleText(open.getByTestId("pay-to-remittance"))).toBe(remittance);
      expect(await visibleText(open.getByTestId("pay-reference"))).toBe(orderNumber);
      expect(await visibleText(open.getByTestId("pay-due-date"))).toBe(due);
      expect(await visibleText(open)).toContain(bronzePrice.amount);
      await checkA11y(page, "billing general with an order awaiting payment");
      await screenshot(page, "desktop-billing-how-to-pay");
      const [download] = await Promise.all([page.waitForEvent("download"), open.getByTestId("open-order-invoice").click()]);
      const invoice = pdfText(readFileSync((await download.path()) as string)).replace(/\s+/g, " ");
      for (const expected of [sellerName, "EIN 98-7654321", "Gulf Coast Bank", orderNumber, dueDay, "Reference to quote"]) {
        expect(invoice).toContain(expected);
      }
      expect(invoice).not.toMatch(/digitalorprint|awaiting_payment/);
    } finally {
      await customer.close();
    }

    // 4. The operator records the payment on the company's page in the console.
    const console2 = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = console2;
      await signIn(page, DEMO_USERS.internal);
      await page.goto("/admin/dashboard");
      await page.getByLabel("Search companies").fill(companyName);
      await page.getByRole("link", { name: companyName }).click();
      await page.getByText(orderNumber, { exact: false }).first().waitFor();
      await page.getByLabel("Payment reference").first().fill(`GULF-${run}`);
      await page.getByRole("button", { name: "Record payment" }).first().click();
      await page.getByText(`Payment recorded for ${orderNumber}`).waitFor();
    } finally {
      await console2.close();
    }

    // 5. The company's plan is Bronze at once, with its end date; nothing awaits payment.
    const after = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = after;
      await signIn(page, owner.email, owner.password);
      await page.goto("/dashboard/billing");
      expect(await visibleText(page.getByTestId("billing-effective-plan"))).toBe("Bronze");
      await page.getByTestId("open-orders-none").waitFor();
      expect(await page.getByTestId("billing-pending-order").count()).toBe(0);
      expect(await visibleText(page.getByTestId("billing-plan-card"))).toMatch(/Ends\s*\d{2}\/\d{2}\/\d{4} \(Eastern time\)/);
    } finally {
      await after.close();
    }
  });

  test("a Free company presses a locked survey type and sees the upgrade dialog with its price", async () => {
    const owner = await createVerifiedUser(baseUrl, "freegrows", `Free Grows ${Date.now().toString(36)}`);
    const session = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = session;
      await signIn(page, owner.email, owner.password);
      await page.goto("/dashboard/surveys/new");
      const step1 = page.getByRole("dialog", { name: "Choose A Survey Type" });
      await step1.waitFor();
      const custom = step1.getByTestId("preset-Custom");
      expect(await custom.getAttribute("data-state")).toBe("disabled");
      await custom.getByRole("button", { name: /^Continue with/ }).click();
      const dialog = page.getByRole("dialog", { name: "Upgrade Plan" });
      await dialog.waitFor();
      expect(await visibleText(dialog.getByTestId("upgrade-message"))).toBe("Upgrade to Gold for Custom Surveys.");
      const gold = describePlanPrice("Gold", "Medium", "yearly");
      expect(await visibleText(dialog.getByTestId("upgrade-price-yearly"))).toBe(`${gold.label}, billed yearly`);
      expect(await visibleText(dialog.getByTestId("upgrade-adds"))).toContain("Custom Surveys");
      await dialog.getByRole("button", { name: "Request" }).waitFor();
      await dialog.getByTestId("upgrade-add-to-cart").waitFor();
      await checkA11y(page, "upgrade dialog from a locked survey type");
      await screenshot(page, "desktop-upgrade-from-locked-preset");

      // a preset card too, and Add to cart puts Gold in the cart
      await dialog.getByRole("button", { name: "Not now" }).click();
      await dialog.waitFor({ state: "detached" });
      await step1
        .getByTestId("preset-Wellness")
        .getByRole("button", { name: /^Continue with/ })
        .click();
      await page.getByRole("dialog", { name: "Upgrade Plan" }).getByTestId("upgrade-add-to-cart").click();
      const drawer = page.getByRole("dialog", { name: "Cart" });
      expect(await visibleText(drawer.getByTestId("cart-line-plan"))).toContain("Gold plan");
      expect(await visibleText(drawer.getByTestId("cart-total"))).toBe(gold.amount);
    } finally {
      await session.close();
    }
  });
});
