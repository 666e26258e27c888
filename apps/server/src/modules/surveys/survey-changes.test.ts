/**
 * Survey change logs (issue 25 item 7, decision 0075): each edit writes one entry saying what changed and who changed
 * it, an unchanged save none; `GET /api/surveys/:id/changes` is the company's (another company 404, Staff only for the
 * surveys they may see, signed-out 401), its page size bounded; the operator console reads any company's.
 */
import { randomUUID } from "node:crypto";
import { type SurveyField, createCustomField, defaultEndDate, formatDayInZone, listPresetFields } from "@hearth/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, survey } from "../../db/schema.js";
import {
  STRONG_PASSWORD,
  type Session,
  type TestApp,
  addMember,
  call,
  createTestApp,
  registerCompany,
  signIn,
  uniqueEmail,
} from "../../test/harness.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { answerAll, completeProfileAndSetPlan } from "./surveys.test-helpers.js";

const DAY = 86_400_000;

function presetAndTwoQuestions(): SurveyField[] {
  const preset = listPresetFields("Custom");
  const first = createCustomField(preset, { question: "What helps you do your best work?", answerType: "Text" });
  const second = createCustomField([...preset, first], { question: "How supported do you feel?" });
  return [...preset, first, second];
}

function customInput(overrides: Record<string, unknown> = {}) {
  return {
    surveyPreset: "Custom",
    name: "Team pulse",
    description: "A short pulse for the team.",
    metaFields: {},
    fields: presetAndTwoQuestions(),
    draft: false,
    endDate: defaultEndDate(Date.now(), "America/New_York"),
    ...overrides,
  };
}

interface Detail {
  id: string;
  name: string;
  description: string;
  metaFields: Record<string, string>;
  fields: SurveyField[];
  draft: boolean;
  endDate: number | null;
  surveyPreset: string;
}

const inputOf = (detail: Detail, overrides: Partial<Detail> = {}) => {
  const { surveyPreset, name, description, metaFields, fields, draft, endDate } = { ...detail, ...overrides };
  return { surveyPreset, name, description, metaFields, fields, draft, endDate };
};

