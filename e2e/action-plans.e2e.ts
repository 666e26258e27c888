/**
 * Action plans (issue 26 item 2, decision 0078), in Chromium: a Silver company's Admin creates a plan with two
 * actions, marks one done and reads "1 of 2 actions done" on the plan and in the list, on a desktop and a phone; a
 * Staff member who owns one action updates its status and sees no other plan; a Bronze company sees the page blurred
 * behind "Upgrade To Access", which opens the upgrade dialog. Axe checks every page reached. The Staff member's "Download
 * CSV" holds their plan and no other.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import {
  createVerifiedUser,
  DEMO_USERS,
  extractLink,
  latestMailTo,
  openBrowser,
  PHONE,
  screenshot,
  signIn,
  uniqueEmail,
} from "./support/browser";
import { modalsSettled, ok, visibleText } from "./support/page-helpers";

const STAFF_PASSWORD = "Ember-Glow-2026!";

/** A company of its own on a plan, given by Hearth staff through the console's deal endpoint (what a signed order does). */
async function companyOnPlan(baseUrl: string, prefix: string, plan: string) {
  const owner = await createVerifiedUser(baseUrl, prefix, `Plans ${prefix} ${Date.now().toString(36)}`);
  const operator = await openBrowser(baseUrl);
  try {
    await signIn(operator.page, DEMO_USERS.internal);
    const owners = await openBrowser(baseUrl);
    try {
      await signIn(owners.page, owner.email, owner.password);
      const me = await ok<{ tenant: { id: string } }>(await owners.context.request.get("/api/me"));
      await ok(
        await operator.context.request.post(`/api/admin/companies/${me.tenant.id}/deals`, {
          data: { plan, isActive: true, forceActivate: true, activatedDate: new Date().toISOString() },
        }),
      );
    } finally {
      await owners.close();
    }
  } finally {
    await operator.close();
  }
  return owner;
}

/** Invites a Staff member by the API and accepts the emailed link as they would; returns their address and user id. */
async function addStaff(baseUrl: string, admin: APIRequestContext): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail("planstaff");
  await ok(await admin.post("/api/team/invitations", { data: { email, role: "Staff" } }));
  const link = extractLink(await latestMailTo(baseUrl, email, { subjectIncludes: "invited you" }), "/invite/");
  const token = new URL(link).pathname.split("/").pop();
  // accepted outside the Admin's browser, as the invited person would, so the Admin stays signed in
  const accepted = await fetch(`${baseUrl}/api/team/invitations/accept`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ token, firstName: "Sam", lastName: "Staffer", password: STAFF_PASSWORD }),
  });
  if (!accepted.ok) throw new Error(`Accepting the invitation answered ${accepted.status}: ${await accepted.text()}`);
  const members = await ok<{ members: { userId: string | null; email: string }[] }>(await admin.get("/api/teams/members"));
  const found = members.members.find((member) => member.email === email);
  if (!found?.userId) throw new Error("The invited Staff member has no account");
  return { email, userId: found.userId };
}

/** Toasts close on their own after a few seconds; a screenshot waits for them, so it shows the page itself. */
async function toastsGone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll(".mantine-Notification-root").length === 0, undefined, { timeout: 20_000 });
}

async function openPlans(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Action Plans" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/plans");
  await page.getByRole("heading", { name: "Action Plans", level: 1 }).waitFor();
}

