/**
 * GET /api/reports/:surveyId/publication (issue 25 item 1): a survey's reports count whole blocks of its threshold, and
 * the report says so ("20 of 24 responses are published…") instead of leaving the list and the report to disagree.
 */
import { AGREE_SCALE, describePublication } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { completeProfileAndSetPlan } from "../surveys/surveys.test-helpers.js";

const QUESTION = {
  key: "custom_1",
  question: "I enjoy the weekly planning meeting.",
  questionType: "Text",
  answerType: "Radio",
  radioOptions: [...AGREE_SCALE],
  topic: null,
  required: true,
  isDefault: false,
  group: "custom",
};

describe("report publication", () => {
  let testApp: TestApp;
  let owner: Session;
  let stranger: Session;
  let surveyId = "";
  const answer = async (count: number) => {
    for (let index = 0; index < count; index += 1) {
      await insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, owner.tenantId, {
        surveyId,
        answers: { custom_1: AGREE_SCALE[index % AGREE_SCALE.length] },
        submittedOn: "2026-12-01",
        tokenHash: null,
      });
    }
  };
  const read = (cookie: string | undefined, id = surveyId) =>
    call(testApp.app, "GET", `/api/reports/${id}/publication`, cookie ? { cookie } : {});

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    stranger = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const created = await call(testApp.app, "POST", "/api/surveys", {
      cookie: owner.cookie,
      body: {
        surveyPreset: "Custom",
        name: "Planning pulse",
        description: "How the new planning rhythm works for you.",
        metaFields: {},
        fields: [QUESTION],
        draft: false,
        endDate: Date.now() + 30 * 24 * 3600 * 1000,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    surveyId = created.json().id as string;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("says how many responses are published and why the rest wait, and nothing once all are", async () => {
    await answer(7);
    const partial = await read(owner.cookie);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toEqual({ total: 7, published: 5, threshold: 5, note: describePublication(5, 7, 5) });
    expect(partial.json().note).toBe(
      "5 of 7 responses are published. Responses publish together in blocks of 5 so that no single answer can be singled out: 2 are waiting for the next block to fill.",
    );
    // The survey list's count is the same total.
    const list = await call(testApp.app, "GET", "/api/surveys", { cookie: owner.cookie });
    expect((list.json() as { id: string; completed: number }[]).find((one) => one.id === surveyId)?.completed).toBe(7);

    await answer(3);
    expect((await read(owner.cookie)).json()).toEqual({ total: 10, published: 10, threshold: 5, note: null });
  });

  it("answers 401 signed out, 404 to another company, and 400 for an id that is not one", async () => {
    expect((await read(undefined)).statusCode).toBe(401);
    const foreign = await read(stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("published");
    const bad = await read(owner.cookie, "not an id!");
    expect(bad.statusCode).toBe(400);
  });
});
