import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES } from "@hearth/shared";
import {
  STRONG_PASSWORD,
  type Session,
  type TestApp,
  call,
  createTestApp,
  registerCompany,
  signIn,
  uniqueEmail,
} from "../../test/harness.js";
import { latestEmailTo } from "../../test/outbox.js";

describe("account settings", () => {
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
  });
  afterAll(() => testApp.close());

  it("reads and updates the account's own fields", async () => {
    const before = (await call(testApp.app, "GET", "/api/account", { cookie: owner.cookie })).json();
    expect(before).toMatchObject({
      firstName: "Olive",
      lastName: "Owner",
      email: owner.email,
      phone: null,
      jobTitle: null,
      pendingEmail: null,
    });
    const response = await call(testApp.app, "PATCH", "/api/account", {
      cookie: owner.cookie,
      body: { firstName: "Olivia", lastName: "Owner", phone: "+1 555 0100", jobTitle: "Head of People", email: owner.email },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      account: expect.objectContaining({ firstName: "Olivia", phone: "+1 555 0100", jobTitle: "Head of People" }),
      emailChangeRequested: false,
    });
  });

  it("requires an email and names the field; nothing changes", async () => {
    const response = await call(testApp.app, "PATCH", "/api/account", { cookie: owner.cookie, body: { firstName: "Nope", email: "" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toBeDefined();
    const after = (await call(testApp.app, "GET", "/api/account", { cookie: owner.cookie })).json();
    expect(after.firstName).toBe("Olivia");
  });

  it("changes the email only after it is confirmed at the new address", async () => {
    const newEmail = uniqueEmail("moved");
    const response = await call(testApp.app, "PATCH", "/api/account", {
      cookie: owner.cookie,
      body: { firstName: "Olivia", lastName: "Owner", phone: null, jobTitle: null, email: newEmail },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().emailChangeRequested).toBe(true);
    expect(response.json().account).toMatchObject({ email: owner.email, pendingEmail: newEmail });
    const message = await latestEmailTo(testApp.ctx.database.db, newEmail);
    expect(message.subject).toBe("Confirm your new email address");
    const link = /(http:\/\/hearth\.test\/api\/auth\/verify-email\?[^\s]+)/.exec(message.text)?.[1];
    expect(link).toBeDefined();
    const follow = await call(testApp.app, "GET", (link as string).replace("http://hearth.test", ""), { cookie: owner.cookie });
    expect(follow.statusCode).toBe(302);
    const after = (await call(testApp.app, "GET", "/api/account", { cookie: owner.cookie })).json();
    expect(after).toMatchObject({ email: newEmail, pendingEmail: null });
    owner = { ...owner, email: newEmail };
  });

  it("changes the password only with the current one and a matching confirmation", async () => {
    const mismatch = await call(testApp.app, "POST", "/api/account/password", {
      cookie: owner.cookie,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Another-Secret-77", confirmPassword: "Another-Secret-78" },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.confirmPassword).toBe(PASSWORD_MESSAGES.mismatch);
    const weak = await call(testApp.app, "POST", "/api/account/password", {
      cookie: owner.cookie,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "weakweak", confirmPassword: "weakweak" },
    });
    expect(weak.json().error.fields.newPassword).toBe(PASSWORD_MESSAGES.weak);
    const wrongCurrent = await call(testApp.app, "POST", "/api/account/password", {
      cookie: owner.cookie,
      body: { currentPassword: "Not-The-Password-1", newPassword: "Another-Secret-77", confirmPassword: "Another-Secret-77" },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().error.fields.currentPassword).toBeDefined();
    const ok = await call(testApp.app, "POST", "/api/account/password", {
      cookie: owner.cookie,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Another-Secret-77", confirmPassword: "Another-Secret-77" },
    });
    expect(ok.statusCode).toBe(200);
    await expect(signIn(testApp.app, owner.email, "Another-Secret-77")).resolves.toContain("session_token");
  });

  it("answers 401 signed out", async () => {
    expect((await call(testApp.app, "GET", "/api/account")).statusCode).toBe(401);
    expect((await call(testApp.app, "PATCH", "/api/account", { body: { email: "a@b.co" } })).statusCode).toBe(401);
    expect((await call(testApp.app, "POST", "/api/account/password", { body: {} })).statusCode).toBe(401);
  });
});
