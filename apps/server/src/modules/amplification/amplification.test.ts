import type { SurveyField } from "@hearth/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, survey, surveyResponse } from "../../db/schema.js";
import { commentExcerpt } from "../../db/schema-reports.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { updateTenant } from "../company/company.repo.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { drawableQuoteText, imageSize } from "./quote-image.js";
import { clearOfWindowBoundary } from "../../test/rate-window.js";

/** A 2×1 red PNG, standing in for a company logo. */
const LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAJAQEAj3j6WAAAAABJRU5ErkJggg==",
  "base64",
);

interface Comment {
  text: string;
  sentiment?: string;
  hidden?: boolean;
}

interface Company extends Session {
  surveyId: string;
  /** Comment id by text. */
  ids: Map<string, string>;
}

/**
 * Answers without written ones: a response with a written answer counts as analysed only once it has an excerpt
 * (decision 0022), and these fixtures write excerpts by hand for the responses that carry a comment.
 */
function withoutOpenAnswers(fields: readonly SurveyField[], answers: Record<string, string>): Record<string, string> {
  for (const field of fields) if (field.answerType === "Text") delete answers[field.key];
  return answers;
}

/**
 * A company on the plan with one LOWI survey of `responses` answers and the given comments (one per response),
 * published at the company's visibility threshold `threshold` (default 5).
 */
async function companyWithComments(
  testApp: TestApp,
  plan: string,
  responses: number,
  comments: Comment[],
  threshold = 5,
): Promise<Company> {
  const owner = await registerCompany(testApp.app);
  await completeProfileAndSetPlan(testApp, owner.tenantId, plan);
  await updateTenant(testApp.ctx.database.db, owner.tenantId, { visibilityThreshold: threshold });
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const { db, sql } = testApp.ctx.database;
  const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  const fields = row.fields as SurveyField[];
  for (let index = 0; index < responses; index++) {
    await insertResponse(db, sql, owner.tenantId, {
      surveyId,
      answers: withoutOpenAnswers(fields, answerAll(fields, index)),
      submittedOn: "2026-11-20",
      tokenHash: null,
    });
  }
  const responseIds = await db
    .select({ id: surveyResponse.id })
    .from(surveyResponse)
    .where(eq(surveyResponse.surveyId, surveyId))
    .orderBy(asc(surveyResponse.seq));
  expect(comments.length).toBeLessThanOrEqual(responseIds.length);
  const ids = new Map<string, string>();
  for (const [index, comment] of comments.entries()) {
    const [inserted] = await db
      .insert(commentExcerpt)
      .values({
        tenantId: owner.tenantId,
        surveyId,
        responseId: responseIds[index].id,
        questionKey: "lowi_open_do_well",
        text: comment.text,
        sentiment: comment.sentiment ?? "positive",
        emotion: "joy",
        analyzer: "test",
        hidden: comment.hidden ?? false,
      })
      .returning({ id: commentExcerpt.id });
    ids.set(comment.text, inserted.id);
  }
  return { ...owner, surveyId, ids };
}

const LONG = `${"Everyone here is generous with their time and ideas. ".repeat(6)}`.trim();
const COMMENTS: Comment[] = [
  { text: "My manager gives me wonderful, honest feedback every week." },
  { text: "  People are kind and\n always happy to help.  " },
  { text: "I am proud of what we ship." },
  { text: "The on-call rota is exhausting.", sentiment: "negative" },
  { text: "The office is fine.", sentiment: "neutral" },
  { text: "Removed earlier by an admin.", hidden: true },
  { text: "Yes" },
  { text: LONG },
  { text: "Great place, write to me at jamie.doe@example.com to hear more." },
];

