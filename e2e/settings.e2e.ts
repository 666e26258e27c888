import { describe, expect, inject, test } from "vitest";
import { createVerifiedUser, DEMO_USERS, latestMailTo, openBrowser, signIn, uniqueEmail, useSharedBrowser } from "./support/browser";
import { visibleText, waitForPath } from "./support/page-helpers";

describe("account settings", () => {
  const baseUrl = inject("baseUrl");
  const session = useSharedBrowser();

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

  test("changing the email asks for confirmation at the new address", async () => {
    const user = await createVerifiedUser(baseUrl, "mover", "Moving Day Co");
    const other = await openBrowser(baseUrl);
    try {
      const { page } = other;
      await signIn(page, user.email, user.password);
      await page.goto("/dashboard/settings");
      await page.getByTestId("account-view").waitFor();
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      const newEmail = uniqueEmail("moved");
      await page.locator('input[name="email"]').fill(newEmail);
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Successfully updated your account", { exact: true }).waitFor();
      await page.getByText(`We sent a confirmation link to ${newEmail}`, { exact: true }).waitFor();
      await page.getByTestId("account-view").waitFor();
      await latestMailTo(baseUrl, newEmail);
    } finally {
      await other.close();
    }
  });

  test("changing the password needs the current one and then signs in with the new one", async () => {
    const user = await createVerifiedUser(baseUrl, "rotator", "Rotation Works");
    const other = await openBrowser(baseUrl);
    try {
      const { page } = other;
      await signIn(page, user.email, user.password);
      await page.goto("/dashboard/settings");
      const form = page.getByRole("form", { name: "Change password" });
      const newPassword = "Second-Hearth-2027!";
      await form.locator('input[name="currentPassword"]').fill("Not-The-Password-1!");
      await form.locator('input[name="password"]').fill(newPassword);
      await form.locator('input[name="confirmPassword"]').fill(newPassword);
      await form.getByRole("button", { name: "Change password" }).click();
      await form.getByText(/not correct|incorrect|wrong/i).waitFor();

      await form.locator('input[name="currentPassword"]').fill(user.password);
      await form.getByRole("button", { name: "Change password" }).click();
      await page.getByText("Your password has been changed.", { exact: true }).waitFor();

      await page.goto("/logout");
      await waitForPath(page, "/login");
      await signIn(page, user.email, newPassword);
    } finally {
      await other.close();
    }
  });
});
