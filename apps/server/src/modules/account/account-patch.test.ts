/**
 * M3 of issue 23 (decision 0057): PATCH /api/account changes only the fields sent. Each field is sent alone and
 * every other field of the account is asserted unchanged; null or "" clears the one field sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";

const FULL = { firstName: "Ada", lastName: "Lovelace", phone: "+44 20 7946 0001", jobTitle: "Head of People" };

describe("PATCH /api/account changes only what was sent", () => {
  let testApp: TestApp;
  let owner: Session;
  const account = async () => (await call(testApp.app, "GET", "/api/account", { cookie: owner.cookie })).json();
  const patch = (body: Record<string, unknown>) => call(testApp.app, "PATCH", "/api/account", { cookie: owner.cookie, body });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
  });
  afterAll(() => testApp.close());

  it("sends each field alone and leaves every other one as it was (the reported wipe)", async () => {
    const changed = { firstName: "Grace", lastName: "Hopper", phone: "+1 555 0100", jobTitle: "Rear Admiral" };
    for (const field of Object.keys(FULL) as (keyof typeof FULL)[]) {
      expect((await patch({ ...FULL, email: owner.email })).statusCode).toBe(200);
      const before = await account();
      const response = await patch({ [field]: changed[field] });
      expect(response.statusCode, field).toBe(200);
      const after = await account();
      expect(after[field], field).toBe(changed[field]);
      for (const other of Object.keys(before)) {
        if (other === field) continue;
        if (other === "name" && (field === "firstName" || field === "lastName")) continue;
        expect(after[other], `${field} sent alone changed ${other}`).toEqual(before[other]);
      }
    }
  });

  it("keeps the email and a pending email change when email is not sent; null clears only the field sent", async () => {
    expect((await patch({ ...FULL, email: owner.email })).statusCode).toBe(200);
    const before = await account();
    const emptyBody = await patch({});
    expect(emptyBody.statusCode).toBe(200);
    expect(await account()).toEqual(before);
    expect((await patch({ phone: null })).statusCode).toBe(200);
    const after = await account();
    expect(after.phone).toBeNull();
    expect({ ...after, phone: before.phone }).toEqual(before);
  });

  it("still refuses an email sent empty, and changes nothing", async () => {
    const before = await account();
    const response = await patch({ firstName: "Nope", email: "" });
    expect(response.statusCode).toBe(400);
    expect(await account()).toEqual(before);
  });
});
