/**
 * Issue 11 in Chromium: the verification page says where development emails go when no SMTP server is configured
 * (item 16), and the sign-in page shows the captcha when the server asks for it after too many attempts on an
 * address (item 7: the per-address limit slows, it does not lock).
 */
import { describe, expect, inject, test } from "vitest";
import { openBrowser, screenshot, uniqueEmail } from "./support/browser";
import { visibleText } from "./support/page-helpers";
import { startServer } from "./support/server";

type AltchaElement = Element & { getState?: () => string };

describe("where development emails go", () => {
  test("the verification page points to /dev/mail when the server has no SMTP", async () => {
    const session = await openBrowser(inject("baseUrl"));
    try {
      const { page } = session;
      await page.goto(`/new-company/verify?email=${encodeURIComponent(uniqueEmail("devmail"))}`);
      const note = page.getByTestId("dev-mail-note");
      expect(await visibleText(note)).toContain("No email server is configured here");
      expect(await note.getByRole("link", { name: "/dev/mail" }).getAttribute("href")).toBe("/dev/mail");
    } catch (error) {
      await screenshot(session.page, "failed-dev-mail-note");
      throw error;
    } finally {
      await session.close();
    }
  });
});

describe("sign-in asks for the captcha past the per-address limit", () => {
  test("the captcha appears when the server asks for it, and solving it lets the attempt through", async () => {
    // TRUST_PROXY lets the guesses below come "from elsewhere" (X-Forwarded-For); the browser itself sends none.
    const server = await startServer({ CAPTCHA: undefined, RATE_LIMIT_SIGN_IN_PER_EMAIL: "2", TRUST_PROXY: "true" });
    const session = await openBrowser(server.url);
    try {
      const { page } = session;
      const email = uniqueEmail("guessed");
      // Two attempts from elsewhere reach the address's limit.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await session.context.request.post("/api/auth/sign-in/email", {
          data: { email, password: "Not-The-Password-1!" },
          headers: { origin: server.url, "x-forwarded-for": `198.51.100.${attempt + 1}` },
        });
        expect(response.status()).toBe(401);
      }
      await page.goto("/login");
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill("Still-Not-It-2!");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      expect(await visibleText(page.getByText(/Complete the human check/))).toContain("many sign-in attempts");
      await page.locator("altcha-widget").waitFor({ state: "attached" });
      await page.locator("altcha-widget").getByText("I'm not a robot").click();
      await page.waitForFunction(
        () => (document.querySelector("altcha-widget") as AltchaElement | null)?.getState?.() === "verified",
        null,
        { timeout: 60_000 },
      );
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      // Past the captcha the attempt reaches the password check (no such account here).
      expect(await visibleText(page.getByText("Incorrect email or password."))).toBe("Incorrect email or password.");
    } catch (error) {
      await screenshot(session.page, "failed-sign-in-captcha");
      throw error;
    } finally {
      await session.close();
      await server.stop();
    }
  });
});