describe("survey change logs", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;
  const db = () => testApp.ctx.database.db;

  const create = async (session: Session, overrides: Record<string, unknown> = {}) => {
    const response = await call(testApp.app, "POST", "/api/surveys", { cookie: session.cookie, body: customInput(overrides) });
    expect(response.statusCode).toBe(201);
    return response.json() as Detail;
  };
  // The plan's survey slots are few: a test done with its survey archives it.
  const archive = async (surveyId: string) =>
    expect((await call(testApp.app, "POST", `/api/surveys/${surveyId}/archive`, { cookie: owner.cookie })).statusCode).toBe(200);
  const changes = (session: Session | null, surveyId: string, query = "") =>
    call(testApp.app, "GET", `/api/surveys/${surveyId}/changes${query}`, session ? { cookie: session.cookie } : {});
  const entriesOf = (tenantId: string, surveyId: string) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, tenantId), sql`${activityLog.data} ->> 'surveyId' = ${surveyId}`));

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Change Log Co" });
    other = await registerCompany(testApp.app, { companyName: "Other Change Log Co" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await completeProfileAndSetPlan(testApp, other.tenantId, "Gold");
  });
  afterAll(() => testApp.close());

  it("writes one update_survey entry naming the changes and the Admin, and none for an unchanged save", async () => {
    const created = await create(owner);
    const fields = created.fields.map((field) =>
      field.question === "How supported do you feel?" ? { ...field, question: "How supported do you feel this month?" } : field,
    );
    const position = fields.findIndex((field) => field.question === "How supported do you feel this month?") + 1;
    const put = await call(testApp.app, "PUT", `/api/surveys/${created.id}`, {
      cookie: owner.cookie,
      body: inputOf(created, { name: "Team pulse Q4", fields }),
    });
    expect(put.statusCode).toBe(200);

    const stored = await entriesOf(owner.tenantId, created.id);
    expect(stored.map((row) => row.action).sort()).toEqual(["create_survey", "update_survey"]);
    const update = stored.find((row) => row.action === "update_survey");
    expect(update?.userId).toBe(owner.userId);

    const page = await changes(owner, created.id);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    const [entry] = page.json().entries;
    expect(entry).toMatchObject({
      action: "update_survey",
      title: "Survey edited",
      who: "Olive Owner",
      byHearthStaff: false,
      moreChanges: 0,
    });
    expect(entry.changes).toEqual([
      { field: "Name", before: "Team pulse", after: "Team pulse Q4", summary: "Name “Team pulse” → “Team pulse Q4”" },
      {
        field: `Question ${position} wording`,
        before: "How supported do you feel?",
        after: "How supported do you feel this month?",
        summary: `Question ${position} reworded: “How supported do you feel?” → “How supported do you feel this month?”`,
      },
    ]);

    // Saved again as it is: no entry.
    const again = await call(testApp.app, "PUT", `/api/surveys/${created.id}`, { cookie: owner.cookie, body: inputOf(put.json()) });
    expect(again.statusCode).toBe(200);
    expect((await changes(owner, created.id)).json().total).toBe(1);
    expect((await entriesOf(owner.tenantId, created.id)).length).toBe(2);

    // The company's activity log carries the same entry, with the survey's name.
    const log = (await call(testApp.app, "GET", "/api/activity-log", { cookie: owner.cookie })).json();
    const logged = log.entries.find((one: { action: string; data: { surveyId?: string } }) => one.action === "update_survey");
    expect(logged.data).toMatchObject({ surveyId: created.id, surveyName: "Team pulse Q4", changes: entry.changes });
    await archive(created.id);
  });

  it("records publishing a draft, end dates in the company's zone, closing, archiving and restoring, newest first", async () => {
    const draft = await create(owner, { name: "Draft pulse", draft: true, endDate: null });
    const endDate = defaultEndDate(Date.now(), "America/New_York");
    const published = await call(testApp.app, "PUT", `/api/surveys/${draft.id}`, {
      cookie: owner.cookie,
      body: inputOf(draft, { draft: false, endDate }),
    });
    expect(published.statusCode).toBe(200);
    const later = endDate + 7 * DAY;
    const moved = await call(testApp.app, "POST", "/api/set-survey-end-date", {
      cookie: owner.cookie,
      body: { surveyId: draft.id, endDate: later },
    });
    expect(moved.json()).toMatchObject({ success: true });
    expect((await call(testApp.app, "POST", `/api/surveys/${draft.id}/close`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await call(testApp.app, "POST", `/api/surveys/${draft.id}/archive`, { cookie: owner.cookie })).statusCode).toBe(200);
    // Archived again: nothing flipped, nothing logged.
    expect((await call(testApp.app, "POST", `/api/surveys/${draft.id}/archive`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await call(testApp.app, "POST", `/api/surveys/${draft.id}/restore`, { cookie: owner.cookie })).statusCode).toBe(200);

    const body = (await changes(owner, draft.id)).json();
    expect(body.total).toBe(5);
    expect(body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "restore_survey",
      "archive_survey",
      "close_survey",
      "change_survey_end_date",
      "update_survey",
    ]);
    const [, , closed, endMoved, publish] = body.entries;
    const day = (at: number) => formatDayInZone(at, "America/New_York");
    expect(publish.changes.map((one: { summary: string }) => one.summary)).toEqual(["Published", `End date none → ${day(endDate)}`]);
    expect(endMoved.changes.map((one: { summary: string }) => one.summary)).toEqual([`End date ${day(endDate)} → ${day(later)}`]);
    expect(closed.changes[0]).toMatchObject({ field: "End date", before: day(later) });

    const second = (await changes(owner, draft.id, "?page=2&pageSize=2")).json();
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.entries.map((entry: { action: string }) => entry.action)).toEqual(["close_survey", "change_survey_end_date"]);
  });

  it("diffs two edits at once one after the other: the later entry starts from what the earlier one wrote", async () => {
    const created = await create(owner, { name: "Concurrent pulse" });
    const put = (overrides: Partial<Detail>) =>
      call(testApp.app, "PUT", `/api/surveys/${created.id}`, { cookie: owner.cookie, body: inputOf(created, overrides) });
    const [renamed, described] = await Promise.all([put({ name: "Renamed at once" }), put({ description: "Described at once." })]);
    expect([renamed.statusCode, described.statusCode]).toEqual([200, 200]);
    const [newer, older] = (await changes(owner, created.id)).json().entries as { changes: { field: string; before: string }[] }[];
    // Whichever came first, the second undid it (each sent the whole survey): its "before" is the first one's "after".
    const firstWasRename = older.changes.some((one) => one.field === "Name");
    const undone = newer.changes.find((one) => one.field === (firstWasRename ? "Name" : "Description"));
    expect(undone?.before).toBe(firstWasRename ? "Renamed at once" : "Described at once.");
    await archive(created.id);
  });

  it("never records answers: a change log holds the survey's settings only", async () => {
    const created = await create(owner, { name: "Answered pulse" });
    const answers = {
      ...answerAll(created.fields),
      [created.fields[created.fields.length - 2].key]: "A secret sentence from a respondent.",
    };
    expect((await call(testApp.app, "POST", "/api/response", { body: { surveyId: created.id, data: answers } })).statusCode).toBe(200);
    const put = await call(testApp.app, "PUT", `/api/surveys/${created.id}`, {
      cookie: owner.cookie,
      body: inputOf(created, { description: "Now with a new description." }),
    });
    expect(put.statusCode).toBe(200);
    const stored = JSON.stringify(await entriesOf(owner.tenantId, created.id));
    expect(stored).toContain("Now with a new description.");
    expect(stored).not.toContain("A secret sentence from a respondent.");
    await archive(created.id);
  });

  it("refuses a bad page size field by field, another company's survey (404) and a signed-out caller (401)", async () => {
    const created = await create(owner, { name: "Bounded pulse" });
    for (const query of ["?pageSize=0", "?pageSize=51", "?pageSize=ten"]) {
      const refused = await changes(owner, created.id, query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toHaveProperty("pageSize");
    }
    const badPage = await changes(owner, created.id, "?page=0");
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.fields).toHaveProperty("page");
    expect((await changes(other, created.id)).statusCode).toBe(404);
    expect((await changes(null, created.id)).statusCode).toBe(401);
    expect((await changes(owner, "not a survey id")).statusCode).toBe(400);
    await archive(created.id);
  });

  it("lets Staff read the change log of the surveys they may see, and not another person's action plan check-in", async () => {
    const shared = await create(owner, { name: "Everyone's pulse" });
    expect((await changes(staff, shared.id)).statusCode).toBe(200);
    await archive(shared.id);
    const insertTransformation = async (authorUserId: string) => {
      const id = `transformation-${randomUUID()}`;
      await db()
        .insert(survey)
        .values({
          id,
          tenantId: owner.tenantId,
          authorUserId,
          ownerUserId: authorUserId,
          name: "Check-in",
          surveyPreset: "Transformation",
          isLowi: false,
          draft: false,
          endDate: new Date(Date.now() + 10 * DAY),
          fields: listPresetFields("Transformation"),
          visibilityThreshold: 3,
        });
      return id;
    };
    const ownersPlan = await insertTransformation(owner.userId);
    const staffPlan = await insertTransformation(staff.userId);
    expect((await changes(staff, ownersPlan)).statusCode).toBe(404);
    expect((await changes(staff, staffPlan)).statusCode).toBe(200);
    expect((await changes(owner, ownersPlan)).statusCode).toBe(200);
  });

  it("lets the operator console read any company's survey change log, and no one else", async () => {
    const created = await create(owner, { name: "Operator pulse" });
    const put = await call(testApp.app, "PUT", `/api/surveys/${created.id}`, {
      cookie: owner.cookie,
      body: inputOf(created, { name: "Operator pulse, renamed" }),
    });
    expect(put.statusCode).toBe(200);
    const email = uniqueEmail("hearth");
    await createInternalUser(db(), { email, password: STRONG_PASSWORD, firstName: "Hearth", lastName: "Operator" });
    const operatorCookie = await signIn(testApp.app, email);
    const url = `/api/admin/companies/${owner.tenantId}/surveys/${created.id}/changes`;
    const read = await call(testApp.app, "GET", url, { cookie: operatorCookie });
    expect(read.statusCode).toBe(200);
    expect(read.json().entries).toEqual([
      expect.objectContaining({ action: "update_survey", who: "Olive Owner", changes: [expect.objectContaining({ field: "Name" })] }),
    ]);
    // The company's own Admin is not an operator; another company's id does not hold this survey.
    expect((await call(testApp.app, "GET", url, { cookie: owner.cookie })).statusCode).toBe(404);
    const wrongCompany = `/api/admin/companies/${other.tenantId}/surveys/${created.id}/changes`;
    expect((await call(testApp.app, "GET", wrongCompany, { cookie: operatorCookie })).statusCode).toBe(404);
    const tooMany = await call(testApp.app, "GET", `${url}?pageSize=500`, { cookie: operatorCookie });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toHaveProperty("pageSize");
  });
});
