import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { DEMO_USERS, openBrowser, type Session, signIn } from "./support/browser";
import { visibleText, waitForPath } from "./support/page-helpers";

describe("account settings", () => {
  const baseUrl = inject("baseUrl");
  let session: Session;

  beforeAll(async () => {
    session = await openBrowser(baseUrl);
  });
  afterAll(async () => {
    await session?.close();
  });

  test("edit job title and phone, see the success notice and the read-only view", async () => {
    const { page } = session;
    await signIn(page, DEMO_USERS.admin);
    await page.goto("/dashboard/settings");
    await page.getByTestId("account-view").waitFor();
    await page.getByRole("button", { name: "Edit", exact: true }).click();

    const jobTitle = `Head of People ${Date.now() % 10000}`;
    await page.locator('input[name="jobTitle"]').fill(jobTitle);
    await page.locator('input[name="phone"]').fill("+1 415 555 0142");
    await page.getByRole("button", { name: "Save changes" }).click();

    expect(await visibleText(page.getByText("Successfully updated your account", { exact: true }))).toBe(
      "Successfully updated your account",
    );
    await waitForPath(page, "/dashboard/settings");
    expect(await visibleText(page.getByTestId("account-job-title"))).toBe(jobTitle);
    expect(await visibleText(page.getByTestId("account-phone"))).toBe("+1 415 555 0142");
    expect(await page.getByRole("button", { name: "Save changes" }).count()).toBe(0);

    await page.reload();
    expect(await visibleText(page.getByTestId("account-job-title"))).toBe(jobTitle);
  });

  test("the new password field applies the password rules live", async () => {
    const { page } = session;
    await page.goto("/dashboard/settings");
    const form = page.getByRole("form", { name: "Change password" });
    await form.locator('input[name="password"]').fill("abc");
    await form.getByText("Weak Password! Please use some strong password!").waitFor();
    expect(await form.getByRole("button", { name: "Change password" }).isDisabled()).toBe(true);
  });
});
