import type { APIRequestContext, Locator, Page } from "playwright-core";

/** Waits until the locator is visible (the default timeout applies) and returns its text. */
export async function visibleText(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: "visible" });
  return (await locator.first().textContent()) ?? "";
}

export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Types a code into a Mantine PinInput: focus moves from box to box as each digit arrives. */
export async function typePin(page: Page, code: string): Promise<void> {
  const first = page.getByLabel("Verification code").first();
  await first.click();
  await page.keyboard.type(code, { delay: 40 });
}

export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A 1×1 PNG, enough to exercise the logo upload. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Polls `check` until it returns a value other than undefined/false; fails with `expected` and the last state seen. */
export async function until<T>(
  expected: string,
  check: () => Promise<T | undefined | false>,
  options: { timeoutMs?: number; intervalMs?: number; describe?: () => string | Promise<string> } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      const state = options.describe ? ` (last seen: ${await options.describe()})` : "";
      throw new Error(`Timed out waiting: ${expected}${state}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
  }
}

/** The JSON of a successful API answer; anything else fails the test with the status and body. */
export async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Waits for open Mantine modals to finish their opening transition, so a screenshot shows them settled. */
export async function modalsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".mantine-Modal-content")].every((element) => getComputedStyle(element).opacity === "1"),
  );
}
