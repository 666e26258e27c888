/**
 * Close survey (`POST /api/surveys/:id/close`, docs/decisions/0035): an Active published survey stops taking answers
 * now; drafts, archived and closed surveys are refused; Staff 403, another company's survey 404, malformed id 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, call, registerCompany, type Session, type TestApp, createTestApp } from "../../test/harness.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "./surveys.test-helpers.js";

describe("close survey", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;

  const create = async (session: Session, overrides: Record<string, unknown> = {}) => {
    const response = await call(testApp.app, "POST", "/api/surveys", { cookie: session.cookie, body: lowiInput(overrides) });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; fields: Parameters<typeof answerAll>[0] };
  };
  const close = (session: Session, id: string) => call(testApp.app, "POST", `/api/surveys/${id}/close`, { cookie: session.cookie });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Close Co" });
    other = await registerCompany(testApp.app, { companyName: "Other Close Co" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await completeProfileAndSetPlan(testApp, other.tenantId, "Gold");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("closes an active survey now: its status is Closed and it takes no more answers", async () => {
    const survey = await create(owner);
    const answer = { surveyId: survey.id, data: answerAll(survey.fields) };
    expect((await call(testApp.app, "POST", "/api/response", { body: answer })).statusCode).toBe(200);
    const before = Date.now();
    const closed = await close(owner, survey.id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ id: survey.id, status: "Closed" });
    const detail = (await call(testApp.app, "GET", `/api/surveys/${survey.id}`, { cookie: owner.cookie })).json();
    expect(detail.endDate).toBeGreaterThanOrEqual(before - 1000);
    expect(detail.endDate).toBeLessThanOrEqual(Date.now());
    // The respondent cache was invalidated: the public page and the response endpoint see it closed at once.
    expect((await call(testApp.app, "GET", `/api/public/surveys/${survey.id}`)).json().status).toBe("Closed");
    expect((await call(testApp.app, "POST", "/api/response", { body: answer })).statusCode).toBe(409);
    // Closed once: a second close is refused.
    expect((await close(owner, survey.id)).statusCode).toBe(409);
  });

  it("keeps a closed survey closed through an edit: a new end date from the Admin is refused and nothing changes (issue 23 review)", async () => {
    const survey = await create(owner);
    expect((await close(owner, survey.id)).statusCode).toBe(200);
    const closedDetail = (await call(testApp.app, "GET", `/api/surveys/${survey.id}`, { cookie: owner.cookie })).json();
    const body = lowiInput({ endDate: Date.now() + 7 * 24 * 3_600_000 });
    const reopened = await call(testApp.app, "PUT", `/api/surveys/${survey.id}`, { cookie: owner.cookie, body });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({ error: { code: "CONFLICT", fields: { endDate: "This survey has closed." } } });
    const after = (await call(testApp.app, "GET", `/api/surveys/${survey.id}`, { cookie: owner.cookie })).json();
    expect(after.endDate).toBe(closedDetail.endDate);
    expect(after.status).toBe("Closed");
    // The same edit keeping the end date it has is still an edit, not a reopening.
    const kept = await call(testApp.app, "PUT", `/api/surveys/${survey.id}`, {
      cookie: owner.cookie,
      body: lowiInput({ endDate: closedDetail.endDate }),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().status).toBe("Closed");
  });

  it("refuses a draft and an archived survey (409), and changes nothing", async () => {
    const draft = await create(owner, { draft: true, endDate: undefined });
    const refusedDraft = await close(owner, draft.id);
    expect(refusedDraft.statusCode).toBe(409);
    expect(refusedDraft.json().error.message).toBe("Only an active published survey can be closed.");
    const archived = await create(owner, { name: "Archived one" });
    expect((await call(testApp.app, "POST", `/api/surveys/${archived.id}/archive`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await close(owner, archived.id)).statusCode).toBe(409);
    const detail = (await call(testApp.app, "GET", `/api/surveys/${archived.id}`, { cookie: owner.cookie })).json();
    expect(detail.endDate).toBeGreaterThan(Date.now());
  });

  it("answers 404 for another company's survey and leaves it open", async () => {
    const theirs = await create(other, { name: "Theirs" });
    expect((await close(owner, theirs.id)).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", `/api/public/surveys/${theirs.id}`)).json().status).toBe("Active");
  });

  it("answers 403 to Staff, 401 signed out, 400 for a malformed id and 404 for an unknown one", async () => {
    const survey = await create(owner, { name: "Staff cannot close" });
    expect((await close(staff, survey.id)).statusCode).toBe(403);
    expect((await call(testApp.app, "POST", `/api/surveys/${survey.id}/close`)).statusCode).toBe(401);
    expect((await close(owner, "short")).statusCode).toBe(400);
    expect((await close(owner, "no-such-survey-123")).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", `/api/public/surveys/${survey.id}`)).json().status).toBe("Active");
  });
});
