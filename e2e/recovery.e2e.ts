import { afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import {
  extractCode,
  extractLink,
  latestMailTo,
  openBrowser,
  registerViaApi,
  type Session,
  screenshot,
  uniqueEmail,
} from "./support/browser";
import { typePin, visibleText, waitForPath } from "./support/page-helpers";

const FIRST_PASSWORD = "Kindling-Spark-2026!";
const NEW_PASSWORD = "Banked-Embers-2027?";
const RESET_SENT = "If an account exists for that address, we sent a link to reset the password.";

describe("email links", () => {
  const baseUrl = inject("baseUrl");
  const email = uniqueEmail("links");
  let session: Session | undefined;

  beforeAll(async () => {
    await registerViaApi(baseUrl, email, FIRST_PASSWORD, "Linkwood Bakery");
  });
  afterEach(async (context) => {
    if (session && context.task.result?.state === "fail") await screenshot(session.page, `failed-${context.task.id}`);
    await session?.close();
    session = undefined;
  });

  test("the verification link submits the code by itself and continues to the profile step", async () => {
    const link = extractLink(await latestMailTo(baseUrl, email), "/new-company/verify");
    session = await openBrowser(baseUrl);
    const url = new URL(link);
    await session.page.goto(`${url.pathname}${url.search}`);
    await waitForPath(session.page, "/new-company/profile");
    await session.page.locator('input[name="companyLegalName"]').waitFor();
  });

  test("forgot password sends a link; the reset page sets a new password that signs in", async () => {
    session = await openBrowser(baseUrl);
    const { page } = session;
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await waitForPath(page, "/forgot-password");
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    expect(await visibleText(page.getByText(RESET_SENT, { exact: true }))).toBe(RESET_SENT);

    const link = extractLink(await latestMailTo(baseUrl, email, { subjectIncludes: "password" }), "reset-password");
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await waitForPath(page, "/reset-password");
    await page.locator('input[name="password"]').fill("tooweak");
    await page.getByText("Weak Password! Please use some strong password!").waitFor();
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();
    await waitForPath(page, "/login");
    await page.getByText("Your password was reset.", { exact: false }).waitFor();

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(page, "/dashboard");
    expect(await visibleText(page.getByTestId("dashboard-company-name"))).toBe("Linkwood Bakery");
  });

  test("an invalid reset link says so", async () => {
    session = await openBrowser(baseUrl);
    await session.page.goto("/reset-password?error=INVALID_TOKEN");
    await session.page.getByText("This password reset link is invalid or has expired.").waitFor();
  });

  test("an unverified user who signs in is sent to verification and can resend the code", async () => {
    const pending = uniqueEmail("pending");
    await registerViaApi(baseUrl, pending, FIRST_PASSWORD, "Unverified Ventures");
    const first = await latestMailTo(baseUrl, pending);
    session = await openBrowser(baseUrl);
    const { page } = session;
    await page.goto("/login");
    await page.locator('input[name="email"]').fill(pending);
    await page.locator('input[name="password"]').fill(FIRST_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(page, "/new-company/verify");

    await page.getByRole("button", { name: "Resend code" }).click();
    await page.getByText(`We sent a new code to ${pending}.`).waitFor();
    expect(await page.getByRole("button", { name: /Resend code in \d+s/ }).isDisabled()).toBe(true);
    let latest = await latestMailTo(baseUrl, pending);
    for (let tries = 0; latest.id === first.id && tries < 30; tries++) {
      await page.waitForTimeout(300);
      latest = await latestMailTo(baseUrl, pending);
    }
    await typePin(page, extractCode(latest));
    await waitForPath(page, "/new-company/profile");
  });
});
