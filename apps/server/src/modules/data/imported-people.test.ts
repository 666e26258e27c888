/** The invite screen's imported people (decision 0045): cohorts and pages, per company, for those who may invite. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeAttribute } from "../../db/schema-data.js";
import { addMember, call, createTestApp, registerCompany, type TestApp } from "../../test/harness.js";

describe("imported people as recipients", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists a company's imported people by cohort with their cohort fields, to Admins and Managers of that company only", async () => {
    const owner = await registerCompany(testApp.app, { companyName: "Quayside Freight" });
    const other = await registerCompany(testApp.app, { companyName: "Other Freight" });
    const people = Array.from({ length: 520 }, (_, i) => ({
      tenantId: owner.tenantId,
      email: `p${String(i).padStart(3, "0")}@quayside.test`,
      firstName: i === 0 ? "Ada" : null,
      attributes: (i < 510
        ? { department: i % 2 === 0 ? "Docks" : "", department_code: "D9", location: "Bergen", gender: "Woman" }
        : { job_name: "Pilot" }) as Record<string, string>,
    }));
    await testApp.ctx.database.db.insert(employeeAttribute).values(people);
    await testApp.ctx.database.db
      .insert(employeeAttribute)
      .values({ tenantId: other.tenantId, email: "secret@other.test", attributes: { department: "Docks" } });

    const cohorts = await call(testApp.app, "GET", "/api/data/people/cohorts", { cookie: owner.cookie });
    expect(cohorts.statusCode).toBe(200);
    expect(cohorts.json().cohorts).toEqual([
      {
        key: "department",
        label: "Department",
        values: [
          { value: "D9", count: 255 },
          { value: "Docks", count: 255 },
        ],
      },
      { key: "location", label: "Location", values: [{ value: "Bergen", count: 510 }] },
      { key: "job_title", label: "Job title", values: [{ value: "Pilot", count: 10 }] },
    ]);

    const all = await call(testApp.app, "POST", "/api/data/people", { cookie: owner.cookie, body: { page: 1 } });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ maxPages: 2, totalInvitees: 520, hasFirstName: true, hasLastName: false });
    expect(all.json().invitees[0]).toEqual({
      email: "p000@quayside.test",
      firstName: "Ada",
      lastName: null,
      meta: { department: "Docks", location: "Bergen" },
    });
    const second = await call(testApp.app, "POST", "/api/data/people", { cookie: owner.cookie, body: { page: 2 } });
    expect(second.json().invitees).toHaveLength(20);
    const docks = await call(testApp.app, "POST", "/api/data/people", {
      cookie: owner.cookie,
      body: { page: 1, cohortFilter: { key: "department", value: "Docks" } },
    });
    expect(docks.json().totalInvitees).toBe(255);
    expect(JSON.stringify(docks.json())).not.toContain("secret@other.test");
    const beyond = await call(testApp.app, "POST", "/api/data/people", { cookie: owner.cookie, body: { page: 9 } });
    expect(beyond.json()).toMatchObject({ invitees: [], totalInvitees: 520 });

    // Another company sees only its own person.
    const theirs = await call(testApp.app, "POST", "/api/data/people", { cookie: other.cookie, body: { page: 1 } });
    expect(theirs.json().invitees.map((row: { email: string }) => row.email)).toEqual(["secret@other.test"]);

    // Bad input: a field reason, nothing listed.
    for (const body of [
      {},
      { page: 0 },
      { page: 1, cohortFilter: { key: "gender", value: "Woman" } },
      { page: 1, cohortFilter: { key: "department", value: "" } },
    ]) {
      const response = await call(testApp.app, "POST", "/api/data/people", { cookie: owner.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toBeTruthy();
    }

    // Staff may not invite, so they may not list people; nobody signed out may.
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    expect((await call(testApp.app, "GET", "/api/data/people/cohorts", { cookie: staff.cookie })).statusCode).toBe(403);
    expect((await call(testApp.app, "POST", "/api/data/people", { cookie: staff.cookie, body: { page: 1 } })).statusCode).toBe(403);
    expect((await call(testApp.app, "POST", "/api/data/people", { body: { page: 1 } })).statusCode).toBe(401);
    const manager = await addMember(testApp, owner.tenantId, "Manager");
    expect((await call(testApp.app, "POST", "/api/data/people", { cookie: manager.cookie, body: { page: 1 } })).statusCode).toBe(200);
  });
});
