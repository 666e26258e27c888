import type { Locator, Page } from "playwright-core";

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
