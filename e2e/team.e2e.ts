/**
 * Team members end to end (issue 14 item 7, decision 0041): the demo Admin invites a colleague as Staff, the colleague
 * accepts through the emailed link in a second browser context and lands on the dashboard, the Admin makes them a
 * Manager, then removes them and their session ends. Desktop and phone screenshots, axe on every page reached.
 */
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import {
  DEMO_USERS,
  DESKTOP,
  extractLink,
  latestMailTo,
  openBrowser,
  PHONE,
  screenshot,
  screenshotViewport,
  signIn,
  uniqueEmail,
} from "./support/browser";
import { chooseOption, modalsSettled, ok, visibleText } from "./support/page-helpers";

const PASSWORD = "Kiln-Fire-2026!";

describe("team members (issue 14 item 7)", () => {
  const baseUrl = inject("baseUrl");

  test("invite a colleague as Staff, accept in a second browser, change their role, remove them", async () => {
    const colleague = uniqueEmail("colleague");
    const admin = await openBrowser(baseUrl, DESKTOP);
    const invited = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = admin;
      await signIn(page, DEMO_USERS.admin);
      await page.goto("/dashboard/groups");
      await page.getByRole("button", { name: "Invite a colleague" }).click();
      const form = page.getByTestId("invite-member-form");
      await form.waitFor();
      await form.getByLabel("Email address").fill(colleague);
      expect(await visibleText(form.getByTestId("invite-licences"))).toContain("Staff licences:");
      await modalsSettled(page);
      await checkA11y(page, "invite a colleague");
      await screenshotViewport(page, "desktop-team-invite-modal");
      await form.getByRole("button", { name: "Send invitation" }).click();
      await page.getByText("Invitation sent.").first().waitFor();
      const row = page.getByTestId(`invitation-${colleague}`);
      expect(await visibleText(row)).toContain("Staff");
      expect(await visibleText(row)).toContain("Pending");
      await checkA11y(page, "team members with an invitation");
      await screenshot(page, "desktop-team-members");

      // The colleague opens the emailed link in a browser of their own.
      const link = extractLink(await latestMailTo(baseUrl, colleague, { subjectIncludes: "invited you" }), "/invite/");
      const other = invited.page;
      await other.goto(link);
      expect(await visibleText(other.getByTestId("invitation-summary"))).toContain("to join Demo Company on Hearth as a Staff member");
      await other.getByLabel("First name").fill("Robin");
      await other.getByLabel("Last name").fill("Colleague");
      await other.locator('input[name="password"]').fill(PASSWORD);
      await other.locator('input[name="confirmPassword"]').fill(PASSWORD);
      await checkA11y(other, "accept an invitation");
      await screenshot(other, "desktop-team-accept");
      await other.getByRole("button", { name: "Join Demo Company" }).click();
      await other.waitForURL((url) => url.pathname === "/dashboard");
      const me = await ok<{ user: { id: string; role: string }; tenant: { companyName: string } }>(
        await invited.context.request.get("/api/me"),
      );
      expect(me.user.role).toBe("Staff");
      expect(me.tenant.companyName).toBe("Demo Company");
      // the link works once
      await other.goto(link);
      expect(await visibleText(other.getByTestId("invitation-error"))).toBe(
        "This invitation has already been accepted. Sign in with your email and password.",
      );

      // The Admin sees them as a member, makes them a Manager, then removes them.
      await page.goto("/dashboard/groups");
      await page.getByTestId(`invitation-${colleague}`).waitFor({ state: "detached" });
      await chooseOption(page, "Role of Robin Colleague", "Manager");
      await page.getByText("Role changed.").first().waitFor();
      expect((await ok<{ user: { role: string } }>(await invited.context.request.get("/api/me"))).user.role).toBe("Manager");
      await page.getByRole("button", { name: "Remove Robin Colleague" }).click();
      await modalsSettled(page);
      await checkA11y(page, "remove a member");
      await screenshotViewport(page, "desktop-team-remove-modal");
      await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
      await page.getByText("Team member removed.").first().waitFor();
      await page.getByText(colleague).waitFor({ state: "detached" });

      // Their session has ended.
      expect((await invited.context.request.get("/api/me")).status()).toBe(401);
      await other.goto("/dashboard");
      await other.waitForURL((url) => url.pathname === "/login");
    } finally {
      await invited.close();
      await admin.close();
    }
  });

  test("phone: the team page and an invitation link that is not valid", async () => {
    const phone = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = phone;
      await signIn(page, DEMO_USERS.admin);
      await page.goto("/dashboard/groups");
      await page.getByRole("button", { name: "Invite a colleague" }).waitFor();
      await page.getByTestId("team-member").first().waitFor();
      await checkA11y(page, "team members (phone)");
      await screenshot(page, "phone-team-members");
      await page.goto(`/invite/${"x".repeat(43)}`);
      expect(await visibleText(page.getByTestId("invitation-error"))).toBe(
        "This invitation link is not valid. Ask your company's Admin to invite you again.",
      );
      await checkA11y(page, "invitation not valid (phone)");
    } finally {
      await phone.close();
    }
    // Staff cannot invite: no button, and the API refuses.
    const staff = await openBrowser(baseUrl, DESKTOP);
    try {
      await signIn(staff.page, DEMO_USERS.staff);
      await staff.page.goto("/dashboard/groups");
      await staff.page.getByRole("heading", { name: "Team members" }).waitFor();
      expect(await staff.page.getByRole("button", { name: "Invite a colleague" }).count()).toBe(0);
      const refused = await staff.context.request.post("/api/team/invitations", { data: { email: uniqueEmail("x"), role: "Staff" } });
      expect(refused.status()).toBe(403);
    } finally {
      await staff.close();
    }
  });
});
