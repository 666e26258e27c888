import { describe, expect, test } from "vitest";
import { DEMO_USERS, signIn, useSharedBrowser } from "./support/browser";
import { visibleText, waitForPath } from "./support/page-helpers";

describe("sign-in session", () => {
  const session = useSharedBrowser();

  test("log out from the profile menu, then log in again", async () => {
    const { page } = session;
    await signIn(page, DEMO_USERS.admin);
    await page.getByTestId("welcome-card").waitFor();

    await page.getByTestId("profile-menu-button").click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await waitForPath(page, "/login");

    await page.goto("/dashboard/settings");
    await waitForPath(page, "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/dashboard/settings");

    await page.locator('input[name="email"]').fill(DEMO_USERS.admin);
    await page.locator('input[name="password"]').fill("Demo-Password-2026!");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(page, "/dashboard/settings");
    expect(await visibleText(page.getByTestId("account-email"))).toBe(DEMO_USERS.admin);
  });

  test("a wrong password is refused with a message", async () => {
    const { page } = session;
    await page.goto("/logout");
    await waitForPath(page, "/login");
    await page.locator('input[name="email"]').fill(DEMO_USERS.admin);
    await page.locator('input[name="password"]').fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  test("single sign-on by work email explains when a domain has no SSO; Google stays hidden when off", async () => {
    const { page } = session;
    await page.goto("/logout");
    await waitForPath(page, "/login");
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);
    await page.getByRole("button", { name: "Sign in with work email (SSO)" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in with work email (SSO)" });
    await dialog.locator('input[type="email"]').fill("someone@no-sso-here.example");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.locator('input[type="email"][aria-invalid="true"]').waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
