/**
 * Custom data requests (issue 25 item 7, decision 0074), in Chromium: the Admin of a Gold company opens Data Requests
 * from the menu, sees the allowance, sends a request and sees it listed as Submitted; Hearth staff move it to In
 * progress with a note in the operator console; the Admin then reads the new status and note, and the email. A Free
 * company sees the page locked with the way to upgrade.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { createVerifiedUser, DEMO_USERS, latestMailTo, openBrowser, screenshot, signIn } from "./support/browser";
import { ok } from "./support/page-helpers";

async function openDataRequests(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Data Requests" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/data-requests");
  await page.getByRole("heading", { name: "Custom data requests", level: 1 }).waitFor();
}

describe("custom data requests", () => {
  const baseUrl = inject("baseUrl");

  test("a Gold company's Admin sends a request, Hearth staff move it, and the Admin sees the new status", async () => {
    const companyName = `Data Curious ${Date.now().toString(36)}`;
    const owner = await createVerifiedUser(baseUrl, "datareq", companyName);
    const title = `Turnover by team ${Date.now().toString(36)}`;
    const admin = await openBrowser(baseUrl);
    const operator = await openBrowser(baseUrl);
    try {
      await signIn(admin.page, owner.email, owner.password);
      const me = await ok<{ tenant: { id: string } }>(await admin.context.request.get("/api/me"));
      // Hearth staff give the company Gold through the console's deal endpoint (what a signed order does).
      await signIn(operator.page, DEMO_USERS.internal);
      await ok(
        await operator.context.request.post(`/api/admin/companies/${me.tenant.id}/deals`, {
          data: { plan: "Gold", isActive: true, forceActivate: true, activatedDate: new Date().toISOString() },
        }),
      );

      const plan = await ok<{ effectivePlan: string }>(await admin.context.request.get("/api/billing/overview"));
      expect(plan.effectivePlan).toBe("Gold");
      const { page } = admin;
      await page.goto("/dashboard");
      await openDataRequests(page);
      await page.getByTestId("data-requests-allowance").getByText("0 of 6 used this plan").waitFor();
      await page.getByTestId("data-requests-empty").waitFor();
      await checkA11y(page, "data requests, none sent");

      // An empty form is refused field by field, before anything is sent.
      await page.getByRole("button", { name: "Send request" }).click();
      await page.getByText("Give the request a title").waitFor();
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("What data or question?").fill("How does the intent to stay differ between our teams this year?");
      await page.getByRole("button", { name: "Send request" }).click();
      const item = page.getByTestId("data-request-item").filter({ hasText: title });
      await item.getByTestId("data-request-status").getByText("Submitted").waitFor();
      await page.getByTestId("data-requests-allowance").getByText("1 of 6 used this plan").waitFor();
      expect(await page.getByLabel("Title").inputValue()).toBe("");
      await screenshot(page, "data-requests-desktop");

      // Hearth staff find it in the console and move it to In progress with a note.
      const opsPage = operator.page;
      await opsPage.goto("/admin/dashboard");
      const row = opsPage.getByTestId("operator-data-request").filter({ hasText: title });
      await row.waitFor();
      expect(await row.textContent()).toContain(companyName);
      await row.getByRole("combobox", { name: "Status" }).click();
      await opsPage.getByRole("option", { name: "In progress", exact: true }).click();
      await row.getByLabel("Note to the company").fill("We are pulling the figures this week.");
      await row.getByRole("button", { name: "Save" }).click();
      await opsPage.getByText(`"${title}" is in progress. The requester has been told.`).waitFor();
      await checkA11y(opsPage, "operator console with a data request");

      // The Admin reads the new status and the note, and has the email.
      await page.reload();
      const updated = page.getByTestId("data-request-item").filter({ hasText: title });
      await updated.getByTestId("data-request-status").getByText("In progress").waitFor();
      await updated.getByTestId("data-request-note").getByText("We are pulling the figures this week.").waitFor();
      const mail = await latestMailTo(baseUrl, owner.email, { subjectIncludes: "Your data request is in progress" });
      expect(mail.text).toContain("Note from our team: We are pulling the figures this week.");
    } finally {
      await admin.close();
      await operator.close();
    }
  });

  test("a Free company sees the page locked with the way to upgrade", async () => {
    const owner = await createVerifiedUser(baseUrl, "datareqfree", `Data Free ${Date.now().toString(36)}`);
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, owner.email, owner.password);
      await page.goto("/dashboard");
      await openDataRequests(page);
      const locked = page.getByTestId("data-requests-locked");
      await locked.getByText("Custom data requests are not included in the Free plan. Upgrade to Silver or above").waitFor();
      expect(await page.getByRole("button", { name: "Send request" }).count()).toBe(0);
      await checkA11y(page, "data requests, locked");
      await locked.getByRole("link", { name: "Compare plans and upgrade" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard/billing/plan");
    } finally {
      await session.close();
    }
  });
});
