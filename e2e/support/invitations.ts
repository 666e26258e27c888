/** Helpers of the invitations end-to-end test: the API's invitee list, the mails at the sink, the invite page's tables. */
import { decodeQuotedPrintable, type ReceivedMessage, type SmtpSink, startSmtpSink } from "../../apps/server/src/test/smtp-sink";
import type { SurveyInvitee, SurveyInviteesResponse } from "@hearth/shared";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { DEMO_USERS, openBrowser, type Session, signIn } from "./browser";
import { ok, until } from "./page-helpers";
import { type RunningServer, startServer } from "./server";

/** Everyone invited to the survey, from the same route the Sent Surveys table reads. */
export async function fetchInvitees(api: APIRequestContext, surveyId: string): Promise<SurveyInvitee[]> {
  const first = await ok<SurveyInviteesResponse>(await api.get(`/api/surveys/${surveyId}/invitees?page=1`));
  const all = [...first.invitees];
  for (let page = 2; page <= first.maxPages; page++) {
    all.push(...(await ok<SurveyInviteesResponse>(await api.get(`/api/surveys/${surveyId}/invitees?page=${page}`))).invitees);
  }
  return all;
}

/** Headers unfolded, body parts decoded: enough to read the subject and find links. */
export function readMessage(message: ReceivedMessage) {
  const [head] = message.raw.split(/\r?\n\r?\n/, 1);
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? "";
  const from = /^from:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? "";
  const body = decodeQuotedPrintable(message.raw).replaceAll("&amp;", "&");
  return { subject, from, body };
}

export function personalLink(message: ReceivedMessage, baseUrl: string, surveyId: string): string {
  const { body } = readMessage(message);
  const escaped = `${baseUrl}/s/${surveyId}`.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`${escaped}\\?r=([A-Za-z0-9_.-]+)`).exec(body);
  if (!match) throw new Error(`No personal link /s/${surveyId}?r=… in the email to ${message.to.join(", ")}`);
  return match[0];
}

export function countsFor(sink: SmtpSink, addresses: readonly string[]): Map<string, number> {
  return new Map(addresses.map((address) => [address, sink.messagesTo(address).length]));
}

export function describeCounts(counts: Map<string, number>): string {
  const tally = new Map<number, number>();
  for (const value of counts.values()) tally.set(value, (tally.get(value) ?? 0) + 1);
  return [...tally.entries()].map(([messages, people]) => `${people} people with ${messages} message(s)`).join(", ");
}

/** The Sent Surveys rows on screen: email, send status, replied and scheduled-date text. */
export async function readInviteeRows(page: Page) {
  return page.getByTestId("invitee-row").evaluateAll((rows) =>
    rows.map((row) => ({
      email: row.getAttribute("data-email") ?? "",
      status: row.querySelector("[data-testid='invitee-send-status']")?.getAttribute("data-status") ?? "",
      replied: row.querySelector("[data-testid='invitee-replied']")?.textContent ?? "",
      scheduled: row.querySelectorAll("td")[2]?.textContent ?? "",
    })),
  );
}

/** The Sent Surveys tab, every row on one page (the table shows 10 a page by default). */
export async function showAllSent(page: Page, expectedRows: number): Promise<void> {
  await page.getByTestId("sent-invitees").waitFor({ timeout: 20_000 });
  await page.getByTestId("rows-per-page").selectOption("100");
  await until(
    `the Sent Surveys table to list ${expectedRows} invitees`,
    async () => (await page.getByTestId("invitee-row").count()) === expectedRows,
    { describe: async () => `${await page.getByTestId("invitee-row").count()} rows` },
  );
}

/** Every recipient in step 1's list, over all its pages (25 a page). */
export async function readRecipientEmails(page: Page): Promise<string[]> {
  const emails: string[] = [];
  const pager = page.getByRole("navigation", { name: "Recipient pages" });
  for (let guard = 0; guard < 20; guard++) {
    emails.push(
      ...(await page.getByTestId("recipient-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-email") ?? ""))),
    );
    if ((await pager.count()) === 0) break;
    const next = pager.getByRole("button", { name: "Next" });
    if (await next.isDisabled()) break;
    const before = await page.getByTestId("recipient-row").first().getAttribute("data-email");
    await next.click();
    await until(
      "the next page of recipients",
      async () => (await page.getByTestId("recipient-row").first().getAttribute("data-email")) !== before,
    );
  }
  return emails;
}

export async function waitForRecipientCount(page: Page, count: number): Promise<void> {
  const counter = page.getByTestId("recipient-count");
  await until(
    `step 1 to say ${count} will be invited, with the already-invited check finished`,
    async () => (await counter.getAttribute("data-count")) === String(count) && !((await counter.textContent()) ?? "").includes("checking"),
    { describe: async () => (await counter.textContent()) ?? "" },
  );
}

export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Answers the public survey page part by part: the first choice of every question, `comment` in every text box, then
 * "Send answers"; waits for the thank-you notice.
 */
export async function answerSurveyInBrowser(page: Page, link: string, surveyName: string, comment: string): Promise<void> {
  await page.goto(link);
  await page.getByRole("heading", { level: 1, name: surveyName }).waitFor();
  for (let guard = 0; guard < 20; guard++) {
    const section = page.getByTestId("survey-part-section");
    const questions = section.locator("[data-testid^='question-']");
    for (let index = 0; index < (await questions.count()); index++) {
      const question = questions.nth(index);
      const radios = question.getByRole("radio");
      if ((await radios.count()) > 0) await radios.first().check();
      else if ((await question.locator("textarea").count()) > 0) await question.locator("textarea").fill(comment);
    }
    const send = page.getByRole("button", { name: "Send answers" });
    if ((await send.count()) > 0) {
      await send.click();
      break;
    }
    await page.getByRole("button", { name: "Next" }).click();
  }
  await page.getByTestId("survey-thanks").waitFor({ timeout: 30_000 });
}

/** A server of its own that sends through an SMTP sink the test reads, with the demo Admin signed in to it. */
export interface MailingDemo {
  sink: SmtpSink;
  server: RunningServer;
  admin: Session;
  api: APIRequestContext;
  close(): Promise<void>;
}

export async function startMailingDemo(mailFrom: string): Promise<MailingDemo> {
  const sink = await startSmtpSink();
  const server = await startServer({ SMTP_URL: sink.url, MAIL_FROM: mailFrom });
  const admin = await openBrowser(server.url);
  await signIn(admin.page, DEMO_USERS.admin);
  return {
    sink,
    server,
    admin,
    api: admin.context.request,
    async close() {
      await admin.close();
      await server.stop();
      await sink.close();
    },
  };
}
