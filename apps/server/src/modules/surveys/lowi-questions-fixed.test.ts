/**
 * A LOWI survey's questions are fixed (issue 11 item 20f): the survey page offers no "Edit questions" then, and the
 * server refuses any change to them, or an added question without the Custom Questions feature.
 */
import { createCustomField, SURVEY_MESSAGES, type SurveyField } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerCompany, type TestApp, createTestApp } from "../../test/harness.js";
import { completeProfileAndSetPlan, lowiInput } from "./surveys.test-helpers.js";

describe("a published LOWI survey's questions", () => {
  let testApp: TestApp;
  let owner: { cookie: string; tenantId: string };
  let surveyId: string;
  let fields: SurveyField[];
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Free");
    const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(created.statusCode, created.body).toBe(201);
    surveyId = created.json().id;
    fields = created.json().fields;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const put = (body: unknown, cookie = owner.cookie) => call(testApp.app, "PUT", `/api/surveys/${surveyId}`, { cookie, body });

  it("refuses a changed, removed or moved LOWI question with 400 and the reason", async () => {
    const changed = fields.map((field, index) => (index === 0 ? { ...field, question: `${field.question} (edited)` } : field));
    const response = await put(lowiInput({ fields: changed }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields["fields.0"]).toBe(SURVEY_MESSAGES.defaultChanged);

    const removed = await put(lowiInput({ fields: fields.slice(1) }));
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error.fields.fields).toBe(SURVEY_MESSAGES.defaultRemoved(fields[0].question));

    const moved = await put(lowiInput({ fields: [fields[1], fields[0], ...fields.slice(2)] }));
    expect(moved.statusCode).toBe(400);
  });

  it("refuses an added question without the Custom Questions feature", async () => {
    const added = await put(lowiInput({ fields: [...fields, createCustomField(fields, { question: "Anything else?" })] }));
    expect(added.statusCode).toBe(403);
    expect(added.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "CustomQuestions" } });
  });

  it("keeps the questions as they were, and another company cannot touch them", async () => {
    const other = await registerCompany(testApp.app, { companyName: "Other Co" });
    expect((await put(lowiInput({ fields }), other.cookie)).statusCode).toBe(404);
    const read = await call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: owner.cookie });
    expect(read.json().fields).toEqual(fields);
  });
});
