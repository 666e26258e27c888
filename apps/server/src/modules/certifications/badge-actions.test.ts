/**
 * Badge download, embed code and profile (decision 0038): the certification permission ("You do not have access to
 * this certification badge."), tenant isolation, the plan's badge licence, hasDownloaded from storage, and one
 * activity log entry per action.
 */
import { and, eq } from "drizzle-orm";
import { CERTIFICATION_MESSAGES, certificationBadgeId } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "../../db/schema.js";
import { issuedBadge } from "../../db/schema-certifications.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { insertDeal } from "../billing/billing.repo.js";
import { insertIssuedBadges } from "./certifications.repo.js";

const YEAR = new Date().getUTCFullYear();
const BADGE = certificationBadgeId(YEAR);
const NAME = "Hearth Certified Workplace";

describe("badge download, embed code and profile", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;
  let manager: Session;
  const db = () => testApp.ctx.database.db;
  const logs = async (tenantId: string, action: string) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.action, action)));
  const download = (cookie: string, badgeId = BADGE) =>
    call(testApp.app, "POST", "/api/certifications/downloads", { cookie, body: { badgeId } });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Badge Bakery" });
    other = await registerCompany(testApp.app, { companyName: "Other Bakery" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
    manager = await addMember(testApp, owner.tenantId, "Manager");
    const issued = { type: "certification", name: NAME, year: YEAR, licenceType: "digitalorprint", orderId: null, issuedAt: new Date() };
    await insertIssuedBadges(db(), owner.tenantId, [{ badgeId: BADGE, ...issued }]);
    await insertDeal(db(), owner.tenantId, {
      plan: "Bronze",
      dealId: null,
      isActive: true,
      activatedDate: new Date(Date.now() - 1000),
      expiryDate: null,
      forceActivate: true,
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("answers 401 signed out and 403 with the spec's message to Staff, on every action", async () => {
    expect((await call(testApp.app, "POST", "/api/certifications/downloads", { body: { badgeId: BADGE } })).statusCode).toBe(401);
    for (const [method, url, body] of [
      ["GET", "/api/certifications/usage", undefined],
      ["POST", "/api/certifications/downloads", { badgeId: BADGE }],
      ["POST", "/api/certifications/embed-code", { badgeId: BADGE }],
      ["POST", "/api/certifications/profile", { badgeId: BADGE }],
      ["DELETE", `/api/certifications/profile/${BADGE}`, undefined],
    ] as const) {
      const response = await call(testApp.app, method, url, { cookie: staff.cookie, body });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe(CERTIFICATION_MESSAGES.noAccess);
    }
  });

  it("lists the held badges to every member, Staff included, with canManage saying who may act on them", async () => {
    expect((await call(testApp.app, "GET", "/api/certifications/held")).statusCode).toBe(401);
    const [held] = await db().select().from(issuedBadge).where(eq(issuedBadge.tenantId, owner.tenantId));
    const appUrl = testApp.ctx.env.APP_URL.replace(/\/$/, "");
    for (const [session, canManage] of [
      [owner, true],
      [manager, true],
      [staff, false],
    ] as const) {
      const response = await call(testApp.app, "GET", "/api/certifications/held", { cookie: session.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        canManage,
        badges: [
          {
            id: BADGE,
            name: NAME,
            type: "certification",
            year: YEAR,
            status: "Certified",
            hasDownloaded: false,
            imageUrl: `${appUrl}/api/certifications/embed?id=${owner.tenantId}&certification=Hearth+Certified+Workplace&year=${YEAR}&orientation=v`,
            verifyUrl: `${appUrl}/verify/${held.id}`,
          },
        ],
      });
    }
    // Another company reads its own (none), never the owner's.
    expect((await call(testApp.app, "GET", "/api/certifications/held", { cookie: other.cookie })).json()).toEqual({
      canManage: true,
      badges: [],
    });
  });

  it("refuses bad input and a badge the company does not hold", async () => {
    expect((await call(testApp.app, "POST", "/api/certifications/downloads", { cookie: owner.cookie, body: {} })).statusCode).toBe(400);
    expect((await download(owner.cookie, "")).statusCode).toBe(400);
    expect((await download(owner.cookie, "certification-1999")).statusCode).toBe(404);
    const embed = await call(testApp.app, "POST", "/api/certifications/embed-code", { cookie: owner.cookie, body: { badgeId: 42 } });
    expect(embed.statusCode).toBe(400);
  });

  it("never acts on another company's badge", async () => {
    // The other company holds nothing: the owner's badge id answers 404 there, and nothing is logged for either.
    expect((await download(other.cookie)).statusCode).toBe(404);
    expect(
      (await call(testApp.app, "POST", "/api/certifications/embed-code", { cookie: other.cookie, body: { badgeId: BADGE } })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp.app, "POST", "/api/certifications/profile", { cookie: other.cookie, body: { badgeId: BADGE } })).statusCode,
    ).toBe(404);
    expect(await logs(other.tenantId, "download_certification")).toHaveLength(0);
    expect(await logs(owner.tenantId, "download_certification")).toHaveLength(0);
  });

  it("downloads within the Bronze licence of 1, fills hasDownloaded, then refuses at 0", async () => {
    const before = (await call(testApp.app, "GET", "/api/certifications/usage", { cookie: owner.cookie })).json();
    expect(before).toMatchObject({ licence: 1, used: 0, remaining: 1, downloaded: [] });
    const first = await download(manager.cookie);
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.fileUrl).toBe(
      `${testApp.ctx.env.APP_URL.replace(/\/$/, "")}/api/certifications/embed?id=${owner.tenantId}&certification=Hearth+Certified+Workplace&year=${YEAR}&orientation=v`,
    );
    expect(body.fileName).toBe(`hearth-certified-workplace-${YEAR}.png`);
    expect(body.usage).toMatchObject({ licence: 1, used: 1, remaining: 0, downloaded: [BADGE] });
    const card = (await call(testApp.app, "GET", "/api/certifications/cards", { cookie: owner.cookie }))
      .json()
      .cards.find((one: { id: string }) => one.id === BADGE);
    expect(card).toMatchObject({ status: "Certified", hasDownloaded: true });
    const held = (await call(testApp.app, "GET", "/api/certifications/held", { cookie: staff.cookie })).json();
    expect(held.badges[0]).toMatchObject({ id: BADGE, hasDownloaded: true });
    const refused = await download(owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CERTIFICATION_MESSAGES.noDownloadsLeft);
    const entries = await logs(owner.tenantId, "download_certification");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: manager.userId,
      data: { certification: NAME, year: YEAR, badgeId: BADGE, user: manager.email },
    });
    expect(typeof entries[0].data.timestamp).toBe("string");
  });

  it("gives the embed code: the 75 px image linked to the badge's verification page, logged once per request", async () => {
    const response = await call(testApp.app, "POST", "/api/certifications/embed-code", { cookie: owner.cookie, body: { badgeId: BADGE } });
    expect(response.statusCode).toBe(200);
    const code = response.json();
    const [held] = await db().select().from(issuedBadge).where(eq(issuedBadge.tenantId, owner.tenantId));
    expect(code.linkUrl).toBe(`${testApp.ctx.env.APP_URL.replace(/\/$/, "")}/verify/${held.id}`);
    expect(code.snippet).toBe(
      `<a href="${code.linkUrl}"><img src="${code.imageUrl.replaceAll("&", "&amp;")}" width="75" alt="${NAME} ${YEAR}"></a>`,
    );
    await call(testApp.app, "POST", "/api/certifications/embed-code", { cookie: manager.cookie, body: { badgeId: BADGE } });
    expect(await logs(owner.tenantId, "generate_embed_code")).toHaveLength(2);
    const saved = await call(testApp.app, "PUT", "/api/company/public-profile", {
      cookie: owner.cookie,
      body: { slug: "badge-bakery", published: true, showScore: false, description: null },
    });
    expect(saved.statusCode).toBe(200);
  });

  it("adds the badge to the profile once, and removes it", async () => {
    const added = await call(testApp.app, "POST", "/api/certifications/profile", { cookie: owner.cookie, body: { badgeId: BADGE } });
    expect(added.statusCode).toBe(200);
    expect(added.json().shownCertifications).toEqual([{ certification: BADGE, year: YEAR }]);
    const again = await call(testApp.app, "POST", "/api/certifications/profile", { cookie: owner.cookie, body: { badgeId: BADGE } });
    expect(again.json().shownCertifications).toHaveLength(1);
    expect(await logs(owner.tenantId, "add_to_profile")).toHaveLength(1);
    const page = await call(testApp.app, "GET", "/c/badge-bakery");
    expect(page.body).toContain("/api/certifications/embed?id=");
    // The other company cannot take it off.
    expect((await call(testApp.app, "DELETE", `/api/certifications/profile/${BADGE}`, { cookie: other.cookie })).statusCode).toBe(404);
    const removed = await call(testApp.app, "DELETE", `/api/certifications/profile/${BADGE}`, { cookie: owner.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().shownCertifications).toEqual([]);
    expect((await call(testApp.app, "DELETE", `/api/certifications/profile/${BADGE}`, { cookie: owner.cookie })).statusCode).toBe(404);
    expect(await logs(owner.tenantId, "remove_from_profile")).toHaveLength(1);
  });
});
