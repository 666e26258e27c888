/** The company profile keeps any valid IANA time zone (issue 11 item 20h); schedules keep the spec's ten. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { COMPLETE_PROFILE } from "../surveys/surveys.test-helpers.js";

describe("the company profile's time zone", () => {
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
  });
  afterAll(() => testApp.close());

  const save = (timeZone: unknown, cookie = owner.cookie) =>
    call(testApp.app, "PUT", "/api/company/profile", { cookie, body: { ...COMPLETE_PROFILE, timeZone } });

  it("accepts any IANA zone, beyond the ten the schedule dialog offers", async () => {
    for (const zone of ["Asia/Kolkata", "Africa/Nairobi", "Europe/Berlin", "UTC", "America/New_York"]) {
      const response = await save(zone);
      expect(response.statusCode, zone).toBe(200);
      expect(response.json().timeZone).toBe(zone);
    }
    const read = await call(testApp.app, "GET", "/api/company/profile", { cookie: owner.cookie });
    expect(read.json()).toMatchObject({ timeZone: "America/New_York", profileComplete: true });
  });

  it("refuses what is not a time zone with 400 and the field's reason", async () => {
    for (const zone of ["Mars/Olympus_Mons", "asia/kolkata", "Eastern", "", 5, null, "Europe/Berlin; drop table tenant"]) {
      const response = await save(zone);
      expect(response.statusCode, String(zone)).toBe(400);
      expect(response.json().error.fields.timeZone, String(zone)).toBe("Choose a time zone");
    }
  });

  it("is only the own company's to change", async () => {
    const anonymous = await call(testApp.app, "PUT", "/api/company/profile", { body: { ...COMPLETE_PROFILE, timeZone: "Asia/Tokyo" } });
    expect(anonymous.statusCode).toBe(401);
    const other = await registerCompany(testApp.app);
    expect((await save("Asia/Tokyo", other.cookie)).statusCode).toBe(200);
    const mine = await call(testApp.app, "GET", "/api/company/profile", { cookie: owner.cookie });
    expect(mine.json().timeZone).toBe("America/New_York");
  });
});
