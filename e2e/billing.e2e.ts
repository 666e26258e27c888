import { describe, expect, inject, test } from "vitest";
import { createVerifiedUser, DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { visibleText } from "./support/page-helpers";

const DENIED = "Sorry, you don't have the necessary permissions to view this page.";

describe("billing pages (issue 12 item 4)", () => {
  const baseUrl = inject("baseUrl");

  test("a new Free company reads its plan and licences, compares plans monthly and yearly, and requests Silver", async () => {
    const owner = await createVerifiedUser(baseUrl, "billing", "Billing Test Co");
    for (const [name, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const session = await openBrowser(baseUrl, viewport);
      const { page } = session;
      try {
        await signIn(page, owner.email, owner.password);
        await page.goto("/dashboard/billing");
        expect(await visibleText(page.getByTestId("billing-effective-plan"))).toBe("Free");
        await page.getByTestId("billing-no-deal").waitFor();
        const admins = page.getByTestId("licence-admin");
        await admins.waitFor();
        expect(await admins.textContent()).toContain("1 of 1 used");
        await screenshot(page, `${name}-billing-general`);

        await page.getByTestId("billing-tab-plan").click();
        await page.getByTestId("plan-card-Silver").waitFor();
        expect(await page.getByTestId("plan-request-Free").getAttribute("data-state")).toBe("Current");
        // yearly by default; monthly is a tenth of the yearly price (12 months for the price of 10)
        const yearly = (await page.getByTestId("plan-price-Silver").textContent()) ?? "";
        expect(yearly).toMatch(/^\$[\d,]+ per year$/);
        await page.getByTestId("billing-cycle").getByText("Monthly").click();
        const monthly = (await page.getByTestId("plan-price-Silver").textContent()) ?? "";
        expect(monthly).toMatch(/^\$[\d,.]+ per month$/);
        const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ""));
        expect(dollars(monthly) * 10).toBeCloseTo(dollars(yearly), 2);
        await screenshot(page, `${name}-billing-plan`);

        if (name === "desktop") {
          const silver = page.getByTestId("plan-request-Silver");
          expect(await silver.getAttribute("data-state")).toBe("Request");
          await silver.click();
          await page.waitForFunction(
            () => document.querySelector('[data-testid="plan-request-Silver"]')?.getAttribute("data-state") === "Requested",
          );
          // after a reload too: the request is stored on the server
          await page.reload();
          await page.getByTestId("plan-card-Silver").waitFor();
          await page.waitForFunction(
            () => document.querySelector('[data-testid="plan-request-Silver"]')?.getAttribute("data-state") === "Requested",
          );
        }
      } finally {
        await session.close();
      }
    }
  });

  test("the demo company on Gold sees its deal and Gold as current; Staff are refused", async () => {
    const session = await openBrowser(baseUrl, DESKTOP);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      await page.goto("/dashboard/billing");
      expect(await visibleText(page.getByTestId("billing-effective-plan"))).toBe("Gold");
      expect(await page.getByTestId("billing-plan-card").textContent()).toMatch(/Activated\s*\d{2}\/\d{2}\/\d{4} \(Eastern time\)/);
      await page.goto("/dashboard/billing/plan");
      await page.getByTestId("plan-card-Gold").waitFor();
      expect(await page.getByTestId("plan-request-Gold").getAttribute("data-state")).toBe("Current");
      expect(await page.getByTestId("plan-request-Silver").getAttribute("data-state")).toBe("Not Available");

      await page.context().clearCookies();
      await signIn(page, DEMO_USERS.staff);
      for (const path of ["/dashboard/billing", "/dashboard/billing/plan"]) {
        await page.goto(path);
        expect(await visibleText(page.getByText(DENIED, { exact: true }))).toBe(DENIED);
      }
    } finally {
      await session.close();
    }
  });
});
