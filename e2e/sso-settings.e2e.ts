import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, type Session, screenshot, signIn, useSharedBrowser } from "./support/browser";
import { visibleText } from "./support/page-helpers";
import { type RunningServer, startServer } from "./support/server";

const DENIED = "Sorry, you don't have the necessary permissions to view this page.";
const EMPTY_TEXT = "People at your email domain sign in through your identity provider and join this company as Employees.";
const SCREENSHOTS = path.resolve(import.meta.dirname, "../test-results/screenshots");

/**
 * The whole page and the card alone (so its details are legible), taken from the top of the page: scrolled, the
 * sticky header would be drawn over the middle of a full-page screenshot.
 */
async function cardScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-page`);
  const box = await page.getByTestId("sso-card").boundingBox();
  if (!box) throw new Error("The single sign-on card is not on the page");
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, clip: box });
}

async function openSsoCard(page: Page): Promise<Locator> {
  await page.goto("/dashboard/profile");
  const card = page.getByTestId("sso-card");
  await card.getByRole("heading", { name: "Single sign-on" }).waitFor();
  return card;
}

/** Nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function fillProvider(card: Locator, values: { domain: string; issuer: string; clientId: string; clientSecret: string }) {
  await card.getByLabel("Email domain").fill(values.domain);
  await card.getByLabel("Issuer URL").fill(values.issuer);
  await card.getByLabel("Client ID").fill(values.clientId);
  await card.getByLabel("Client secret").fill(values.clientSecret);
}

describe("single sign-on settings", () => {
  const baseUrl = inject("baseUrl");
  const session = useSharedBrowser();

  test("the admin sees the card with the empty state and the setup steps", async () => {
    const { page } = session;
    await signIn(page, DEMO_USERS.admin);
    const card = await openSsoCard(page);
    expect(await visibleText(card.getByText(EMPTY_TEXT, { exact: true }))).toBe(EMPTY_TEXT);
    await card.getByTestId("sso-setup-steps").waitFor();
    await card.getByRole("button", { name: "Add provider" }).waitFor();
    expect(await card.getByTestId("sso-provider").count()).toBe(0);
    await cardScreenshot(page, "desktop-sso-card");
  });

  test("an empty form shows an error under every field", async () => {
    const { page } = session;
    const card = await openSsoCard(page);
    await card.getByRole("button", { name: "Add provider" }).click();
    await card.getByText("Enter a domain such as example.com").waitFor();
    await card.getByText("Enter the issuer URL, such as https://login.example.com").waitFor();
    await card.getByText("Client ID is required").waitFor();
    await card.getByText("Client secret is required").waitFor();
    expect(await card.getByLabel("Email domain").getAttribute("aria-invalid")).toBe("true");
    await cardScreenshot(page, "desktop-sso-card-errors");
  });

  test("the server refuses a public domain and a domain other than the admin's own", async () => {
    const { page } = session;
    const card = await openSsoCard(page);
    const values = { domain: "gmail.com", issuer: "https://login.example.com", clientId: "hearth", clientSecret: "not-a-secret" };
    await fillProvider(card, values);
    await card.getByRole("button", { name: "Add provider" }).click();
    const publicDomain = "Public email domains such as gmail.com cannot be used for single sign-on.";
    expect(await visibleText(card.getByText(publicDomain, { exact: true }))).toBe(publicDomain);

    await card.getByLabel("Email domain").fill("example.com");
    expect(await card.getByText(publicDomain).count()).toBe(0);
    await card.getByRole("button", { name: "Add provider" }).click();
    await card.getByText("only for the domain of your own verified email address (demo.hearth.test)").waitFor();
    // The secret is still there for the next try, masked.
    expect(await card.getByLabel("Client secret").getAttribute("type")).toBe("password");
    expect(await card.getByLabel("Client secret").inputValue()).toBe("not-a-secret");
  });

  test("on a phone the card fits the screen", async () => {
    const phone = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = phone;
      await signIn(page, DEMO_USERS.admin);
      const card = await openSsoCard(page);
      await card.getByText(EMPTY_TEXT).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await card.getByRole("button", { name: "Add provider" }).click();
      await card.getByText("Client secret is required").waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await cardScreenshot(page, "phone-sso-card-errors");
    } finally {
      await phone.close();
    }
  });

  test("staff do not see the card (the page is denied to them)", async () => {
    const staff = await openBrowser(baseUrl);
    try {
      const { page } = staff;
      await signIn(page, DEMO_USERS.staff);
      await page.goto("/dashboard/profile");
      await page.getByText(DENIED, { exact: true }).waitFor();
      expect(await page.getByTestId("sso-card").count()).toBe(0);
      expect(await page.getByText("Single sign-on").count()).toBe(0);
    } finally {
      await staff.close();
    }
  });
});

/** A stand-in identity provider: just the OpenID Connect discovery document Hearth reads when a provider is added. */
async function startDiscoveryServer(): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url !== "/.well-known/openid-configuration") {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/me`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("single sign-on settings: adding and removing a provider", () => {
  let idp: Awaited<ReturnType<typeof startDiscoveryServer>>;
  let server: RunningServer;
  let session: Session;

  beforeAll(async () => {
    idp = await startDiscoveryServer();
    // Its own server: the loopback issuer has to be trusted by the operator, and the demo domain gets claimed here.
    server = await startServer({ BETTER_AUTH_TRUSTED_ORIGINS: idp.issuer });
    session = await openBrowser(server.url);
    await session.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  });
  afterAll(async () => {
    await session?.close();
    await server?.stop();
    await idp?.close();
  });

  test("add a provider, copy its redirect URI, then remove it", async () => {
    const { page } = session;
    await signIn(page, DEMO_USERS.admin);
    const card = await openSsoCard(page);
    await fillProvider(card, { domain: "demo.hearth.test", issuer: idp.issuer, clientId: "hearth-web", clientSecret: "s3cret-value" });
    await card.getByRole("button", { name: "Add provider" }).click();

    await page.getByText("Single sign-on added for demo.hearth.test", { exact: true }).waitFor();
    const provider = card.getByTestId("sso-provider");
    await provider.waitFor();
    expect(await card.getByText(EMPTY_TEXT).count()).toBe(0);
    expect(await provider.getByText("demo.hearth.test", { exact: true }).count()).toBe(1);
    expect(await provider.getByText(`Issuer: ${idp.issuer}`).count()).toBe(1);
    const redirectUri = await visibleText(provider.getByTestId("sso-redirect-uri"));
    expect(redirectUri).toMatch(new RegExp(`^${server.url.replaceAll(".", "\\.")}/api/auth/sso/callback/demo-hearth-test-[0-9a-f]{8}$`));
    expect(await card.getByLabel("Client secret").count()).toBe(0);

    await provider.getByRole("button", { name: "Copy redirect URI" }).click();
    await provider.getByRole("button", { name: "Redirect URI copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(redirectUri);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(2_300);
    await cardScreenshot(page, "desktop-sso-card-provider");

    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await cardScreenshot(page, "phone-sso-card-provider");
    await page.setViewportSize(DESKTOP);

    // The same domain again is refused by the server, under the field.
    await card.getByRole("button", { name: "Add another provider" }).click();
    await fillProvider(card, { domain: "demo.hearth.test", issuer: idp.issuer, clientId: "hearth-web", clientSecret: "s3cret-value" });
    await card.getByRole("button", { name: "Add provider" }).click();
    await card.getByText("Your company already has single sign-on for this domain.", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Cancel" }).click();

    await provider.getByRole("button", { name: "Remove single sign-on for demo.hearth.test" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove single sign-on?" });
    await dialog.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, "desktop-sso-remove-modal.png") });
    await dialog.getByRole("button", { name: "Remove provider" }).click();
    await page.getByText("Single sign-on for demo.hearth.test was removed.", { exact: true }).waitFor();
    await card.getByText(EMPTY_TEXT).waitFor();
    expect(await card.getByTestId("sso-provider").count()).toBe(0);
  });
});