describe("social quotes", () => {
  let testApp: TestApp;
  let gold: Company;
  beforeAll(async () => {
    testApp = await createTestApp();
    gold = await companyWithComments(testApp, "Gold", 9, COMMENTS);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, cookie: string) => call(testApp.app, "GET", url, { cookie });
  const post = (url: string, cookie: string) => call(testApp.app, "POST", url, { cookie, body: {} });
  const imageUrl = (id: string) => `/api/amplification/quotes/${id}/image.png`;
  const removeUrl = (id: string) => `/api/amplification/quotes/${id}/remove`;

  it("lists only positive, unhidden quotes that fit a card and name nobody, with the survey's name", async () => {
    const response = await get("/api/amplification/quotes", gold.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.canDownload).toBe(true);
    const texts = body.quotes.map((quote: { text: string }) => quote.text).sort();
    expect(texts).toEqual(
      [
        "I am proud of what we ship.",
        "My manager gives me wonderful, honest feedback every week.",
        "People are kind and always happy to help.",
      ].sort(),
    );
    const ids = body.quotes.map((quote: { id: string }) => quote.id);
    expect(ids).toEqual([...ids].sort());
    for (const quote of body.quotes) {
      expect(Object.keys(quote).sort()).toEqual(["canDownload", "id", "surveyId", "surveyName", "text"]);
      expect(quote).toMatchObject({ surveyId: gold.surveyId, surveyName: "Culture check 2026", canDownload: true });
    }
  });

  it("pages the list", async () => {
    const first = (await get("/api/amplification/quotes?pageSize=2", gold.cookie)).json();
    const second = (await get("/api/amplification/quotes?pageSize=2&page=2", gold.cookie)).json();
    expect(first.quotes).toHaveLength(2);
    expect(second.quotes).toHaveLength(1);
    expect(first.total).toBe(3);
    expect(new Set([...first.quotes, ...second.quotes].map((quote: { id: string }) => quote.id)).size).toBe(3);
    expect((await get("/api/amplification/quotes?pageSize=500", gold.cookie)).statusCode).toBe(400);
  });

  it("shows no quotes of a survey with fewer respondents than the survey's visibility threshold", async () => {
    const few = await companyWithComments(testApp, "Gold", 4, [{ text: "A lovely, supportive team." }]);
    const list = (await get("/api/amplification/quotes", few.cookie)).json();
    expect(list).toMatchObject({ quotes: [], total: 0 });
    const quoteId = few.ids.get("A lovely, supportive team.") as string;
    expect((await get(imageUrl(quoteId), few.cookie)).statusCode).toBe(404);
    // The survey keeps the threshold it was published with (decision 0022): lowering the company's changes nothing.
    await updateTenant(testApp.ctx.database.db, few.tenantId, { visibilityThreshold: 3 });
    expect((await get("/api/amplification/quotes", few.cookie)).json().total).toBe(0);
    // A survey published at 3, the smallest the rules allow, shows its three respondents' quotes.
    const atThree = await companyWithComments(testApp, "Gold", 3, [{ text: "A lovely, supportive team." }], 3);
    expect((await get("/api/amplification/quotes", atThree.cookie)).json().total).toBe(1);
    // Raising the company's threshold above the respondents does not hide a published survey's quotes either.
    await updateTenant(testApp.ctx.database.db, gold.tenantId, { visibilityThreshold: 10 });
    expect((await get("/api/amplification/quotes", gold.cookie)).json().total).toBe(3);
    await updateTenant(testApp.ctx.database.db, gold.tenantId, { visibilityThreshold: 5 });
  });

  it("adds quotes in blocks of k respondents, so a new quote never lines up with a single new response", async () => {
    const comments: Comment[] = Array.from({ length: 7 }, (_, index) => ({
      text: `Response ${index + 1}: wonderful, kind and supportive colleagues.`,
    }));
    const company = await companyWithComments(testApp, "Gold", 7, comments);
    const texts = async () =>
      ((await get("/api/amplification/quotes", company.cookie)).json().quotes as { text: string }[]).map((quote) => quote.text).sort();
    // k = 5: the comments of the first five responses only.
    expect(await texts()).toEqual(
      comments
        .slice(0, 5)
        .map((comment) => comment.text)
        .sort(),
    );
    const sixth = company.ids.get(comments[5].text) as string;
    expect((await get(imageUrl(sixth), company.cookie)).statusCode).toBe(404);
    // Three more responses make ten: the next block, with the sixth and seventh comments, opens.
    const { db, sql } = testApp.ctx.database;
    const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, company.surveyId));
    for (let index = 0; index < 3; index++) {
      const answers = withoutOpenAnswers(row.fields as SurveyField[], answerAll(row.fields as SurveyField[], index));
      await insertResponse(db, sql, company.tenantId, { surveyId: company.surveyId, answers, submittedOn: "2026-11-21", tokenHash: null });
    }
    expect(await texts()).toEqual(comments.map((comment) => comment.text).sort());
    expect((await get(imageUrl(sixth), company.cookie)).statusCode).toBe(200);
  });

  it("renders a 1200×675 PNG with the company's logo and logs download_social_image", async () => {
    await updateTenant(testApp.ctx.database.db, gold.tenantId, { logo: LOGO_PNG, logoContentType: "image/png", logoUpdatedAt: new Date() });
    const quoteId = gold.ids.get("My manager gives me wonderful, honest feedback every week.") as string;
    const response = await get(imageUrl(quoteId), gold.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="quote-[0-9a-f]{8}\.png"$/);
    const png = response.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(imageSize(png)).toEqual({ width: 1200, height: 675 });
    // A second download comes from the cache and is logged too.
    const again = await get(imageUrl(quoteId), gold.cookie);
    expect(again.rawPayload.equals(png)).toBe(true);
    const logs = await testApp.ctx.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, gold.tenantId), eq(activityLog.action, "download_social_image")));
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ userId: gold.userId, data: { quoteId, surveyId: gold.surveyId } });
  });

  it("renders the longest quote a card takes", async () => {
    const [quote] = (await get("/api/amplification/quotes", gold.cookie)).json().quotes;
    const longest = "Everyone here is generous with their time and ideas, ".repeat(6).slice(0, 280);
    await testApp.ctx.database.db.update(commentExcerpt).set({ text: longest }).where(eq(commentExcerpt.id, quote.id));
    expect((await get("/api/amplification/quotes", gold.cookie)).json().total).toBe(3);
    const response = await get(imageUrl(quote.id), gold.cookie);
    expect(response.statusCode).toBe(200);
    expect(imageSize(response.rawPayload)).toEqual({ width: 1200, height: 675 });
  });

  it("draws what the fonts cover: emoji are left out, a script without glyphs is refused rather than mangled", async () => {
    expect(await drawableQuoteText("Love this team 🎉 — ça va, Ελλάδα, Привет!")).toBe("Love this team — ça va, Ελλάδα, Привет!");
    expect(await drawableQuoteText("很好的团队, great team")).toBe("很好的团队, great team");
    expect(await drawableQuoteText("ሰላም, great team")).toBeNull();
    const [quote] = (await get("/api/amplification/quotes", gold.cookie)).json().quotes;
    await testApp.ctx.database.db.update(commentExcerpt).set({ text: "很好的团队 and kind people" }).where(eq(commentExcerpt.id, quote.id));
    expect((await get(imageUrl(quote.id), gold.cookie)).statusCode).toBe(200);
    await testApp.ctx.database.db.update(commentExcerpt).set({ text: "ሰላም and kind people" }).where(eq(commentExcerpt.id, quote.id));
    const refused = await get(imageUrl(quote.id), gold.cookie);
    expect(refused.statusCode).toBe(422);
    await testApp.ctx.database.db
      .update(commentExcerpt)
      .set({ text: "Kind people 🎉 and good coffee." })
      .where(eq(commentExcerpt.id, quote.id));
    expect((await get(imageUrl(quote.id), gold.cookie)).statusCode).toBe(200);
  });

  it("removes a quote: it leaves the list and its image", async () => {
    const quoteId = gold.ids.get("I am proud of what we ship.") as string;
    const removed = await post(removeUrl(quoteId), gold.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    const list = (await get("/api/amplification/quotes", gold.cookie)).json();
    expect(list.total).toBe(2);
    expect(list.quotes.map((quote: { id: string }) => quote.id)).not.toContain(quoteId);
    const [row] = await testApp.ctx.database.db
      .select({ hidden: commentExcerpt.hidden })
      .from(commentExcerpt)
      .where(eq(commentExcerpt.id, quoteId));
    expect(row.hidden).toBe(true);
    expect((await get(imageUrl(quoteId), gold.cookie)).statusCode).toBe(404);
    expect((await post(removeUrl(quoteId), gold.cookie)).statusCode).toBe(404);
  });

  it("without Social Amplification in the plan: canDownload false, 403 PLAN_UPGRADE_REQUIRED on image and remove", async () => {
    const bronze = await companyWithComments(testApp, "Bronze", 6, [{ text: "Kind people and clear goals." }]);
    const list = (await get("/api/amplification/quotes", bronze.cookie)).json();
    expect(list.total).toBe(1);
    expect(list.canDownload).toBe(false);
    expect(list.quotes[0].canDownload).toBe(false);
    const quoteId = list.quotes[0].id as string;
    for (const response of [await get(imageUrl(quoteId), bronze.cookie), await post(removeUrl(quoteId), bronze.cookie)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "SocialAmplification" } });
    }
    // A company granted the feature on top of its plan may download.
    await updateTenant(testApp.ctx.database.db, bronze.tenantId, { features: ["SocialAmplification"] });
    expect((await get(imageUrl(quoteId), bronze.cookie)).statusCode).toBe(200);
  });

  it("Staff without the amplification permission read the list but may not download or remove; Managers may", async () => {
    const quoteId = (await get("/api/amplification/quotes", gold.cookie)).json().quotes[0].id as string;
    const staff = await addMember(testApp, gold.tenantId, "Staff");
    const list = (await get("/api/amplification/quotes", staff.cookie)).json();
    // Without assigned cohorts Staff read no comments, so no quotes either (issue 11 item 7; quotes-scope.test.ts).
    expect(list.total).toBe(0);
    expect(list.canDownload).toBe(false);
    for (const response of [await get(imageUrl(quoteId), staff.cookie), await post(removeUrl(quoteId), staff.cookie)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("FORBIDDEN");
    }
    const manager = await addMember(testApp, gold.tenantId, "Manager");
    expect((await get("/api/amplification/quotes", manager.cookie)).json().canDownload).toBe(true);
    // A Manager has the permission; this quote is outside their (unassigned) cohorts, so it does not exist for them.
    expect((await get(imageUrl(quoteId), manager.cookie)).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", "/api/amplification/quotes")).statusCode).toBe(401);
  });

  it("answers 404 for another company's quote on every route, and 400 for a malformed id", async () => {
    const other = await companyWithComments(testApp, "Gold", 6, [{ text: "Their own lovely, supportive team." }]);
    const quoteId = gold.ids.get("My manager gives me wonderful, honest feedback every week.") as string;
    expect((await get(imageUrl(quoteId), other.cookie)).statusCode).toBe(404);
    expect((await post(removeUrl(quoteId), other.cookie)).statusCode).toBe(404);
    const otherList = (await get("/api/amplification/quotes", other.cookie)).json();
    expect(otherList.quotes.map((quote: { text: string }) => quote.text)).toEqual(["Their own lovely, supportive team."]);
    const [row] = await testApp.ctx.database.db
      .select({ hidden: commentExcerpt.hidden })
      .from(commentExcerpt)
      .where(eq(commentExcerpt.id, quoteId));
    expect(row.hidden).toBe(false);
    for (const response of [await get(imageUrl("not-a-uuid"), gold.cookie), await post(removeUrl("1234"), gold.cookie)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("rate limits image downloads per user", async () => {
    await clearOfWindowBoundary();
    // A second Admin: the limit is per user, and Admins read every quote (Managers only their cohorts').
    const admin = await addMember(testApp, gold.tenantId, "Admin");
    const quoteId = gold.ids.get("My manager gives me wonderful, honest feedback every week.") as string;
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) statuses.push((await get(imageUrl(quoteId), admin.cookie)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
