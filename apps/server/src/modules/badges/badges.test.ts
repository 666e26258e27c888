/**
 * The badge embed endpoint (docs/decisions/0036): PNG and SVG of a held badge in both layouts, the same 404 for a
 * badge not held that year, a revoked one and another or unknown company id, ETag and If-None-Match, a new company
 * name giving a new image, input refused with field reasons, and the per-address rate limit.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedBadge } from "../../db/schema-certifications.js";
import { tenant } from "../../db/schema.js";
import { type Session, type TestApp, createTestApp, registerCompany } from "../../test/harness.js";
import { BADGE_SIZES, pngSize } from "./badge-image.js";
import { forgetHeldBadges } from "../credentials/held-badges-generation.js";
import { clearOfWindowBoundary } from "../../test/rate-window.js";

const YEAR = 2026;
const CERTIFICATION = "Hearth Certified Workplace";
const AWARD = "Best Workplace for Women";
const RATE_LIMIT = 30;

describe("GET /api/certifications/embed", () => {
  let testApp: TestApp;
  let holder: Session;
  let other: Session;
  const db = () => testApp.ctx.database.db;
  let address = 0;
  /** Each test from its own address, so that only the rate-limit test meets the limit. */
  const nextAddress = () => `10.1.0.${++address}`;

  const embed = (query: Record<string, string>, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    testApp.app.inject({
      method: "GET",
      url: "/api/certifications/embed",
      query,
      headers: options.headers,
      remoteAddress: options.remoteAddress ?? nextAddress(),
    });

  async function issue(tenantId: string, values: { badgeId: string; name: string; type: string; year: number }) {
    const [row] = await db()
      .insert(issuedBadge)
      .values({ tenantId, licenceType: "digitalorprint", issuedAt: new Date(), ...values })
      .returning();
    return row;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_BADGE_EMBED_PER_IP: String(RATE_LIMIT) } });
    holder = await registerCompany(testApp.app, { companyName: "Kiln Collective" });
    other = await registerCompany(testApp.app, { companyName: "Other Kiln" });
    await issue(holder.tenantId, { badgeId: `certification-${YEAR}`, name: CERTIFICATION, type: "certification", year: YEAR });
    await issue(holder.tenantId, { badgeId: `award-women-${YEAR}`, name: AWARD, type: "award", year: YEAR });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it("answers the held certification as a vertical PNG by default, embeddable from another site", async () => {
    const response = await embed({ id: holder.tenantId, certification: CERTIFICATION, year: String(YEAR) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(pngSize(bytes)).toEqual(BADGE_SIZES.v);
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("draws the horizontal layout with orientation=h, and an award too", async () => {
    const response = await embed({ id: holder.tenantId, certification: AWARD, year: String(YEAR), orientation: "h" });
    expect(response.statusCode).toBe(200);
    expect(pngSize(response.rawPayload)).toEqual(BADGE_SIZES.h);
  });

  it("answers the SVG with format=svg, with the company's name, the badge and the year drawn in it", async () => {
    const response = await embed({ id: holder.tenantId, certification: CERTIFICATION, year: String(YEAR), format: "svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.body.startsWith("<svg")).toBe(true);
    expect(response.body).toContain(`width="${BADGE_SIZES.v.width}"`);
  });

  it("answers 304 to If-None-Match with the current ETag, and the image again to another one", async () => {
    const query = { id: holder.tenantId, certification: CERTIFICATION, year: String(YEAR) };
    const first = await embed(query);
    const etag = String(first.headers.etag);
    const again = await embed(query, { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await embed(query, { headers: { "if-none-match": `W/${etag}, "other"` } })).statusCode).toBe(304);
    const stale = await embed(query, { headers: { "if-none-match": '"not-the-current-one"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("caches a versioned URL (v = the bytes' hash) as immutable, and a stale version as the plain URL", async () => {
    const query = { id: holder.tenantId, certification: CERTIFICATION, year: String(YEAR) };
    const plain = await embed(query);
    const version = String(plain.headers.etag).slice(1, -1);
    const versioned = await embed({ ...query, v: version });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(versioned.rawPayload.equals(plain.rawPayload)).toBe(true);
    const stale = await embed({ ...query, v: "A".repeat(32) });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await embed({ ...query, v: "short" })).statusCode).toBe(400);
  });

  it("answers the same 404 for a badge not held that year, another company's id, an unknown id and a name of another case", async () => {
    const answers = await Promise.all([
      embed({ id: holder.tenantId, certification: CERTIFICATION, year: String(YEAR - 1) }),
      embed({ id: other.tenantId, certification: CERTIFICATION, year: String(YEAR) }),
      embed({ id: randomUUID(), certification: CERTIFICATION, year: String(YEAR) }),
      embed({ id: holder.tenantId, certification: CERTIFICATION.toLowerCase(), year: String(YEAR) }),
      embed({ id: holder.tenantId, certification: "Best Workplace for Parents", year: String(YEAR) }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(answers[0].json());
      expect(answer.headers.etag).toBeUndefined();
      expect(answer.headers["cache-control"]).toBeUndefined();
    }
  });

  it("stops answering a badge once it is revoked, also to a revalidation with the old ETag", async () => {
    const row = await issue(other.tenantId, { badgeId: `certification-${YEAR}`, name: CERTIFICATION, type: "certification", year: YEAR });
    const query = { id: other.tenantId, certification: CERTIFICATION, year: String(YEAR) };
    const held = await embed(query);
    expect(held.statusCode).toBe(200);
    await db().update(issuedBadge).set({ revokedAt: new Date() }).where(eq(issuedBadge.id, row.id));
    // as the revoking code does; otherwise the server's lookup of the badge expires within HELD_BADGE_TTL_MS
    forgetHeldBadges();
    expect((await embed(query)).statusCode).toBe(404);
    expect((await embed(query, { headers: { "if-none-match": String(held.headers.etag) } })).statusCode).toBe(404);
  });

  it("draws the company's new name after a rename (a new ETag)", async () => {
    const query = { id: holder.tenantId, certification: AWARD, year: String(YEAR), format: "svg" };
    const before = await embed(query);
    await db().update(tenant).set({ companyName: "Kiln Collective Renamed" }).where(eq(tenant.id, holder.tenantId));
    forgetHeldBadges();
    const after = await embed(query);
    await db().update(tenant).set({ companyName: "Kiln Collective" }).where(eq(tenant.id, holder.tenantId));
    forgetHeldBadges();
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("refuses bad input with 400 and a reason per field", async () => {
    const good = { id: holder.tenantId, certification: CERTIFICATION, year: String(YEAR) };
    const cases: [Record<string, string>, string][] = [
      [{ certification: CERTIFICATION, year: String(YEAR) }, "id"],
      [{ ...good, id: "not-a-uuid" }, "id"],
      [{ ...good, year: "26" }, "year"],
      [{ ...good, year: "20266" }, "year"],
      [{ ...good, year: "2O26" }, "year"],
      [{ ...good, orientation: "x" }, "orientation"],
      [{ ...good, format: "gif" }, "format"],
      [{ ...good, certification: "" }, "certification"],
      [{ ...good, certification: "x".repeat(121) }, "certification"],
      [{ ...good, certification: `${CERTIFICATION}\u0000` }, "certification"],
    ];
    for (const [query, field] of cases) {
      const response = await embed(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      const body = response.json() as { error: { code: string; fields?: Record<string, string> } };
      expect(body.error.code).toBe("VALIDATION_FAILED");
      // NUL and other control characters are refused for every request by lib/text-input.ts, which names it query.<field>
      expect(Object.keys(body.error.fields ?? {}).map((key) => key.replace(/^query\./, ""))).toContain(field);
    }
  });

  it("limits each address to its requests per minute (429), others unaffected", async () => {
    const query = { id: holder.tenantId, certification: CERTIFICATION, year: String(YEAR) };
    const remoteAddress = "10.2.0.1";
    // 31 renders on a loaded machine can take several seconds: start them well clear of a minute boundary.
    await clearOfWindowBoundary(30);
    for (let i = 0; i < RATE_LIMIT; i += 1) expect((await embed(query, { remoteAddress })).statusCode).toBe(200);
    const limited = await embed(query, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect((limited.json() as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    expect((await embed(query, { remoteAddress: "10.2.0.2" })).statusCode).toBe(200);
  });
});
