import { describe, expect, test } from "vitest";
import { DEMO_USERS, signIn, useSharedBrowser } from "./support/browser";
import { visibleText, waitForPath } from "./support/page-helpers";

const DENIED = "Sorry, you don't have the necessary permissions to view this page.";

describe("access denied", () => {
  const session = useSharedBrowser();

  test("staff opening the company profile sees the denial, a countdown, then the dashboard", async () => {
    const { page } = session;
    await signIn(page, DEMO_USERS.staff);
    await page.goto("/dashboard/profile");
    expect(await visibleText(page.getByText(DENIED, { exact: true }))).toBe(DENIED);
    const countdown = await visibleText(page.getByTestId("access-denied-countdown"));
    expect(countdown).toMatch(/[45] seconds/);
    expect(new URL(page.url()).pathname).toBe("/dashboard/profile");

    const started = Date.now();
    await waitForPath(page, "/dashboard", 10_000);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(2_500);
    await page.getByTestId("welcome-card").waitFor();
  });

  test("the Home button leaves at once", async () => {
    const { page } = session;
    await page.goto("/dashboard/billing");
    await page.getByText(DENIED).waitFor();
    await page.getByTestId("access-denied").getByRole("link", { name: "Home" }).click();
    await waitForPath(page, "/dashboard", 2_000);
  });

  test("unknown pages show the not-found page", async () => {
    const { page } = session;
    await page.goto("/dashboard/no-such-page");
    expect(await visibleText(page.getByRole("heading", { name: "Page not found" }))).toBe("Page not found");
    // outside the app shell too, as the page's one main landmark
    await page.goto("/no-such-page");
    expect(await visibleText(page.getByRole("main").getByRole("heading", { name: "Page not found" }))).toBe("Page not found");
    expect(await page.getByRole("main").count()).toBe(1);
  });
});
