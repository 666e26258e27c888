import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "@hearth/shared";
import { seedDemoData } from "../../seed/demo.js";
import { type TestApp, call, createTestApp, signIn } from "../../test/harness.js";
import { createInternalUser } from "./internal-users.service.js";

describe("internal accounts and demo data", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());
  const db = () => testApp.ctx.database.db;

  it("creates an internal account that holds every permission", async () => {
    await createInternalUser(db(), { email: "ops@hearth.example", password: "Operator-Pass-1!", firstName: "Op", lastName: "Erator" });
    const cookie = await signIn(testApp.app, "ops@hearth.example", "Operator-Pass-1!");
    const me = (await call(testApp.app, "GET", "/api/me", { cookie })).json();
    expect(me.user).toMatchObject({ isInternalAccount: true, role: "Admin" });
    expect(me.tenant.companyName).toBe("Hearth Operations");
    expect(me.permissions).toEqual([...PERMISSIONS]);
  });

  it("refuses a weak password, a bad email and a duplicate", async () => {
    await expect(
      createInternalUser(db(), { email: "x@hearth.example", password: "weak", firstName: "a", lastName: "b" }),
    ).rejects.toThrow();
    await expect(
      createInternalUser(db(), { email: "nope", password: "Operator-Pass-1!", firstName: "a", lastName: "b" }),
    ).rejects.toThrow();
    await expect(
      createInternalUser(db(), { email: "ops@hearth.example", password: "Operator-Pass-1!", firstName: "a", lastName: "b" }),
    ).rejects.toThrow(/already exists/);
  });

  it("seeds the demo company once, on the Gold plan, with its three accounts", async () => {
    expect(await seedDemoData(db())).toBe(true);
    expect(await seedDemoData(db())).toBe(false);
    const admin = (
      await call(testApp.app, "GET", "/api/me", { cookie: await signIn(testApp.app, "admin@demo.hearth.test", "Demo-Password-2026!") })
    ).json();
    expect(admin.user.roleLabel).toBe("Company Leader");
    expect(admin.tenant).toMatchObject({ companyName: "Demo Company", plan: "Gold", profileComplete: true });
    const staff = (
      await call(testApp.app, "GET", "/api/me", { cookie: await signIn(testApp.app, "staff@demo.hearth.test", "Demo-Password-2026!") })
    ).json();
    expect(staff.user.roleLabel).toBe("Employee");
    expect(staff.tenant.id).toBe(admin.tenant.id);
    const internal = (
      await call(testApp.app, "GET", "/api/me", { cookie: await signIn(testApp.app, "internal@hearth.test", "Demo-Password-2026!") })
    ).json();
    expect(internal.user.isInternalAccount).toBe(true);
  });
});
