import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";

const tours = async (testApp: TestApp, session: Session) =>
  (await call(testApp.app, "GET", "/api/tutorials/progress", { cookie: session.cookie })).json().tours as {
    tour: string;
    state: string;
  }[];

describe("tour progress", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    other = await registerCompany(testApp.app);
  });
  afterAll(() => testApp.close());

  it("starts empty, records a tour's end and replaces it when the tour is taken again", async () => {
    expect(await tours(testApp, owner)).toEqual([]);
    const put = (tour: string, state: string) =>
      call(testApp.app, "PUT", `/api/tutorials/progress/${tour}`, { cookie: owner.cookie, body: { state } });
    expect((await put("wizard", "dismissed")).json()).toEqual({ ok: true });
    expect((await put("reports", "finished")).statusCode).toBe(200);
    expect((await put("wizard", "finished")).statusCode).toBe(200);
    const saved = await tours(testApp, owner);
    expect(saved.map(({ tour, state }) => ({ tour, state }))).toEqual([
      { tour: "reports", state: "finished" },
      { tour: "wizard", state: "finished" },
    ]);
    expect(Number.isNaN(Date.parse((saved[0] as { updatedAt?: string }).updatedAt ?? ""))).toBe(false);
  });

  it("keeps each user's progress to that user: a colleague and another company's user see none of it", async () => {
    const colleague = await addMember(testApp, owner.tenantId, "Staff");
    expect(await tours(testApp, colleague)).toEqual([]);
    expect(await tours(testApp, other)).toEqual([]);
    await call(testApp.app, "PUT", "/api/tutorials/progress/invitations", { cookie: other.cookie, body: { state: "dismissed" } });
    expect((await tours(testApp, owner)).map((row) => row.tour)).not.toContain("invitations");
    expect((await tours(testApp, other)).map((row) => row.tour)).toEqual(["invitations"]);
  });

  it("rejects an unknown tour and a bad state with 400, and answers 401 signed out", async () => {
    const unknown = await call(testApp.app, "PUT", "/api/tutorials/progress/billing", {
      cookie: owner.cookie,
      body: { state: "finished" },
    });
    expect(unknown.statusCode).toBe(400);
    const badState = await call(testApp.app, "PUT", "/api/tutorials/progress/wizard", { cookie: owner.cookie, body: { state: "started" } });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.fields.state).toBeDefined();
    const noBody = await call(testApp.app, "PUT", "/api/tutorials/progress/wizard", { cookie: owner.cookie, body: {} });
    expect(noBody.statusCode).toBe(400);
    expect((await call(testApp.app, "GET", "/api/tutorials/progress")).statusCode).toBe(401);
    expect((await call(testApp.app, "PUT", "/api/tutorials/progress/wizard", { body: { state: "finished" } })).statusCode).toBe(401);
  });
});
