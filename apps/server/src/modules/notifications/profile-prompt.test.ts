/**
 * The "Complete your company profile" notification is resolved once the profile is complete (issue 11 item 20c):
 * when the profile is saved complete, and, for a prompt left over from before, when notifications are read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type Session, type TestApp, call, createTestApp, registerCompany } from "../../test/harness.js";
import { updateTenant } from "../company/company.repo.js";
import { COMPLETE_PROFILE } from "../surveys/surveys.test-helpers.js";
import { insertNotification } from "./notifications.repo.js";
import { PROFILE_PROMPT_KIND } from "./profile-prompt.js";

const PROMPT = {
  userId: null,
  title: "Complete your company profile",
  body: "A complete profile is needed for the LOWI survey.",
  link: "/dashboard/profile",
  kind: PROFILE_PROMPT_KIND,
};

const titles = async (testApp: TestApp, session: Session) =>
  ((await call(testApp.app, "GET", "/api/notifications", { cookie: session.cookie })).json().items as { title: string }[]).map(
    (item) => item.title,
  );

describe("the profile prompt", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("stays while the profile is incomplete and goes when it is saved complete", async () => {
    const owner = await registerCompany(testApp.app);
    const other = await registerCompany(testApp.app);
    const db = testApp.ctx.database.db;
    await insertNotification(db, owner.tenantId, PROMPT);
    await insertNotification(db, owner.tenantId, { userId: null, title: "Survey closed", body: "Results are ready." });
    await insertNotification(db, other.tenantId, PROMPT);
    expect(await titles(testApp, owner)).toContain("Complete your company profile");

    const saved = await call(testApp.app, "PUT", "/api/company/profile", { cookie: owner.cookie, body: COMPLETE_PROFILE });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profileComplete).toBe(true);
    const list = (await call(testApp.app, "GET", "/api/notifications", { cookie: owner.cookie })).json();
    expect(list.items.map((item: { title: string }) => item.title)).toEqual(["Survey closed"]);
    expect(list).toMatchObject({ total: 1, unreadCount: 1 });
    // Another company's prompt is its own business: its profile is still incomplete.
    expect(await titles(testApp, other)).toContain("Complete your company profile");
  });

  it("is shown only to those who may open the profile, while it lasts", async () => {
    const owner = await registerCompany(testApp.app);
    await insertNotification(testApp.ctx.database.db, owner.tenantId, PROMPT);
    await insertNotification(testApp.ctx.database.db, owner.tenantId, { userId: null, title: "Survey closed", body: "Results are ready." });
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const manager = await addMember(testApp, owner.tenantId, "Manager");
    for (const reader of [staff, manager]) {
      const list = (await call(testApp.app, "GET", "/api/notifications", { cookie: reader.cookie })).json();
      expect(list.items.map((item: { title: string }) => item.title)).toEqual(["Survey closed"]);
      expect(list).toMatchObject({ total: 1, unreadCount: 1 });
    }
    expect(await titles(testApp, owner)).toContain("Complete your company profile");
  });

  it("resolves a prompt left over from before once the stored profile is complete", async () => {
    const owner = await registerCompany(testApp.app);
    await updateTenant(testApp.ctx.database.db, owner.tenantId, { ...COMPLETE_PROFILE });
    await insertNotification(testApp.ctx.database.db, owner.tenantId, PROMPT);
    expect(await titles(testApp, owner)).not.toContain("Complete your company profile");
  });

  it("keeps the prompt when a save is refused", async () => {
    const owner = await registerCompany(testApp.app);
    await insertNotification(testApp.ctx.database.db, owner.tenantId, PROMPT);
    const refused = await call(testApp.app, "PUT", "/api/company/profile", {
      cookie: owner.cookie,
      body: { ...COMPLETE_PROFILE, headcount: 0 },
    });
    expect(refused.statusCode).toBe(400);
    expect(await titles(testApp, owner)).toContain("Complete your company profile");
  });
});
