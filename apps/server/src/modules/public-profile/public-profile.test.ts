import { createHash } from "node:crypto";
/**
 * The public company profile (decision 0038): settings with the slug rules (format, reserved, unique), publishing,
 * the server-rendered page at /c/{slug} (escaped, strict CSP, Open Graph, the shown badges, the LOWI score only when
 * opted in), the public logo, and 404 for unknown or unpublished slugs.
 */
import { eq } from "drizzle-orm";
import { certificationBadgeId, formatLowiScore } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { insertIssuedBadges } from "../certifications/certifications.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";

const YEAR = new Date().getUTCFullYear();
const BADGE = certificationBadgeId(YEAR);
const SETTINGS = "/api/company/public-profile";

describe("public company profile", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;
  let lowiId = "";
  const db = () => testApp.ctx.database.db;
  const save = (cookie: string, body: unknown) => call(testApp.app, "PUT", SETTINGS, { cookie, body });
  const settings = (slug: string | null, more: Record<string, unknown> = {}) => ({
    slug,
    published: true,
    showScore: false,
    description: null,
    ...more,
  });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: `Tom & Jerry's <Mill>` });
    other = await registerCompany(testApp.app, { companyName: "Other Mill" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
    await insertIssuedBadges(db(), owner.tenantId, [
      {
        badgeId: BADGE,
        type: "certification",
        name: "Hearth Certified Workplace",
        year: YEAR,
        licenceType: "digitalorprint",
        orderId: null,
        issuedAt: new Date(),
      },
    ]);
    // A closed LOWI survey of the certified year, five responses (the visibility threshold): agree items Strongly Agree in
    // three, Disagree in two → 60% positive as decision 0035's score rule reads it.
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    // The complete profile renames the company: the name with characters to escape is put back.
    await db().update(tenant).set({ companyName: `Tom & Jerry's <Mill>` }).where(eq(tenant.id, owner.tenantId));
    const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(created.statusCode).toBe(201);
    const lowi = created.json() as { id: string; fields: Parameters<typeof answerAll>[0] };
    lowiId = lowi.id;
    for (let respondent = 0; respondent < 5; respondent += 1) {
      const agree = respondent < 3 ? "Strongly Agree" : "Disagree";
      const data = Object.fromEntries(
        Object.entries(answerAll(lowi.fields)).map(([key, value]) => {
          const field = lowi.fields.find((one) => one.key === key);
          return [key, field?.radioOptions.includes("Strongly Agree") ? agree : value];
        }),
      );
      expect((await call(testApp.app, "POST", "/api/response", { body: { surveyId: lowi.id, data } })).statusCode).toBe(200);
    }
    expect((await call(testApp.app, "POST", `/api/surveys/${lowi.id}/close`, { cookie: owner.cookie })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("starts unpublished with a suggested slug; Staff 403, signed out 401", async () => {
    const response = await call(testApp.app, "GET", SETTINGS, { cookie: owner.cookie });
    expect(response.json()).toEqual({
      slug: null,
      published: false,
      showScore: false,
      description: null,
      suggestedSlug: "tom-jerry-s-mill",
      url: null,
    });
    expect((await call(testApp.app, "GET", SETTINGS, { cookie: staff.cookie })).statusCode).toBe(403);
    expect((await save(staff.cookie, settings("staff-mill"))).statusCode).toBe(403);
    expect((await call(testApp.app, "GET", SETTINGS)).statusCode).toBe(401);
  });

  it("refuses bad slugs, reserved words, publishing without a slug and bad bodies", async () => {
    for (const slug of ["ab", "Tom-Mill", "tom_mill", "-tom", "tom--mill", "a".repeat(61), "admin", "verify"]) {
      const response = await save(owner.cookie, settings(slug));
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().error.fields.slug).toBeTruthy();
    }
    expect((await save(owner.cookie, settings(null))).statusCode).toBe(400);
    expect((await save(owner.cookie, { slug: "tom-mill" })).statusCode).toBe(400);
    expect((await save(owner.cookie, settings("tom-mill", { description: "x".repeat(1001) }))).statusCode).toBe(400);
  });

  it("keeps slugs unique across companies", async () => {
    expect((await save(owner.cookie, settings("tom-mill", { published: false }))).statusCode).toBe(200);
    const taken = await save(other.cookie, settings("tom-mill"));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.slug).toMatch(/taken/);
    // Saving one's own slug again is fine.
    expect((await save(owner.cookie, settings("tom-mill", { published: false }))).statusCode).toBe(200);
  });

  it("answers 404 for an unpublished, unknown or malformed slug", async () => {
    for (const url of ["/c/tom-mill", "/c/nobody-here", "/c/NOPE", "/c/tom-mill/logo"]) {
      const response = await call(testApp.app, "GET", url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await call(testApp.app, "GET", "/c/tom-mill")).body).toContain("Profile not found");
  });

  it("renders the published page: escaped text, strict CSP, Open Graph, the shown badge, no score without opt-in", async () => {
    await save(owner.cookie, settings("tom-mill", { description: `<script>alert("x")</script> We bake & mill.` }));
    await call(testApp.app, "POST", "/api/certifications/profile", { cookie: owner.cookie, body: { badgeId: BADGE } });
    const page = await call(testApp.app, "GET", "/c/tom-mill");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.body).not.toContain("<script>");
    expect(page.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; We bake &amp; mill.");
    expect(page.body).toContain("<h1>Tom &amp; Jerry&#39;s &lt;Mill&gt;</h1>");
    expect(page.body).toContain('<meta property="og:title"');
    expect(page.body).toContain(
      `/api/certifications/embed?id=${owner.tenantId}&amp;certification=Hearth+Certified+Workplace&amp;year=${YEAR}`,
    );
    expect(page.body).toMatch(/<a href="http[^"]+\/verify\/[0-9a-f-]{36}">Verify<\/a>/);
    expect(page.body).not.toContain("LOWI score");
    // the image by its versioned URL: the bytes' hash, served as immutable
    const src = (page.body.match(/<img[^>]+src="([^"]+\/api\/certifications\/embed[^"]+)"/) ?? [])[1]?.replaceAll("&amp;", "&") ?? "";
    expect(src).toMatch(/&v=[A-Za-z0-9_-]{32}$/);
    const image = await call(testApp.app, "GET", src.slice(src.indexOf("/api/")));
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("shows the certified year's LOWI score only when opted in, the same figure as the report and the dashboard", async () => {
    await save(owner.cookie, settings("tom-mill", { showScore: true }));
    const page = await call(testApp.app, "GET", "/c/tom-mill");
    // Love items: three Strongly Agree (5) and two Disagree (2) → 19 / 5 = 3.80, shown as 76.0% of 5 (decision 0072).
    expect(page.body).toContain(`3.80 out of 5 (76.0%) in the ${YEAR} Love of Workplace Index™ survey.`);
    const report = await call(testApp.app, "GET", `/api/reports/${lowiId}/company`, { cookie: owner.cookie });
    const love = (report.json() as { love: { score: number } }).love;
    expect(page.body).toContain(formatLowiScore(love.score));
  });

  it("shows the company's accent colour in a style the CSP allows by its hash (decision 0065)", async () => {
    await call(testApp.app, "PUT", "/api/company/accent-color", { cookie: owner.cookie, body: { accentColor: "#7c3aed" } });
    const page = await call(testApp.app, "GET", "/c/tom-mill");
    const style = /<style>(:root\{--accent:#7c3aed;[^<]*)<\/style>/.exec(page.body)?.[1];
    expect(style).toBeTruthy();
    const hash = createHash("sha256")
      .update(style as string)
      .digest("base64");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline");
    await call(testApp.app, "PUT", "/api/company/accent-color", { cookie: owner.cookie, body: { accentColor: null } });
    expect((await call(testApp.app, "GET", "/c/tom-mill")).body).not.toContain("--accent:#");
  });

  it("serves the logo of a published profile, and hides the page again when unpublished or the company is gone", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    await db()
      .update(tenant)
      .set({ logo: png, logoContentType: "image/png", logoUpdatedAt: new Date() })
      .where(eq(tenant.id, owner.tenantId));
    const logo = await call(testApp.app, "GET", "/c/tom-mill/logo");
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect((await call(testApp.app, "GET", "/c/tom-mill")).body).toContain('src="http');
    await save(owner.cookie, settings("tom-mill", { published: false }));
    expect((await call(testApp.app, "GET", "/c/tom-mill")).statusCode).toBe(404);
    await save(owner.cookie, settings("tom-mill"));
    await db().delete(tenant).where(eq(tenant.id, owner.tenantId));
    expect((await call(testApp.app, "GET", "/c/tom-mill")).statusCode).toBe(404);
  });
});
