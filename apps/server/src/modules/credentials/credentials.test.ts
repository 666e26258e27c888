/**
 * The credential endpoints (docs/decisions/0037): the issuer and status list published, a badge's credential signed
 * once and public, verification of a credential and of a baked PNG or SVG (tampered, revoked, outside its year),
 * revocation by internal accounts only, and bad input.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedBadge } from "../../db/schema-certifications.js";
import { type Session, type TestApp, call, createTestApp, registerCompany, signIn } from "../../test/harness.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { bakePng, bakeSvg, readBakedCredential } from "./baking.js";
import { findVerifyPageUrl } from "./credentials.service.js";
import { tinyPng } from "./test-png.js";

const YEAR = new Date().getUTCFullYear();

interface VerifyBody {
  verified: boolean;
  source: string;
  checks: Record<string, { status: string }>;
  credential: Record<string, unknown> | null;
}

describe("badge credentials over HTTP", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let internalCookie: string;
  let current: string;
  let past: string;
  let otherBadge: string;
  const db = () => testApp.ctx.database.db;

  async function issue(tenantId: string, year: number, type: "certification" | "award" = "certification") {
    const [row] = await db()
      .insert(issuedBadge)
      .values({
        tenantId,
        badgeId: type === "certification" ? `certification-${year}` : `award-remote-work-${year}`,
        type,
        name: type === "certification" ? "Hearth Certified Workplace" : "Best Workplace for Remote Work",
        year,
        licenceType: "digitalorprint",
        issuedAt: new Date(Date.UTC(year, 1, 3)),
      })
      .returning({ id: issuedBadge.id });
    return (row as { id: string }).id;
  }
  const verify = async (body: unknown) => {
    const response = await call(testApp.app, "POST", "/api/credentials/verify", { body });
    expect(response.statusCode).toBe(200);
    return response.json() as VerifyBody;
  };
  const credentialOf = async (id: string) => {
    const response = await call(testApp.app, "GET", `/api/credentials/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json() as Record<string, unknown>;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Kiln Collective" });
    other = await registerCompany(testApp.app, { companyName: "Other Kiln" });
    await createInternalUser(db(), { email: "badge-ops@hearth.example", password: "Operator-Pass-1!", firstName: "Bo", lastName: "Ops" });
    internalCookie = await signIn(testApp.app, "badge-ops@hearth.example", "Operator-Pass-1!");
    current = await issue(owner.tenantId, YEAR);
    past = await issue(owner.tenantId, YEAR - 2);
    otherBadge = await issue(other.tenantId, YEAR, "award");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("publishes the issuer (profile and controller of its key) and a signed status list", async () => {
    const issuer = await call(testApp.app, "GET", "/api/credentials/issuer");
    expect(issuer.statusCode).toBe(200);
    expect(issuer.json()).toMatchObject({
      id: "http://hearth.test/api/credentials/issuer",
      type: ["Profile"],
      name: "Hearth",
      assertionMethod: ["http://hearth.test/api/credentials/issuer#key-1"],
      verificationMethod: [{ type: "Multikey", publicKeyMultibase: expect.stringMatching(/^z6Mk/) }],
    });
    const list = await call(testApp.app, "GET", "/api/credentials/status/1");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      type: ["VerifiableCredential", "BitstringStatusListCredential"],
      credentialSubject: { type: "BitstringStatusList", statusPurpose: "revocation", encodedList: expect.stringMatching(/^u/) },
      proof: { cryptosuite: "eddsa-rdfc-2022" },
    });
  });

  it("answers a badge's credential, signed once and kept, each badge with its own status index", async () => {
    const first = await credentialOf(current);
    expect(first).toMatchObject({
      id: `http://hearth.test/api/credentials/${current}`,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      credentialSubject: { id: `urn:uuid:${owner.tenantId}`, name: "Kiln Collective" },
    });
    expect(await credentialOf(current)).toEqual(first);
    const award = await credentialOf(otherBadge);
    expect(award).toMatchObject({
      credentialSubject: {
        id: `urn:uuid:${other.tenantId}`,
        achievement: { achievementType: "Award", criteria: { narrative: expect.stringContaining("Remote Work") } },
      },
    });
    const indexes = [first, award].map((one) => (one.credentialStatus as { statusListIndex: string }).statusListIndex);
    expect(new Set(indexes).size).toBe(2);
    const [row] = await db().select().from(issuedBadge).where(eq(issuedBadge.id, current));
    expect(row?.credentialStatusIndex).toBe(Number(indexes[0]));
  });

  it("links each company's badge to its verification page, and no other company's", async () => {
    expect(await findVerifyPageUrl(testApp.ctx, owner.tenantId, `certification-${YEAR}`)).toBe(`http://hearth.test/verify/${current}`);
    expect(await findVerifyPageUrl(testApp.ctx, other.tenantId, `certification-${YEAR}`)).toBeNull();
    expect(await findVerifyPageUrl(testApp.ctx, owner.tenantId, `award-remote-work-${YEAR}`)).toBeNull();
  });

  it("404 for an unknown credential, 400 for an id that is not a UUID", async () => {
    expect((await call(testApp.app, "GET", "/api/credentials/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", "/api/credentials/not-a-uuid")).statusCode).toBe(400);
  });

  it("verifies the credential as JSON and as text", async () => {
    const credential = await credentialOf(current);
    const result = await verify({ credential });
    expect(result).toMatchObject({
      verified: true,
      source: "credential",
      checks: { signature: { status: "ok" }, validity: { status: "ok" }, revocation: { status: "ok" }, issuer: { status: "ok" } },
    });
    expect((await verify({ credential: JSON.stringify(credential) })).verified).toBe(true);
  });

  it("verifies a baked PNG and SVG, and fails once one byte of the PNG's credential is changed", async () => {
    const text = JSON.stringify(await credentialOf(current));
    const png = bakePng(tinyPng(), text);
    expect(await verify({ file: png.toString("base64") })).toMatchObject({ verified: true, source: "png" });
    const svg = bakeSvg('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>', text);
    expect(await verify({ file: Buffer.from(svg).toString("base64") })).toMatchObject({ verified: true, source: "svg" });

    // One byte of the company's name inside the iTXt chunk, the chunk's CRC recomputed as a forger would.
    const tampered = Buffer.from(png);
    const at = tampered.indexOf(Buffer.from("Kiln Collective"));
    tampered[at] = "Q".charCodeAt(0);
    const chunkStart = tampered.indexOf(Buffer.from("iTXt")) - 4;
    const length = tampered.readUInt32BE(chunkStart);
    const { crc32 } = await import("node:zlib");
    tampered.writeUInt32BE(crc32(tampered.subarray(chunkStart + 4, chunkStart + 8 + length)), chunkStart + 8 + length);
    expect(readBakedCredential(tampered)).toContain("Qiln Collective");
    const result = await verify({ file: tampered.toString("base64") });
    expect(result.verified).toBe(false);
    expect(result.checks.signature?.status).toBe("failed");

    // Without the CRC fixed, the file itself is refused as unreadable.
    const raw = Buffer.from(png);
    raw[at] = "Q".charCodeAt(0);
    const refused = await call(testApp.app, "POST", "/api/credentials/verify", { body: { file: raw.toString("base64") } });
    expect(refused.statusCode).toBe(400);
  });

  it("bakes the credential into the embed endpoint's PNG and SVG, where it verifies", async () => {
    const query = `id=${owner.tenantId}&certification=${encodeURIComponent("Hearth Certified Workplace")}&year=${YEAR}`;
    const png = await call(testApp.app, "GET", `/api/certifications/embed?${query}`);
    expect(png.statusCode).toBe(200);
    const baked = readBakedCredential(png.rawPayload);
    expect(JSON.parse(baked as string)).toEqual(await credentialOf(current));
    expect(await verify({ file: png.rawPayload.toString("base64") })).toMatchObject({ verified: true, source: "png" });
    const svg = await call(testApp.app, "GET", `/api/certifications/embed?${query}&format=svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0"');
    expect(await verify({ file: svg.rawPayload.toString("base64") })).toMatchObject({ verified: true, source: "svg" });
  });

  it("fails outside its year: a badge of two years ago is expired", async () => {
    const result = await verify({ credential: await credentialOf(past) });
    expect(result.verified).toBe(false);
    expect(result.checks.validity?.status).toBe("expired");
    expect(result.checks.signature?.status).toBe("ok");
  });

  it("revokes a badge for internal accounts only, then the credential fails revocation and its bit is set", async () => {
    const url = `/api/internal/badges/${current}/revoke`;
    expect((await call(testApp.app, "POST", url)).statusCode).toBe(401);
    // a company's own Admin (and another company's) may not revoke
    expect((await call(testApp.app, "POST", url, { cookie: owner.cookie })).statusCode).toBe(403);
    expect((await call(testApp.app, "POST", url, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await verify({ credential: await credentialOf(current) })).verified).toBe(true);

    const revoked = await call(testApp.app, "POST", url, { cookie: internalCookie });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: current, revokedAt: expect.any(String) });
    const again = await call(testApp.app, "POST", url, { cookie: internalCookie });
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt);

    const result = await verify({ credential: await credentialOf(current) });
    expect(result.verified).toBe(false);
    expect(result.checks.revocation?.status).toBe("revoked");
    // the embed endpoint forgets the badge at once
    const query = `id=${owner.tenantId}&certification=${encodeURIComponent("Hearth Certified Workplace")}&year=${YEAR}`;
    expect((await call(testApp.app, "GET", `/api/certifications/embed?${query}`)).statusCode).toBe(404);
    // the other company's badge is untouched
    expect((await verify({ credential: await credentialOf(otherBadge) })).checks.revocation?.status).toBe("ok");

    expect(
      (await call(testApp.app, "POST", "/api/internal/badges/00000000-0000-4000-8000-000000000000/revoke", { cookie: internalCookie }))
        .statusCode,
    ).toBe(404);
    expect((await call(testApp.app, "POST", "/api/internal/badges/nope/revoke", { cookie: internalCookie })).statusCode).toBe(400);
  });

  it("refuses bad input: nothing, both, not JSON, no baked credential, not an image, too large", async () => {
    const post = (body: unknown) => call(testApp.app, "POST", "/api/credentials/verify", { body });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ credential: { a: 1 }, file: "AAAA" })).statusCode).toBe(400);
    expect((await post({ credential: "not json" })).statusCode).toBe(400);
    expect((await post({ credential: "[1,2]" })).statusCode).toBe(400);
    expect((await post({ file: tinyPng().toString("base64") })).json().error.message).toMatch(/no Open Badges credential/);
    expect((await post({ file: Buffer.from("plain text").toString("base64") })).statusCode).toBe(400);
    expect((await post({ file: "%%%" })).statusCode).toBe(400);
    // past the body limit (the base64 of 512 KiB): refused before it is parsed (decision 0054)
    expect((await post({ file: "A".repeat(1_500_000) })).statusCode).toBe(413);
    expect((await post({ file: "A".repeat(700_000) })).statusCode).toBe(400);
    // a credential of some other issuer verifies as false, not as an error
    const foreign = await verify({
      credential: {
        "@context": ["https://www.w3.org/ns/credentials/v2"],
        type: ["VerifiableCredential"],
        issuer: "https://elsewhere.example",
      },
    });
    expect(foreign.verified).toBe(false);
    expect(foreign.checks.issuer?.status).toBe("failed");
  });
});
