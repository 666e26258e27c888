import { afterEach, beforeEach, describe, expect, inject, test } from "vitest";
import { DEMO_USERS, openBrowser, type Session, signIn } from "./support/browser";
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
    await dialog.getByText("Please use the chat widget in the bottom right corner for support.").waitFor();
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
    await page.getByTestId("coming-soon").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
  });
});
