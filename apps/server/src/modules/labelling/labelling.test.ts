import type { SurveyField } from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey, user } from "../../db/schema.js";
import { commentExcerpt, commentLabel } from "../../db/schema-reports.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { analyseNewResponses } from "../comments/comment-analysis.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { setLabelerByEmail } from "./labelling.repo.js";

const AI_HUB_URL = "https://hub.example.org/labelers";
const DAY = 24 * 60 * 60 * 1000;

/** A LOWI survey of `responses` respondents, each writing "<tag> comment <n> about supportive colleagues." */
async function surveyWithComments(testApp: TestApp, owner: Session, tag: string, responses: number, closed: boolean): Promise<string> {
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput({ name: `${tag} survey` }) });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const { db, sql } = testApp.ctx.database;
  const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  const fields = row.fields as SurveyField[];
  for (let index = 1; index <= responses; index++) {
    const answers = answerAll(fields);
    for (const field of fields) if (field.group === "demographic" || field.answerType === "Text") delete answers[field.key];
    answers.lowi_demo_gender = index % 2 === 0 ? "Woman" : "Man";
    answers.lowi_open_well = `${tag} comment ${index} about supportive colleagues.`;
    await insertResponse(db, sql, owner.tenantId, { surveyId, answers, submittedOn: "2026-11-20", tokenHash: null });
  }
  await db
    .update(survey)
    .set({ endDate: new Date(Date.now() + (closed ? -DAY : 30 * DAY)) })
    .where(eq(survey.id, surveyId));
  return surveyId;
}

async function company(testApp: TestApp, name: string): Promise<Session> {
  const owner = await registerCompany(testApp.app, { companyName: name });
  await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
  return owner;
}

