/**
 * A reached sending allowance (issue 23 M2, decision 0056), in Chromium against a dedicated server that sends through a
 * real SMTP server the test starts: the operator sets the demo company's allowance to what it has already used today;
 * the Admin's Send step warns before sending, the send is refused with the allowance's message (no "Try again"), the
 * person stays unsent and no email leaves. The allowance goes back to the company's tier at the end.
 */
import { createCustomField, type SendingAllowanceResponse } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_USERS, openBrowser, screenshot, signIn } from "./support/browser";
import { fetchInvitees, type MailingDemo, startMailingDemo, textOf, waitForRecipientCount } from "./support/invitations";
import { ok } from "./support/page-helpers";
import { publishCustomSurvey } from "./support/surveys";

const LIMITED_EMAIL = "past.the.allowance@staff.hearth-e2e.test";

describe("the sending allowance (issue 23, M2)", () => {
  let demo: MailingDemo;
  let surveyId: string;
  let invitePath: string;

  beforeAll(async () => {
    demo = await startMailingDemo("Hearth Invitations <invitations@mail.hearth-e2e.test>");
    const question = createCustomField([], { question: "Is the new rota working for you?", required: true });
    const survey = await publishCustomSurvey(demo.api, {
      name: "Rota check",
      description: "One question about the rota.",
      fields: [question],
    });
    surveyId = survey.id;
    invitePath = `/dashboard/surveys/other/${surveyId}/invitees`;
  });

  afterAll(async () => {
    await demo?.close();
  });

  test("a reached sending allowance: warned before sending, the send refused with its message, the person kept", async () => {
    const { admin, api, server, sink } = demo;
    const { page } = admin;
    const tenantId = (await ok<{ tenant: { id: string } }>(await api.get("/api/me"))).tenant.id;
    const today = await ok<SendingAllowanceResponse>(await api.get("/api/sending-allowance"));
    // The operator sets the demo company's allowance to what it has used today: none left (decision 0056).
    const operator = await openBrowser(server.url);
    const allowanceUrl = `/api/admin/companies/${tenantId}/sending-allowance`;
    try {
      await signIn(operator.page, DEMO_USERS.internal);
      await ok(
        await operator.context.request.put(allowanceUrl, { data: { dailyLimit: today.used, reason: "e2e: the allowance reached" } }),
      );
      await page.goto(invitePath);
      await page.getByTestId("recipient-tab-manual").click();
      await page.getByTestId("manual-email").fill(LIMITED_EMAIL);
      await page.getByTestId("manual-add").click();
      await waitForRecipientCount(page, 1);
      await page.getByTestId("recipients-next").click();
      await page.getByTestId("email-subject").waitFor({ timeout: 20_000 });
      await page.getByTestId("email-next").click();
      await page.getByTestId("send-now").waitFor();
      // Before sending: what is left, and that this send needs more (the recipient and the copy to CC).
      expect(await textOf(page.getByTestId("sending-allowance-remaining"))).toMatch(
        /^0 emails left today of [\d,]+ a day \(set by Hearth support\)\./,
      );
      expect(await textOf(page.getByTestId("sending-allowance-short"))).toContain("Sending now needs 2 emails");

      await page.getByTestId("send-now").click();
      const failure = page.getByTestId("send-failure");
      await failure.waitFor({ timeout: 30_000 });
      const message = await textOf(failure);
      expect(message).toContain("This would send 2 emails, but your company can send");
      expect(message).toContain("Contact support to raise your company's allowance.");
      expect(message).toContain("The people still listed have not been sent the email; nothing was lost.");
      expect(message, "a refusal another try cannot pass today invites none").not.toContain("Try again in a moment.");
      await screenshot(page, "invitations-desktop-allowance-reached");
      expect(await fetchInvitees(api, surveyId).then((rows) => rows.some((row) => row.email === LIMITED_EMAIL))).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(sink.messagesTo(LIMITED_EMAIL), "nothing is sent past the allowance").toEqual([]);
    } finally {
      await operator.context.request
        .put(allowanceUrl, { data: { dailyLimit: null, reason: "e2e: back to the tier" } })
        .catch(() => undefined);
      await operator.close();
    }
  });
});
