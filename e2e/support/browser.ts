import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { installA11yChecks } from "./a11y";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export const DEMO_PASSWORD = "Demo-Password-2026!";
export const DEMO_USERS = {
  admin: "admin@demo.hearth.test",
  staff: "staff@demo.hearth.test",
  internal: "internal@hearth.test",
  labeler: "labeler@demo.hearth.test",
} as const;

function chromiumPath(): string {
  try {
    const found = execSync("which chromium", { encoding: "utf8" }).trim();
    if (found) return found;
  } catch {
    // fall through to the Debian default
  }
  return "/usr/bin/chromium";
}

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Calls a test makes through `page.request` carry the browser's cookies but, unlike the browser's own requests, neither
 * `Origin` nor `Sec-Fetch-Site`; the server refuses such a state-changing request with a cookie (decision 0057). They
 * stand for the app's own pages, so they say the app's origin, as the browser would.
 */
function sendOriginWithApiCalls(context: BrowserContext, baseURL: string): void {
  const origin = new URL(baseURL).origin;
  const api = context.request as unknown as Record<string, (url: unknown, options?: { headers?: Record<string, string> }) => unknown>;
  for (const method of ["post", "put", "patch", "delete", "fetch"]) {
    const original = api[method].bind(api);
    api[method] = (url, options = {}) => original(url, { ...options, headers: { origin, ...options.headers } });
  }
}

export interface Session {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** A fresh Chromium profile per session (own user-data-dir, so no cookies are shared). */
export async function openBrowser(baseURL: string, viewport = DESKTOP, timezoneId = "America/New_York"): Promise<Session> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), "hearth-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
    viewport,
    baseURL,
    locale: "en-US",
    timezoneId,
  });
  context.setDefaultTimeout(15_000);
  sendOriginWithApiCalls(context, baseURL);
  // Every page this browser opens is checked with axe after each navigation (support/a11y.ts).
  context.on("page", installA11yChecks);
  const page = context.pages()[0] ?? (await context.newPage());
  installA11yChecks(page);
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface DevMailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The newest message to `to` in /dev/mail (waits up to 15 s for it to arrive). */
export async function latestMailTo(
  baseURL: string,
  to: string,
  options: { subjectIncludes?: string; timeoutMs?: number } = {},
): Promise<DevMailMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const wanted = to.toLowerCase();
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/dev/mail/messages.json`);
    if (response.ok) {
      const body = (await response.json()) as { messages: DevMailMessage[] };
      const found = body.messages.find(
        (message) =>
          message.to.toLowerCase().includes(wanted) && (!options.subjectIncludes || message.subject.includes(options.subjectIncludes)),
      );
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`No mail to ${to} arrived in /dev/mail`);
}

/** The 6-digit verification code in a message. */
export function extractCode(message: DevMailMessage): string {
  const match = /\b(\d{6})\b/.exec(message.text) ?? /\b(\d{6})\b/.exec(message.html);
  if (!match) throw new Error(`No 6-digit code in mail "${message.subject}"`);
  return match[1];
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, "../../test-results/screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The viewport as the user sees it: a full-page capture would move a fixed header, a drawer or a modal's overlay. */
export async function screenshotViewport(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, "../../test-results/screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The first link in a message whose path contains `pathPart`. */
export function extractLink(message: DevMailMessage, pathPart: string): string {
  const links = `${message.text}\n${message.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  const found = links.map((link) => link.replaceAll("&amp;", "&")).find((link) => link.includes(pathPart));
  if (!found) throw new Error(`No link containing ${pathPart} in mail "${message.subject}"`);
  return found;
}

/** Registers a company through the API (captcha is off on the e2e server); the user still has to verify. */
export async function registerViaApi(baseURL: string, email: string, password: string, companyName: string) {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({
      email,
      password,
      name: "Morgan Hale",
      firstName: "Morgan",
      lastName: "Hale",
      companyName,
      acceptTerms: true,
    }),
  });
  if (!response.ok) throw new Error(`Sign-up failed with ${response.status}: ${await response.text()}`);
}

/** A company owner who registered and verified through the API; sign in with the returned credentials. */
export async function createVerifiedUser(baseURL: string, prefix: string, companyName: string) {
  const email = uniqueEmail(prefix);
  const password = "Fresh-Kindling-2026!";
  await registerViaApi(baseURL, email, password, companyName);
  const code = extractCode(await latestMailTo(baseURL, email));
  const response = await fetch(`${baseURL}/api/auth/email-otp/verify-email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email, otp: code }),
  });
  if (!response.ok) throw new Error(`Verification failed with ${response.status}: ${await response.text()}`);
  return { email, password };
}

/** One browser shared by the tests of the describe block that calls this: opened before them, closed after. */
export function useSharedBrowser(viewport = DESKTOP): Session {
  let opened: Session | undefined;
  beforeAll(async () => {
    opened = await openBrowser(inject("baseUrl"), viewport);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = () => {
    if (!opened) throw new Error("The shared browser is not open yet");
    return opened;
  };
  return {
    get context() {
      return current().context;
    },
    get page() {
      return current().page;
    },
    close: () => current().close(),
  };
}