describe("labelling", () => {
  let testApp: TestApp;
  let sharing: Session;
  let private_: Session;
  let labeler: Session;
  let otherLabeler: Session;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { AI_HUB_URL } });
    sharing = await company(testApp, "Sharing Labelling Co");
    private_ = await company(testApp, "Private Labelling Co");
    // Threshold 5: the closed survey's 12 responses publish 10; the 3-response survey publishes nothing.
    // One LOWI survey may be open at a time: the closed ones first.
    await surveyWithComments(testApp, sharing, "Published", 12, true);
    await surveyWithComments(testApp, sharing, "Small", 3, true);
    await surveyWithComments(testApp, sharing, "Open", 10, false);
    await surveyWithComments(testApp, private_, "Private", 10, true);
    await analyseNewResponses(testApp.ctx);
    const home = await registerCompany(testApp.app, { companyName: "Labelers Home" });
    labeler = await addMember(testApp, home.tenantId, "Staff");
    otherLabeler = await addMember(testApp, home.tenantId, "Staff");
    await setLabelerByEmail(testApp.ctx.database.db, labeler.email, true);
    await setLabelerByEmail(testApp.ctx.database.db, otherLabeler.email, true);
    const consent = await call(testApp.app, "PUT", "/api/company/labelling-consent", {
      cookie: sharing.cookie,
      body: { allowLabelling: true },
    });
    expect(consent.statusCode).toBe(200);
    expect(consent.json().allowLabelling).toBe(true);
  }, 120_000);
  afterAll(async () => testApp?.close());

  const next = (who: Session) => call(testApp.app, "GET", "/api/labelling/next", { cookie: who.cookie });
  const label = (who: Session, body: Record<string, unknown>) =>
    call(testApp.app, "POST", "/api/labelling/labels", { cookie: who.cookie, body });
  const skip = (who: Session, excerptId: string) =>
    call(testApp.app, "POST", "/api/labelling/skip", { cookie: who.cookie, body: { excerptId } });
  const points = async (who: Session) =>
    (await testApp.ctx.database.db.select({ points: user.labeledPoints }).from(user).where(eq(user.id, who.userId)))[0].points;
  const good = { sentiment: "positive", emotion: "Gratitude", topic: "Teamwork" };

  it("is off by default, set by an Admin only, and shown on the company profile", async () => {
    expect((await call(testApp.app, "GET", "/api/company/profile", { cookie: private_.cookie })).json().allowLabelling).toBe(false);
    for (const role of ["Staff", "Manager"] as const) {
      const member = await addMember(testApp, private_.tenantId, role);
      const refused = await call(testApp.app, "PUT", "/api/company/labelling-consent", {
        cookie: member.cookie,
        body: { allowLabelling: true },
      });
      expect(refused.statusCode, role).toBe(403);
    }
    const bad = await call(testApp.app, "PUT", "/api/company/labelling-consent", {
      cookie: private_.cookie,
      body: { allowLabelling: "yes" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.allowLabelling).toEqual(expect.any(String));
    expect((await call(testApp.app, "GET", "/api/company/profile", { cookie: private_.cookie })).json().allowLabelling).toBe(false);
  });

  it("answers 404 to anyone who is not a labeler, on every labelling route", async () => {
    for (const who of [sharing, private_]) {
      expect((await next(who)).statusCode).toBe(404);
      expect((await label(who, { excerptId: crypto.randomUUID(), ...good })).statusCode).toBe(404);
      expect((await skip(who, crypto.randomUUID())).statusCode).toBe(404);
      const me = (await call(testApp.app, "GET", "/api/me", { cookie: who.cookie })).json();
      expect(me.user).toMatchObject({ labeler: false, labeledPoints: 0 });
      expect(me.aiHubUrl).toBeNull();
    }
    expect((await call(testApp.app, "GET", "/api/labelling/next")).statusCode).toBe(401);
  });

  it("serves each published comment of closed surveys of opted-in companies once, text only; points rise once per label", async () => {
    const seen: string[] = [];
    let expectedPoints = 0;
    for (let round = 0; round < 30; round++) {
      const answer = await next(labeler);
      expect(answer.statusCode).toBe(200);
      const task = answer.json();
      expect(task.labeledPoints).toBe(expectedPoints);
      if (task.comment === null) break;
      // Asked again before answering: the same comment, not a new one.
      expect((await next(labeler)).json().comment).toEqual(task.comment);
      expect(Object.keys(task.comment).sort()).toEqual(["excerptId", "text"]);
      const body = answer.body;
      for (const secret of ["Sharing Labelling Co", "Labelers Home", "survey", "Woman", "Man", sharing.email, "2026"]) {
        expect(body).not.toContain(secret);
      }
      seen.push(task.comment.text);
      if (round < 3) {
        const labelled = await label(labeler, { excerptId: task.comment.excerptId, ...good });
        expect(labelled.statusCode).toBe(200);
        expectedPoints += 1;
        expect(labelled.json().labeledPoints).toBe(expectedPoints);
        // The same comment again: refused, no second point.
        const again = await label(labeler, { excerptId: task.comment.excerptId, ...good });
        expect(again.statusCode).toBe(400);
        expect(again.json().error.fields.excerptId).toEqual(expect.any(String));
        expect(await points(labeler)).toBe(expectedPoints);
      } else {
        expect((await skip(labeler, task.comment.excerptId)).statusCode).toBe(200);
      }
    }
    // Exactly the 10 published comments of the closed survey: not the 2 unpublished ones, the open survey, the
    // 3-response survey nor the company that did not opt in; none twice.
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `Published comment ${index + 1} about supportive colleagues.`).sort(),
    );
    expect(await points(labeler)).toBe(3);
    const me = (await call(testApp.app, "GET", "/api/me", { cookie: labeler.cookie })).json();
    expect(me.user).toMatchObject({ labeler: true, labeledPoints: 3 });
    expect(me.aiHubUrl).toBe(AI_HUB_URL);
    const rows = await testApp.ctx.database.db.select().from(commentLabel).where(eq(commentLabel.labelerUserId, labeler.userId));
    expect(rows.filter((row) => row.labeledAt !== null)).toHaveLength(3);
    expect(rows.filter((row) => row.labeledAt !== null).every((row) => row.sentiment === "positive" && row.topic === "Teamwork")).toBe(
      true,
    );
  });

  it("refuses bad labels and another comment's id with field reasons, changing nothing", async () => {
    const task = (await next(otherLabeler)).json();
    expect(task.comment).not.toBeNull();
    const { excerptId } = task.comment;
    const [privateComment] = await testApp.ctx.database.db
      .select({ id: commentExcerpt.id })
      .from(commentExcerpt)
      .where(eq(commentExcerpt.tenantId, private_.tenantId))
      .limit(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ excerptId, ...good, sentiment: "ecstatic" }, "sentiment"],
      [{ excerptId, ...good, emotion: "Joy" }, "emotion"],
      [{ excerptId, ...good, emotion: "Anger" }, "emotion"],
      [{ excerptId, ...good, topic: "Parking" }, "topic"],
      [{ excerptId: "not-an-id", ...good }, "excerptId"],
      [{ excerptId: crypto.randomUUID(), ...good }, "excerptId"],
      [{ excerptId: privateComment.id, ...good }, "excerptId"],
    ];
    for (const [body, field] of cases) {
      const refused = await label(otherLabeler, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await skip(otherLabeler, privateComment.id)).statusCode).toBe(400);
    expect(await points(otherLabeler)).toBe(0);
    expect((await next(otherLabeler)).json().comment.excerptId).toBe(excerptId);
    const labelled = await testApp.ctx.database.db.select().from(commentLabel).where(eq(commentLabel.labelerUserId, otherLabeler.userId));
    expect(labelled).toHaveLength(1);
    expect(labelled[0].labeledAt).toBeNull();
  });

  it("stops serving a company's comments when it opts out", async () => {
    const off = await call(testApp.app, "PUT", "/api/company/labelling-consent", {
      cookie: sharing.cookie,
      body: { allowLabelling: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await next(otherLabeler)).json().comment).toBeNull();
    const open = await testApp.ctx.database.db.select().from(commentLabel).where(eq(commentLabel.labelerUserId, otherLabeler.userId));
    expect(open).toHaveLength(0);
  });
});