describe("action plans", () => {
  const baseUrl = inject("baseUrl");

  test("an Admin creates a plan with two actions and marks one done, on a desktop and a phone", async () => {
    const owner = await companyOnPlan(baseUrl, "planadmin", "Silver");
    const title = `Rebuild trust ${Date.now().toString(36)}`;
    const admin = await openBrowser(baseUrl);
    try {
      const { page } = admin;
      await signIn(page, owner.email, owner.password);
      await page.goto("/dashboard");
      await openPlans(page);
      await page.getByTestId("action-plans-empty").waitFor();
      await checkA11y(page, "action plans, none yet");

      // A report's link fills the form in; an empty title is refused before anything is sent.
      await page.goto("/dashboard/plans/new?focus=lowi_trust&source=suggested");
      await page.getByRole("heading", { name: "New action plan", level: 1 }).waitFor();
      expect(await page.getByRole("combobox", { name: "Focus" }).inputValue()).toBe("Trust");
      await page.getByRole("button", { name: "Create plan" }).click();
      await page.getByText("Give the plan a title.").waitFor();
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Target (optional)").fill("Trust at 4.0 or more by the next survey.");
      await checkA11y(page, "new action plan");
      await screenshot(page, "action-plans-new-desktop");
      await page.getByRole("button", { name: "Create plan" }).click();
      await page.getByRole("heading", { name: title, level: 1 }).waitFor();
      expect(await visibleText(page.getByTestId("action-plan-details"))).toContain("from a report suggestion");

      // Two actions, then the first is marked done.
      const addForm = page.getByRole("form", { name: "Add an action" });
      for (const [action, due] of [
        ["Hold a listening session", "2020-01-15"],
        ["Share what we heard", "2999-01-01"],
      ]) {
        await addForm.getByRole("textbox", { name: "Action" }).fill(action);
        await addForm.getByLabel("Due date (optional)").fill(due);
        await addForm.getByRole("button", { name: "Add action" }).click();
        await page.getByTestId("plan-action").filter({ hasText: action }).waitFor();
        expect(await addForm.getByRole("textbox", { name: "Action" }).inputValue()).toBe("");
      }
      const first = page.getByTestId("plan-action").filter({ hasText: "Hold a listening session" });
      await first.getByTestId("plan-action-overdue").waitFor();
      await page.getByTestId("action-plan-progress").getByText("0 of 2 actions done").waitFor();
      await first.getByRole("button", { name: 'Mark done: "Hold a listening session"' }).click();
      await first.getByTestId("plan-action-status").getByText("Done").waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe('Edit "Hold a listening session"');
      await page.getByTestId("action-plan-progress").getByText("1 of 2 actions done").waitFor();
      expect(await first.getByTestId("plan-action-overdue").count()).toBe(0);

      // Reordering with the keyboard: the second action moves up.
      await page.getByRole("button", { name: 'Move "Share what we heard" up' }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await page.getByTestId("plan-action").first().textContent()) ?? "").toContain("Share what we heard");
      // At the top its Up button is off, so the keyboard stays on its Down button; Enter moves it back.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe('Move "Share what we heard" down');
      await page.keyboard.press("Enter");
      await expect
        .poll(async () => (await page.getByTestId("plan-action").first().textContent()) ?? "")
        .toContain("Hold a listening session");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe('Move "Share what we heard" up');
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await page.getByTestId("plan-action").first().textContent()) ?? "").toContain("Share what we heard");
      await checkA11y(page, "action plan with two actions");
      await toastsGone(page);
      await screenshot(page, "action-plans-plan-desktop");

      // Editing sends only what changed; an end before the start is refused on the field, and nothing is lost.
      await page.getByRole("button", { name: "Edit plan" }).click();
      const edit = page.getByRole("form", { name: "Edit action plan" });
      await edit.getByLabel("End date").fill("2020-01-01");
      await edit.getByLabel("Target (optional)").fill("Trust at 4.2 or more by the next survey.");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await edit.getByText("The end date must be on or after the start date.").waitFor();
      expect(await edit.getByLabel("Target (optional)").inputValue()).toBe("Trust at 4.2 or more by the next survey.");
      await checkA11y(page, "editing an action plan");
      await edit.getByLabel("End date").fill("2999-06-30");
      await edit.getByRole("button", { name: "Save changes" }).click();
      const details = page.getByTestId("action-plan-details");
      await details.getByText("Trust at 4.2 or more by the next survey.").waitFor();
      expect(await visibleText(details)).toContain("Jun 30, 2999 (Eastern time)");

      await openPlans(page);
      const row = page.getByTestId("action-plan-row").filter({ hasText: title });
      expect(await visibleText(row.getByTestId("plan-progress"))).toBe("1 of 2 actions done");
      await checkA11y(page, "action plans list");
      await toastsGone(page);
      await screenshot(page, "action-plans-list-desktop");

      // The company's activity log words what happened.
      await page.goto("/dashboard/settings");
      const log = page.getByTestId("activity-log");
      await log.getByText(`Action plan created: “${title}”`).waitFor();
      await log.getByText(`Action updated in “${title}”: “Hold a listening session” (status), now Done`).waitFor();
    } finally {
      await admin.close();
    }

    const phone = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = phone;
      await signIn(page, owner.email, owner.password);
      await page.goto("/dashboard/plans");
      const card = page.getByTestId("action-plan-cards").getByTestId("action-plan-row").filter({ hasText: title });
      expect(await visibleText(card.getByTestId("plan-progress"))).toBe("1 of 2 actions done");
      await checkA11y(page, "action plans list (phone)");
      await screenshot(page, "action-plans-list-phone");
      await card.getByRole("link", { name: title }).click();
      await page.getByRole("heading", { name: title, level: 1 }).waitFor();
      await page.getByTestId("action-plan-progress").getByText("1 of 2 actions done").waitFor();
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(width.scroll).toBeLessThanOrEqual(width.inner);
      await checkA11y(page, "action plan (phone)");
      await screenshot(page, "action-plans-plan-phone");

      // Archiving asks first, keeps the plan readable, and can be undone.
      await page.getByRole("button", { name: "Archive" }).click();
      await modalsSettled(page);
      await checkA11y(page, "archive an action plan (phone)");
      await page.getByRole("dialog", { name: "Archive this plan?" }).getByRole("button", { name: "Archive plan" }).click();
      await page.getByTestId("action-plan-status").getByText("Archived").waitFor();
      await page.getByRole("button", { name: "Make active again" }).click();
      await page.getByTestId("action-plan-status").getByText("Active").waitFor();
    } finally {
      await phone.close();
    }
  });

  test("a Staff member who owns an action updates its status and sees no other plan", async () => {
    const owner = await companyOnPlan(baseUrl, "planteam", "Silver");
    const admin = await openBrowser(baseUrl);
    const staffBrowser = await openBrowser(baseUrl);
    try {
      await signIn(admin.page, owner.email, owner.password);
      const api = admin.context.request;
      const staff = await addStaff(baseUrl, api);
      const me = await ok<{ user: { id: string } }>(await api.get("/api/me"));
      const shared = await ok<{ id: string }>(
        await api.post("/api/action-plans", {
          data: { title: "Welcome new starters", focusKey: "lowi_belonging", ownerUserId: me.user.id },
        }),
      );
      await ok(
        await api.post(`/api/action-plans/${shared.id}/actions`, {
          data: { title: "Pair each starter with a buddy", ownerUserId: staff.userId },
        }),
      );
      await ok(await api.post(`/api/action-plans/${shared.id}/actions`, { data: { title: "Book the welcome lunch" } }));
      const hidden = await ok<{ id: string }>(
        await api.post("/api/action-plans", { data: { title: "Leadership offsite", focusKey: "lowi_trust", ownerUserId: me.user.id } }),
      );

      const { page } = staffBrowser;
      await signIn(page, staff.email, STAFF_PASSWORD);
      await page.goto("/dashboard");
      await openPlans(page);
      const rows = page.getByTestId("action-plan-row");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      expect(await visibleText(rows.first())).toContain("Welcome new starters");
      expect(await page.getByRole("link", { name: "Create plan" }).count()).toBe(0);
      // The CSV holds what the list shows them: their plan with each of its actions, no other plan.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-plans-csv").click()]);
      expect(download.suggestedFilename()).toMatch(/^action-plans-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path()) as string, "utf8");
      expect(csv.startsWith("\uFEFFPlan,Focus,Owner,Scope,Status,Action,Action owner,Action status,Due,Source\r\n")).toBe(true);
      expect(csv).toContain("Pair each starter with a buddy");
      expect(csv).toContain("Book the welcome lunch");
      expect(csv).not.toContain("Leadership offsite");
      await rows.first().getByRole("link", { name: "Welcome new starters" }).click();
      await page.getByRole("heading", { name: "Welcome new starters", level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: "Edit plan" }).count()).toBe(0);
      expect(await page.getByRole("form", { name: "Add an action" }).count()).toBe(0);
      const lunch = page.getByTestId("plan-action").filter({ hasText: "Book the welcome lunch" });
      expect(await lunch.getByRole("button").count()).toBe(0);

      const mine = page.getByTestId("plan-action").filter({ hasText: "Pair each starter with a buddy" });
      await mine.getByRole("button", { name: 'Update status of "Pair each starter with a buddy"' }).click();
      const editor = mine.getByRole("form", { name: 'Edit "Pair each starter with a buddy"' });
      expect(await editor.getByRole("textbox", { name: "Action" }).count()).toBe(0);
      await editor.getByRole("combobox", { name: "Status" }).click();
      await page.getByRole("option", { name: "In progress", exact: true }).click();
      await editor.getByLabel("Notes (optional)").fill("Buddies chosen for the March starters.");
      await checkA11y(page, "staff updating their action");
      await editor.getByRole("button", { name: "Save action" }).click();
      await mine.getByTestId("plan-action-status").getByText("In progress").waitFor();
      await mine.getByText("Buddies chosen for the March starters.").waitFor();
      await toastsGone(page);
      await screenshot(page, "action-plans-staff-desktop");

      // Anything else is not theirs: the other plan is not found, the new plan form is refused.
      await page.goto(`/dashboard/plans/${hidden.id}`);
      await page.getByTestId("action-plan-missing").waitFor();
      await checkA11y(page, "action plan not shared");
      await page.goto("/dashboard/plans/new");
      await page.getByRole("heading", { name: "Access denied" }).waitFor();
      const stored = await ok<{ actions: { title: string; status: string; notes: string }[] }>(
        await api.get(`/api/action-plans/${shared.id}`),
      );
      expect(stored.actions.map((action) => [action.title, action.status])).toEqual([
        ["Pair each starter with a buddy", "in_progress"],
        ["Book the welcome lunch", "not_started"],
      ]);
    } finally {
      await staffBrowser.close();
      await admin.close();
    }
  });

  test("a Bronze company sees the page blurred, and Upgrade To Access opens the upgrade dialog", async () => {
    const owner = await companyOnPlan(baseUrl, "planbronze", "Bronze");
    const session = await openBrowser(baseUrl);
    try {
      const { page } = session;
      await signIn(page, owner.email, owner.password);
      await page.goto("/dashboard");
      await openPlans(page);
      const gate = page.getByTestId("upgrade-to-access");
      await gate.waitFor();
      expect(await visibleText(gate)).toContain("Transformation Plans comes with the Silver plan.");
      expect(await page.getByRole("link", { name: "Create plan" }).count()).toBe(0);
      const blurred = await page.evaluate(() =>
        [...document.querySelectorAll("*")].some((element) => getComputedStyle(element).filter.includes("blur")),
      );
      expect(blurred).toBe(true);
      await checkA11y(page, "action plans locked");
      await screenshot(page, "action-plans-locked-desktop");
      await gate.getByRole("button", { name: "Upgrade To Access" }).click();
      const dialog = page.getByRole("dialog", { name: "Upgrade Plan" });
      await dialog.waitFor();
      expect(await visibleText(dialog.getByTestId("upgrade-message"))).toBe("Upgrade to Silver for Transformation Plans.");
      await modalsSettled(page);
      await checkA11y(page, "upgrade dialog from action plans");
      // The form and a plan's page are locked the same way; the API refuses too.
      await page.goto("/dashboard/plans/new");
      await page.getByTestId("upgrade-to-access").waitFor();
      const refused = await session.context.request.get("/api/action-plans");
      expect(refused.status()).toBe(403);
    } finally {
      await session.close();
    }
  });
});
