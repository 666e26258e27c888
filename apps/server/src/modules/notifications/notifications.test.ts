import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { insertNotification } from "./notifications.repo.js";

describe("notifications", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let companyWide: string;
  let foreign: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    other = await registerCompany(testApp.app);
    const db = testApp.ctx.database.db;
    companyWide = (await insertNotification(db, owner.tenantId, { userId: null, title: "Survey closed", body: "Results are ready." })).id;
    await insertNotification(db, owner.tenantId, { userId: owner.userId, title: "Just for you", body: "Hello." });
    foreign = (await insertNotification(db, other.tenantId, { userId: null, title: "Other company", body: "Private." })).id;
  });
  afterAll(() => testApp.close());

  it("lists the company's and the user's own notifications with the unread count", async () => {
    const list = (await call(testApp.app, "GET", "/api/notifications", { cookie: owner.cookie })).json();
    expect(list.items.map((item: { title: string }) => item.title).sort()).toEqual(["Just for you", "Survey closed"]);
    expect(list).toMatchObject({ unreadCount: 2, total: 2, page: 1, pageSize: 25 });
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const staffList = (await call(testApp.app, "GET", "/api/notifications", { cookie: staff.cookie })).json();
    expect(staffList.items.map((item: { title: string }) => item.title)).toEqual(["Survey closed"]);
  });

  it("marks one as read, then all", async () => {
    expect((await call(testApp.app, "POST", `/api/notifications/${companyWide}/read`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await call(testApp.app, "GET", "/api/notifications", { cookie: owner.cookie })).json().unreadCount).toBe(1);
    await call(testApp.app, "POST", "/api/notifications/read-all", { cookie: owner.cookie });
    expect((await call(testApp.app, "GET", "/api/notifications", { cookie: owner.cookie })).json().unreadCount).toBe(0);
  });

  it("answers 404 for another company's notification, without a sign that it exists", async () => {
    const response = await call(testApp.app, "POST", `/api/notifications/${foreign}/read`, { cookie: owner.cookie });
    const missing = await call(testApp.app, "POST", "/api/notifications/00000000-0000-4000-8000-000000000000/read", {
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(missing.json());
    expect((await call(testApp.app, "GET", "/api/notifications", { cookie: other.cookie })).json().unreadCount).toBe(1);
  });

  it("rejects a malformed id and a bad page with 400, and answers 401 signed out", async () => {
    expect((await call(testApp.app, "POST", "/api/notifications/not-a-uuid/read", { cookie: owner.cookie })).statusCode).toBe(400);
    const badPage = await call(testApp.app, "GET", "/api/notifications?page=0", { cookie: owner.cookie });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.fields.page).toBeDefined();
    expect((await call(testApp.app, "GET", "/api/notifications")).statusCode).toBe(401);
  });
});
