import Papa from "papaparse";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SURVEY_MESSAGES, listPresetFields } from "@hearth/shared";
import { invitee, surveyResponse } from "../../db/schema.js";
import { readZip } from "../../test/read-zip.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { updateSurvey } from "./surveys.repo.js";
import { surveyLinkSigner } from "./surveys.service.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "./surveys.test-helpers.js";

describe("surveys: creation rules, lists, public page, responses, export", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let surveyId: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Acme Testing" });
    other = await registerCompany(testApp.app, { companyName: "Other Co" });
  });
  afterAll(() => testApp.close());
  const db = () => testApp.ctx.database.db;
  const storedResponses = async (id: string) =>
    Number((await db().select({ n: count() }).from(surveyResponse).where(eq(surveyResponse.surveyId, id)))[0].n);

  it("blocks a LOWI survey while the company profile is incomplete, with the exact message", async () => {
    const response = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: "INCOMPLETE_PROFILE", message: SURVEY_MESSAGES.incompleteProfile });
  });

  it("refuses an end date under 7 days, then publishes with the default end date", async () => {
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Free");
    const soon = await call(testApp.app, "POST", "/api/surveys", {
      cookie: owner.cookie,
      body: lowiInput({ endDate: Date.now() + 3 * 86_400_000 }),
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error.fields.endDate).toBe(SURVEY_MESSAGES.endDateTooSoon);
    const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: "Active", isLOWI: true, completed: 0, surveyPreset: "PulseValidation" });
    surveyId = created.json().id;
    expect(surveyId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it("allows one open survey per type: Conflicting Survey, hasOpen and getOpen", async () => {
    const second = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput({ name: "Again" }) });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(SURVEY_MESSAGES.conflictingSurvey);
    const hasOpen = await call(testApp.app, "POST", "/api/surveys/hasOpen", {
      cookie: owner.cookie,
      body: { surveyPreset: "PulseValidation" },
    });
    expect(hasOpen.json()).toBe(true);
    const getOpen = await call(testApp.app, "POST", "/api/surveys/getOpen", {
      cookie: owner.cookie,
      body: { surveyPreset: "PulseValidation" },
    });
    expect(getOpen.json().id).toBe(surveyId);
    const none = await call(testApp.app, "POST", "/api/surveys/hasOpen", {
      cookie: other.cookie,
      body: { surveyPreset: "PulseValidation" },
    });
    expect(none.json()).toBe(false);
  });

  it("needs Gold for custom questions and for other survey types", async () => {
    const custom = listPresetFields("PulseValidation").concat([
      {
        key: "custom_1",
        question: "Anything else?",
        questionType: "Text",
        answerType: "Text",
        radioOptions: [],
        topic: null,
        required: false,
        isDefault: false,
        group: "custom",
      },
    ]);
    await completeProfileAndSetPlan(testApp, other.tenantId, "Free");
    const withCustom = await call(testApp.app, "POST", "/api/surveys", { cookie: other.cookie, body: lowiInput({ fields: custom }) });
    expect(withCustom.statusCode).toBe(403);
    expect(withCustom.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "CustomQuestions", plan: "Gold" } });
    const wellness = await call(testApp.app, "POST", "/api/surveys", {
      cookie: other.cookie,
      body: lowiInput({ surveyPreset: "Wellness", fields: listPresetFields("Wellness") }),
    });
    expect(wellness.statusCode).toBe(403);
    expect(wellness.json().error.fields.feature).toBe("AllSurveys");
  });

  it("rejects a survey without name and description, field by field, and writes nothing", async () => {
    await completeProfileAndSetPlan(testApp, other.tenantId, "Gold");
    const response = await call(testApp.app, "POST", "/api/surveys", {
      cookie: other.cookie,
      body: lowiInput({ surveyPreset: "Wellness", fields: listPresetFields("Wellness"), name: "", description: " " }),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(expect.arrayContaining(["name", "description"]));
    expect((await call(testApp.app, "GET", "/api/surveys", { cookie: other.cookie })).json()).toEqual([]);
  });

  it("enforces the wizard's question rules on the server (spec §5)", async () => {
    const wellness = listPresetFields("Wellness");
    const base = lowiInput({ surveyPreset: "Wellness", fields: wellness });
    const cases: [string, Record<string, unknown>, string][] = [
      ["meta field missing", { metaFields: {} }, "metaFields.company_name"],
      ["preset question changed", { fields: [{ ...wellness[0], question: "Changed" }, ...wellness.slice(1)] }, "fields"],
      ["preset question removed", { fields: wellness.slice(1) }, "fields"],
      [
        "radio question with one option",
        {
          fields: [
            ...wellness,
            {
              key: "custom_1",
              question: "Pick",
              questionType: "Text",
              answerType: "Radio",
              radioOptions: ["Only"],
              topic: null,
              required: true,
              isDefault: false,
              group: "custom",
            },
          ],
        },
        "fields.",
      ],
      [
        "empty question text",
        {
          fields: [
            ...wellness,
            {
              key: "custom_1",
              question: " ",
              questionType: "Text",
              answerType: "Text",
              radioOptions: [],
              topic: null,
              required: false,
              isDefault: false,
              group: "custom",
            },
          ],
        },
        "fields.",
      ],
    ];
    for (const [label, change, fieldPrefix] of cases) {
      const response = await call(testApp.app, "POST", "/api/surveys", { cookie: other.cookie, body: { ...base, ...change } });
      expect(response.statusCode, label).toBe(400);
      expect(
        Object.keys(response.json().error.fields).some((key) => key.startsWith(fieldPrefix)),
        `${label}: ${JSON.stringify(response.json().error.fields)}`,
      ).toBe(true);
    }
    expect((await call(testApp.app, "GET", "/api/surveys", { cookie: other.cookie })).json()).toEqual([]);
  });

  it("lists surveys with their displayed status, and hides them from other companies", async () => {
    const list = (await call(testApp.app, "GET", "/api/surveys", { cookie: owner.cookie })).json();
    expect(list).toEqual([
      expect.objectContaining({ id: surveyId, name: "Culture check 2026", status: "Active", isLOWI: true, completed: 0 }),
    ]);
    const detail = (await call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: owner.cookie })).json();
    expect(detail.fields[0]).toEqual(
      expect.objectContaining({ key: expect.any(String), question: expect.any(String), topic: expect.any(String) }),
    );
    for (const [method, url, body] of [
      ["GET", `/api/surveys/${surveyId}`, undefined],
      ["PUT", `/api/surveys/${surveyId}`, lowiInput()],
      ["POST", `/api/surveys/${surveyId}/archive`, undefined],
      ["GET", `/api/export/survey?surveyId=${surveyId}`, undefined],
      ["POST", "/api/set-survey-end-date", { surveyId, endDate: Date.now() + 30 * 86_400_000 }],
    ] as const) {
      const response = await call(testApp.app, method, url, { cookie: other.cookie, body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("lets only survey editors create and archive", async () => {
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    expect((await call(testApp.app, "GET", "/api/surveys", { cookie: staff.cookie })).statusCode).toBe(200);
    expect((await call(testApp.app, "POST", "/api/surveys", { cookie: staff.cookie, body: lowiInput() })).statusCode).toBe(403);
    expect((await call(testApp.app, "POST", `/api/surveys/${surveyId}/archive`, { cookie: staff.cookie })).statusCode).toBe(403);
    expect((await call(testApp.app, "GET", `/api/export/survey?surveyId=${surveyId}`, { cookie: staff.cookie })).statusCode).toBe(403);
  });

  it("shows respondents the questions without private fields", async () => {
    const response = await call(testApp.app, "GET", `/api/public/surveys/${surveyId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: surveyId, name: "Culture check 2026", status: "Active", isDemo: false });
    expect(Object.keys(body.fields[0]).sort()).toEqual(
      expect.arrayContaining(["answerType", "key", "question", "questionType", "radioOptions", "topic"]),
    );
    expect(body.fields.some((field: { question: string }) => field.question.includes("{{"))).toBe(false);
    expect(JSON.stringify(body)).not.toContain(owner.tenantId);
    expect((await call(testApp.app, "GET", "/api/public/surveys/doesNotExist12345")).statusCode).toBe(404);
  });

  it("stores a valid response and counts it", async () => {
    const fields = (await call(testApp.app, "GET", `/api/public/surveys/${surveyId}`)).json().fields;
    const response = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    const list = (await call(testApp.app, "GET", "/api/surveys", { cookie: owner.cookie })).json();
    expect(list[0].completed).toBe(1);
  });

  it("refuses bad answers with reasons and stores nothing", async () => {
    const fields = (await call(testApp.app, "GET", `/api/public/surveys/${surveyId}`)).json().fields;
    const before = await storedResponses(surveyId);
    const radio = fields.find((field: { answerType: string }) => field.answerType === "Radio");
    for (const data of [
      { ...answerAll(fields), not_a_question: "x" },
      { ...answerAll(fields), [radio.key]: "Not an option" },
      { [radio.key]: radio.radioOptions[0] },
    ]) {
      const response = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toBeDefined();
    }
    expect((await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: "nope" } })).statusCode).toBe(400);
    expect(await storedResponses(surveyId)).toBe(before);
  });

  it("accepts one response per personal link, and only for its survey", async () => {
    const fields = (await call(testApp.app, "GET", `/api/public/surveys/${surveyId}`)).json().fields;
    const signer = surveyLinkSigner(testApp.ctx.env.AUTH_SECRET);
    const r = signer.sign({ surveyId, inviteeId: "inv-1", email: "jo@example.com" });
    expect((await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields), r } })).statusCode).toBe(200);
    const again = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields, 1), r } });
    expect(again.statusCode).toBe(409);
    const forged = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields), r: `${r}x` } });
    expect(forged.statusCode).toBe(400);
    const elsewhere = signer.sign({ surveyId: "someOtherSurvey123", inviteeId: "inv-2" });
    expect(
      (await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields), r: elsewhere } })).statusCode,
    ).toBe(400);
    const rows = await db().select().from(surveyResponse).where(eq(surveyResponse.surveyId, surveyId));
    expect(JSON.stringify(rows)).not.toContain("jo@example.com");
    expect(JSON.stringify(rows)).not.toContain("inv-1");
  });

  it("marks the invitee as replied without tying the response to them", async () => {
    const fields = (await call(testApp.app, "GET", `/api/public/surveys/${surveyId}`)).json().fields;
    const [person] = await db()
      .insert(invitee)
      .values({ tenantId: owner.tenantId, surveyId, email: "sam@example.com", firstName: "Sam" })
      .returning();
    const r = surveyLinkSigner(testApp.ctx.env.AUTH_SECRET).sign({ surveyId, inviteeId: person.id, email: person.email });
    expect((await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields, 2), r } })).statusCode).toBe(200);
    const [after] = await db().select().from(invitee).where(eq(invitee.id, person.id));
    expect(after.replied).toBe(true);
    const rows = await db().select().from(surveyResponse).where(eq(surveyResponse.surveyId, surveyId));
    expect(JSON.stringify(rows)).not.toContain(person.id);
    expect(JSON.stringify(rows)).not.toContain("sam@example.com");
  });

  it("exports one CSV row per response with one column per question key", async () => {
    const denied = await call(testApp.app, "GET", `/api/export/survey?surveyId=${surveyId}`, { cookie: owner.cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Bronze");
    // Only complete blocks of k = 5 responses are exported (decision 0022): fill the survey up to the next block.
    const fieldsForAnswers = (await call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: owner.cookie })).json().fields;
    while ((await storedResponses(surveyId)) % 5 !== 0 || (await storedResponses(surveyId)) === 0) {
      await db()
        .insert(surveyResponse)
        .values({ tenantId: owner.tenantId, surveyId, answers: answerAll(fieldsForAnswers), submittedOn: "2026-11-20" });
    }
    const response = await call(testApp.app, "GET", `/api/export/survey?surveyId=${surveyId}`, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain("culture-check-2026-responses.csv");
    // The answer rows, then (an anonymous survey) the written answers detached after a blank line (decision 0052).
    const [answerPart, commentPart] = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n\r\n");
    const lines = answerPart.split("\r\n");
    const fields = (await call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: owner.cookie })).json().fields;
    // Cohort (demographic) questions stay out of a row-level export: it would expose small groups; written answers
    // are not in the rows.
    const keys = fields
      .filter((f: { filter?: boolean; answerType: string }) => f.filter !== true && f.answerType !== "Text")
      .map((f: { key: string }) => f.key);
    const textKeys = fields.filter((f: { answerType: string }) => f.answerType === "Text").map((f: { key: string }) => f.key);
    const questionOf = (key: string) =>
      fields.find((f: { key: string }) => f.key === key).question.replace("{{company_name}}", "Acme Testing");
    if (textKeys.length > 0) {
      // The detached comments name their question by its text and its key (issue 25 item 6).
      const commentRows = Papa.parse<string[]>(commentPart, { skipEmptyLines: true }).data;
      expect(commentRows[0]).toEqual(["Question", "Question key", "Comment"]);
      for (const [question, key] of commentRows.slice(1)) {
        expect(textKeys).toContain(key);
        expect(question).toBe(questionOf(key));
      }
    }
    expect(keys.length).toBeLessThan(fields.length);
    // Two header rows: the questions as respondents read them, then their keys (issue 25 item 6).
    const [texts, keyRow] = Papa.parse<string[]>(lines.slice(0, 2).join("\r\n")).data;
    expect(texts).toEqual(["Submitted on", ...keys.map(questionOf)]);
    expect(texts.some((text) => text.includes("{{"))).toBe(false);
    expect(keyRow).toEqual(["submitted_on", ...keys]);
    expect(lines.slice(0, 2).join()).not.toContain("lowi_demo_");
    expect(lines).toHaveLength(2 + (await storedResponses(surveyId)));
    const xlsx = await call(testApp.app, "GET", `/api/export/survey?surveyId=${surveyId}&format=xlsx`, { cookie: owner.cookie });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toContain("culture-check-2026-responses.xlsx");
    const sheet = readZip(xlsx.rawPayload)["xl/worksheets/sheet1.xml"];
    const commentRows = textKeys.length > 0 ? commentPart.split("\r\n").length + 1 : 0;
    expect(sheet.match(/<row /g)).toHaveLength(lines.length + commentRows);
    expect(
      (await call(testApp.app, "GET", `/api/export/survey?surveyId=${surveyId}&format=pdf`, { cookie: owner.cookie })).statusCode,
    ).toBe(400);
  });

  it("edits a published survey close to its end without re-checking an unchanged end date, and returns its link", async () => {
    await updateSurvey(db(), owner.tenantId, surveyId, { endDate: new Date(Date.now() + 2 * 86_400_000) });
    const detail = (await call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: owner.cookie })).json();
    expect(detail.inviteLink).toBe(`http://hearth.test/s/${surveyId}`);
    expect(detail.fields[0]).toHaveProperty("sparkArea");
    const edited = await call(testApp.app, "PUT", `/api/surveys/${surveyId}`, {
      cookie: owner.cookie,
      body: {
        surveyPreset: "PulseValidation",
        name: "Culture check 2026",
        description: "Updated wording.",
        metaFields: detail.metaFields,
        fields: detail.fields,
        draft: false,
        endDate: detail.endDate,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ description: "Updated wording.", status: "Active" });
  });

  it("edits the expiration, archives, restores, and refuses answers once closed", async () => {
    const later = Date.now() + 30 * 86_400_000;
    const edited = await call(testApp.app, "POST", "/api/set-survey-end-date", {
      cookie: owner.cookie,
      body: { surveyId, endDate: later, userId: owner.userId, tenantId: owner.tenantId },
    });
    expect(edited.json()).toEqual({ success: true, message: expect.any(String), inviteLink: `http://hearth.test/s/${surveyId}` });
    const archived = await call(testApp.app, "POST", `/api/surveys/${surveyId}/archive`, { cookie: owner.cookie });
    expect(archived.json().status).toBe("Archived");
    const fields = (await call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: owner.cookie })).json().fields;
    expect((await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields) } })).statusCode).toBe(409);
    const restored = await call(testApp.app, "POST", `/api/surveys/${surveyId}/restore`, { cookie: owner.cookie });
    expect(restored.json().status).toBe("Active");
    await updateSurvey(db(), owner.tenantId, surveyId, { endDate: new Date(Date.now() - 1000) });
    expect((await call(testApp.app, "GET", "/api/surveys", { cookie: owner.cookie })).json()[0].status).toBe("Closed");
    const closed = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: answerAll(fields) } });
    expect(closed.statusCode).toBe(409);
    expect((await call(testApp.app, "GET", `/api/public/surveys/${surveyId}`)).json()).toMatchObject({ status: "Closed", fields: [] });
  });
});
