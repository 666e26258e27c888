import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { waitForPath } from "./support/page-helpers";

const VIEWPORTS = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: PHONE },
];

describe("screenshots", () => {
  const baseUrl = inject("baseUrl");
  mkdirSync(path.resolve(import.meta.dirname, "../test-results/screenshots"), { recursive: true });

  for (const { name, viewport } of VIEWPORTS) {
    test(`key screens on ${name} (${viewport.width}×${viewport.height})`, async () => {
      const session = await openBrowser(baseUrl, viewport);
      const { page } = session;
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
      });
      try {
        await page.goto("/new-company");
        await page.locator('input[name="firstName"]').waitFor();
        await screenshot(page, `${name}-register`);
        await page.locator('input[name="password"]').fill("weak");
        await page.locator('input[name="confirmPassword"]').fill("weaker");
        await page.getByText("Weak Password! Please use some strong password!").waitFor();
        await screenshot(page, `${name}-register-errors`);

        await page.goto("/legal/terms");
        await page.getByRole("heading", { level: 1 }).waitFor();
        await screenshot(page, `${name}-legal-terms`);
        await page.goto("/legal/order-form");
        await page.getByRole("heading", { level: 1 }).waitFor();
        await screenshot(page, `${name}-legal-order-form`);

        await page.goto("/new-company/verify?email=someone%40example.test");
        await page.getByLabel("Verification code").first().waitFor();
        await screenshot(page, `${name}-verify`);

        await signIn(page, DEMO_USERS.admin);
        await page.goto("/new-company/profile");
        await page.locator('input[name="companyLegalName"]').waitFor();
        await screenshot(page, `${name}-profile`);

        await page.goto("/dashboard");
        await page.getByTestId("welcome-card").waitFor();
        await screenshot(page, `${name}-dashboard`);
        if (name === "phone") {
          await page.getByRole("button", { name: "Open navigation" }).click();
          await page.getByRole("link", { name: "Marketing Documents" }).waitFor();
          await page.waitForTimeout(400);
          await screenshot(page, `${name}-navigation`);
          await page.getByRole("button", { name: "Close navigation" }).click();
        }

        await page.goto("/dashboard/settings");
        await page.getByTestId("account-view").waitFor();
        await screenshot(page, `${name}-settings`);

        await page.goto("/dashboard/profile");
        await page.getByTestId("company-profile-view").waitFor();
        await screenshot(page, `${name}-company-profile`);

        await page.goto("/dashboard/notifications");
        await page.getByRole("navigation", { name: "Pagination" }).waitFor();
        await screenshot(page, `${name}-notifications`);

        await page.goto("/logout");
        await waitForPath(page, "/login");
        await screenshot(page, `${name}-login`);

        await signIn(page, DEMO_USERS.staff);
        await page.goto("/dashboard/profile");
        await page.getByTestId("access-denied").waitFor();
        await screenshot(page, `${name}-access-denied`);
        expect(pageErrors).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }
});
