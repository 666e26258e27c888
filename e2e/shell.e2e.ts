import { afterEach, beforeEach, describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, openBrowser, PHONE, type Session, screenshot, signIn } from "./support/browser";
import { visibleText } from "./support/page-helpers";

async function roleLabel(session: Session): Promise<string> {
  const { page } = session;
  await page.getByTestId("profile-menu-button").click();
  const label = await visibleText(page.getByTestId("role-label"));
  await page.keyboard.press("Escape");
  return label;
}

describe("app shell", () => {
  const baseUrl = inject("baseUrl");
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser(baseUrl);
  });
  afterEach(async () => {
    await session?.close();
  });

  test("the tenant owner is labelled Company Leader and sees the manager menu", async () => {
    await signIn(session.page, DEMO_USERS.admin);
    expect(await roleLabel(session)).toBe("Company Leader");
    const { page } = session;
    await page.getByTestId("profile-menu-button").click();
    for (const item of ["Team members", "Invitees", "Billing", "Settings", "Submit Support Ticket", "Log Out"]) {
      await page.getByRole("menuitem", { name: item }).waitFor();
    }
    await checkA11y(page, "profile menu open");
    await page.keyboard.press("Escape");
    expect(await page.getByText("Internal Admin").count()).toBe(0);
  });

  test("staff are labelled Employee and do not see Billing or Invitees", async () => {
    await signIn(session.page, DEMO_USERS.staff);
    expect(await roleLabel(session)).toBe("Employee");
    const { page } = session;
    await page.getByTestId("profile-menu-button").click();
    await page.getByRole("menuitem", { name: "Settings" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Billing" }).count()).toBe(0);
    expect(await page.getByRole("menuitem", { name: "Invitees" }).count()).toBe(0);
  });

  test("the Need Help modal sends a request", async () => {
    await signIn(session.page, DEMO_USERS.staff);
    const { page } = session;
    await page.getByRole("button", { name: "Need Help" }).click();
    const dialog = page.getByRole("dialog", { name: "Need Help" });
    // No support form is configured here: Hearth's own form, and no word of a chat widget that is not there (issue 25 item 7).
    await dialog.getByText("Tell us what you need help with and our support team will reply by email.").waitFor();
    expect(await dialog.getByText(/widget/i).count()).toBe(0);
    await checkA11y(page, "Need Help dialog");
    await dialog.locator('input[name="subject"]').fill("How do I invite my team?");
    await dialog.locator('textarea[name="message"]').fill("I would like to invite ten colleagues to Hearth.");
    await dialog.getByRole("button", { name: "Send" }).click();
    expect(await visibleText(dialog.getByText("Request sent"))).toBe("Request sent");
  });

  test("the internal account sees the Internal Admin section", async () => {
    await signIn(session.page, DEMO_USERS.internal);
    const { page } = session;
    await page.getByRole("navigation", { name: "Internal Admin" }).waitFor();
    await page.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
  });

  test("the Tutorials dialog lists the guides and the plan; Gold has no Upgrade Plan link", async () => {
    await signIn(session.page, DEMO_USERS.admin);
    const { page } = session;
    await page.getByRole("button", { name: "Tutorials" }).click();
    const dialog = page.getByRole("dialog", { name: "Tutorials" });
    await dialog.getByRole("link", { name: "Creating a survey" }).waitFor();
    await dialog.getByRole("link", { name: "Managing existing surveys" }).waitFor();
    const plan = await visibleText(dialog.getByTestId("plan-name"));
    await checkA11y(page, "Tutorials dialog");
    expect(["Gold", "Premium"].includes(plan) ? 0 : 1).toBe(await dialog.getByText("Upgrade Plan").count());
    await page.waitForTimeout(400);
    await screenshot(page, "desktop-tutorials");
  });

  test("notifications: the bell shows unread, the page pages and marks read", async () => {
    await signIn(session.page, DEMO_USERS.staff);
    const { page } = session;
    await page.goto("/dashboard/notifications");
    const footer = await visibleText(page.getByRole("navigation", { name: "Pagination" }));
    expect(footer).toMatch(/Showing \d+ to \d+ of \d+ results/);
    const markButtons = page.getByRole("button", { name: /^Mark as read: ".*"$/ });
    expect(await markButtons.count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: /Notifications, \d+ unread/ }).click();
    await page.getByRole("menu").waitFor();
    await checkA11y(page, "notifications menu open");
    await page.keyboard.press("Escape");
    // Other suites publish surveys in the demo company meanwhile, and those notices arrive live: what was unread
    // before the click is what must be read after it.
    const unreadBefore = await markButtons.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
    await page.getByRole("button", { name: "Mark all as read" }).click();
    for (const label of unreadBefore) await page.getByRole("button", { name: label, exact: true }).first().waitFor({ state: "detached" });
  });

  test("?upgrade=true opens the upgrade dialog and closing it cleans the address", async () => {
    await signIn(session.page, DEMO_USERS.admin);
    const { page } = session;
    await page.goto("/dashboard/settings?upgrade=true&plan=Gold");
    const dialog = page.getByRole("dialog", { name: "Upgrade Plan" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await page.waitForURL((url) => !url.search.includes("upgrade"));
    expect(new URL(page.url()).pathname).toBe("/dashboard/settings");
  });

  test("the sidebar collapses on desktop and closes after navigating on a phone", async () => {
    await signIn(session.page, DEMO_USERS.admin);
    const { page } = session;
    const sidebar = page.getByRole("navigation", { name: "Sidebar" });
    const collapsed = page.locator('[aria-label="Sidebar"][data-collapsed]');
    await sidebar.getByRole("link", { name: "Surveys", exact: true }).waitFor();
    expect(await collapsed.count()).toBe(0);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await collapsed.waitFor({ state: "attached" });
    expect(await collapsed.getAttribute("inert")).not.toBeNull();
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await sidebar.getByRole("link", { name: "Surveys", exact: true }).waitFor();
    expect(await collapsed.count()).toBe(0);

    await page.setViewportSize(PHONE);
    await collapsed.waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("link", { name: "Surveys", exact: true }).click();
    await page.getByRole("heading", { name: "Surveys", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/surveys");
    await collapsed.waitFor({ state: "attached" });
  });
});
