import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082",
  "hex",
);
/** A JPEG's markers as far as its size: start of image, an APP0 segment, a baseline frame of 64 × 32 pixels. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.alloc(14),
  Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x40, 0x03]),
  Buffer.alloc(64, 1),
]);
/** The PNG above, its header claiming a canvas of 100,000 × 1 pixels (a decompression bomb's shape). */
const HUGE_PNG = Buffer.from(PNG);
HUGE_PNG.writeUInt32BE(100_000, 16);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

const validProfile = {
  companyName: "Globex",
  companyLegalName: "Globex Corporation",
  headcount: 750,
  address: "1 Globex Way, Cypress Creek",
  phone: "+1 555 010 2000",
  website: "https://globex.example",
  timeZone: "America/Los_Angeles",
};

describe("company profile", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Globex" });
    other = await registerCompany(testApp.app, { companyName: "Initech" });
  });
  afterAll(() => testApp.close());
  const db = () => testApp.ctx.database.db;

  it("saves the profile, derives the company size from the headcount and marks it complete", async () => {
    const response = await call(testApp.app, "PUT", "/api/company/profile", { cookie: owner.cookie, body: validProfile });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ companyName: "Globex", companySize: "Large", profileComplete: true, hasLogo: false });
    const me = (await call(testApp.app, "GET", "/api/me", { cookie: owner.cookie })).json();
    expect(me.tenant).toMatchObject({ companySize: "Large", profileComplete: true });
  });

  it("counts a profile without website and logo as complete, and without a phone as incomplete", async () => {
    const { website: _website, ...withoutWebsite } = validProfile;
    const ok = await call(testApp.app, "PUT", "/api/company/profile", { cookie: owner.cookie, body: withoutWebsite });
    expect(ok.json()).toMatchObject({ website: null, profileComplete: true });
    const missingPhone = await call(testApp.app, "PUT", "/api/company/profile", {
      cookie: owner.cookie,
      body: { ...validProfile, phone: "" },
    });
    expect(missingPhone.statusCode).toBe(400);
  });

  it("rejects bad input with a reason per field and changes nothing", async () => {
    const [before] = await db().select().from(tenant).where(eq(tenant.id, owner.tenantId));
    const response = await call(testApp.app, "PUT", "/api/company/profile", {
      cookie: owner.cookie,
      body: { ...validProfile, companyName: "", headcount: -4, website: "globex", timeZone: "Mars/Olympus", phone: "call me" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(["companyName", "headcount", "phone", "timeZone", "website"]);
    const [after] = await db().select().from(tenant).where(eq(tenant.id, owner.tenantId));
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("answers 401 signed out and 403 to roles without the company-profile permission", async () => {
    for (const [method, url] of [
      ["GET", "/api/company/profile"],
      ["PUT", "/api/company/profile"],
      ["PUT", "/api/company/logo"],
      ["DELETE", "/api/company/logo"],
    ] as const) {
      expect((await call(testApp.app, method, url, { body: method === "PUT" ? {} : undefined })).statusCode).toBe(401);
    }
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const manager = await addMember(testApp, owner.tenantId, "Manager");
    for (const member of [staff, manager]) {
      expect((await call(testApp.app, "GET", "/api/company/profile", { cookie: member.cookie })).statusCode).toBe(403);
      const write = await call(testApp.app, "PUT", "/api/company/profile", { cookie: member.cookie, body: validProfile });
      expect(write.statusCode).toBe(403);
      expect(write.json().error.code).toBe("FORBIDDEN");
    }
  });

  it("keeps each company's profile to itself", async () => {
    await call(testApp.app, "PUT", "/api/company/profile", { cookie: other.cookie, body: { ...validProfile, companyName: "Initech" } });
    const mine = (await call(testApp.app, "GET", "/api/company/profile", { cookie: owner.cookie })).json();
    expect(mine.companyName).toBe("Globex");
  });

  it("reads the default visibility threshold of 5, sets it to 7 and refuses values outside 3..100", async () => {
    const fresh = await registerCompany(testApp.app, { companyName: "Vandelay" });
    const read = async () => (await call(testApp.app, "GET", "/api/company/profile", { cookie: fresh.cookie })).json().visibilityThreshold;
    expect(await read()).toBe(5);

    const set = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
      cookie: fresh.cookie,
      body: { visibilityThreshold: 7 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ visibilityThreshold: 7, companyName: "Vandelay" });
    expect(await read()).toBe(7);

    const [before] = await db().select().from(tenant).where(eq(tenant.id, fresh.tenantId));
    for (const bad of [2, 101, "abc", 4.5, null]) {
      const refused = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
        cookie: fresh.cookie,
        body: { visibilityThreshold: bad },
      });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().error.fields.visibilityThreshold, String(bad)).toEqual(expect.any(String));
    }
    const [after] = await db().select().from(tenant).where(eq(tenant.id, fresh.tenantId));
    expect(after.visibilityThreshold).toBe(7);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await read()).toBe(7);
  });

  it("changes only the actor's own company's threshold, and refuses Staff and Managers", async () => {
    const before = (await call(testApp.app, "GET", "/api/company/profile", { cookie: other.cookie })).json().visibilityThreshold;
    const own = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
      cookie: owner.cookie,
      body: { visibilityThreshold: 9 },
    });
    expect(own.json().visibilityThreshold).toBe(9);
    expect((await call(testApp.app, "GET", "/api/company/profile", { cookie: other.cookie })).json().visibilityThreshold).toBe(before);

    expect((await call(testApp.app, "PUT", "/api/company/visibility-threshold", { body: { visibilityThreshold: 6 } })).statusCode).toBe(
      401,
    );
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const manager = await addMember(testApp, owner.tenantId, "Manager");
    for (const member of [staff, manager]) {
      const write = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
        cookie: member.cookie,
        body: { visibilityThreshold: 3 },
      });
      expect(write.statusCode).toBe(403);
      expect(write.json().error.code).toBe("FORBIDDEN");
    }
    const [row] = await db().select().from(tenant).where(eq(tenant.id, owner.tenantId));
    expect(row.visibilityThreshold).toBe(9);
  });

  it("accepts PNG and JPEG logos by their bytes and serves them to members", async () => {
    const png = await call(testApp.app, "PUT", "/api/company/logo", {
      cookie: owner.cookie,
      body: { file: dataUrl("image/png", PNG), filename: "logo.png" },
    });
    expect(png.statusCode).toBe(200);
    expect(png.json().hasLogo).toBe(true);
    const served = await call(testApp.app, "GET", "/api/company/logo", { cookie: owner.cookie });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    const jpeg = await call(testApp.app, "PUT", "/api/company/logo", { cookie: owner.cookie, body: { file: dataUrl("image/png", JPEG) } });
    expect(jpeg.statusCode).toBe(200);
    expect((await call(testApp.app, "GET", "/api/company/logo", { cookie: owner.cookie })).headers["content-type"]).toBe("image/jpeg");
    expect((await call(testApp.app, "GET", "/api/company/logo", { cookie: other.cookie })).statusCode).toBe(404);
  });

  it("refuses a file that only claims to be an image, and one over 2 MB", async () => {
    const fake = await call(testApp.app, "PUT", "/api/company/logo", {
      cookie: owner.cookie,
      body: { file: dataUrl("image/png", Buffer.from("<svg onload=alert(1)></svg>")), filename: "logo.png" },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fields.file).toBeDefined();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await call(testApp.app, "PUT", "/api/company/logo", { cookie: owner.cookie, body: { file: dataUrl("image/png", big) } });
    expect(tooBig.statusCode).toBe(400);
    // A small file whose header claims a huge canvas is refused before anything decodes it.
    const huge = await call(testApp.app, "PUT", "/api/company/logo", {
      cookie: owner.cookie,
      body: { file: dataUrl("image/png", HUGE_PNG) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields.file).toBe("The logo must be at most 4,096 × 4,096 pixels.");
  });

  it("removes the logo", async () => {
    const removed = await call(testApp.app, "DELETE", "/api/company/logo", { cookie: owner.cookie });
    expect(removed.json().hasLogo).toBe(false);
    expect((await call(testApp.app, "GET", "/api/company/logo", { cookie: owner.cookie })).statusCode).toBe(404);
  });
});
