/**
 * Which responses count toward a survey's thresholds (decision 0052), signal by signal, through POST /api/response:
 * a session of the company or of an internal account; a browser that already answered; a network that answered in
 * the window; and what is stored (a boolean on the response, HMACs apart from it).
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey, surveyResponse } from "../../db/schema.js";
import { surveyResponseBrowser, surveyResponseNetwork } from "../../db/schema-reports.js";
import {
  addMember,
  call,
  createTestApp,
  nextRespondentAddress,
  registerCompany,
  STRONG_PASSWORD,
  signIn,
  type TestApp,
  uniqueEmail,
} from "../../test/harness.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { companyWithOpenSurvey } from "../invitations/invitations.test-helpers.js";
import { networkPrefixOf, RESPONDENT_COOKIE } from "./response-source.js";
import { pruneStaleResponseNetworks } from "./surveys.jobs.js";
import type { SurveyField } from "@hearth/shared";

describe("responses that count toward thresholds (decision 0052)", () => {
  let testApp: TestApp;
  const db = () => testApp.ctx.database.db;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_RESPONSE_PER_IP: "10000" } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function openSurvey() {
    const { owner, surveyId } = await companyWithOpenSurvey(testApp, `Independence ${Date.now()}`);
    const [row] = await db().select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    const data = Object.fromEntries(
      (row.fields as SurveyField[]).filter((field) => field.answerType === "Radio").map((field) => [field.key, field.radioOptions[0]]),
    );
    return { owner, surveyId, data };
  }
  const counted = async (surveyId: string) =>
    (
      await db()
        .select({ counts: surveyResponse.countsTowardThreshold })
        .from(surveyResponse)
        .where(eq(surveyResponse.surveyId, surveyId))
        .orderBy(asc(surveyResponse.seq))
    ).map((row) => row.counts);

  it("reads network prefixes: IPv4 /24, IPv6 /48, IPv4-mapped as IPv4", () => {
    expect(networkPrefixOf("192.0.2.77")).toBe("192.0.2.0/24");
    expect(networkPrefixOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1::/48");
    expect(networkPrefixOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkPrefixOf("2001:DB8:0:0:ffff::9")).toBe("2001:db8:0::/48");
    expect(networkPrefixOf("::ffff:198.51.100.4")).toBe("198.51.100.0/24");
    expect(networkPrefixOf("fe80::1%eth0")).toBe("fe80:0:0::/48");
    expect(networkPrefixOf("not an address")).toBeNull();
    expect(networkPrefixOf(undefined)).toBeNull();
  });

  it("does not count a session of the company (any role) or of an internal account; counts another company's user", async () => {
    const { owner, surveyId, data } = await openSurvey();
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const stranger = await registerCompany(testApp.app, { companyName: "Somewhere Else" });
    const operatorEmail = uniqueEmail("operator");
    await createInternalUser(db(), { email: operatorEmail, password: STRONG_PASSWORD, firstName: "Hearth", lastName: "Operator" });
    const operator = await signIn(testApp.app, operatorEmail);
    for (const cookie of [owner.cookie, staff.cookie, operator, stranger.cookie]) {
      const posted = await call(testApp.app, "POST", "/api/response", { cookie, body: { surveyId, data } });
      expect(posted.statusCode).toBe(200);
    }
    expect(await counted(surveyId)).toEqual([false, false, false, true]);
  });

  it("does not count a second answer from the same browser, and sets the cookie as a first-party, HttpOnly, Strict one", async () => {
    const { surveyId, data } = await openSurvey();
    const first = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data } });
    const setCookie = String(first.headers["set-cookie"]);
    expect(setCookie).toMatch(
      new RegExp(`^${RESPONDENT_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api/response; Max-Age=34560000; HttpOnly; SameSite=Strict$`),
    );
    const cookie = setCookie.split(";")[0];
    const second = await call(testApp.app, "POST", "/api/response", { cookie, body: { surveyId, data } });
    expect(second.headers["set-cookie"]).toBeUndefined();
    // A forged or malformed token is replaced by a new one, and counts as a new browser (it is one).
    const forged = await call(testApp.app, "POST", "/api/response", { cookie: `${RESPONDENT_COOKIE}=x`, body: { surveyId, data } });
    expect(String(forged.headers["set-cookie"])).toContain(`${RESPONDENT_COOKIE}=`);
    expect(await counted(surveyId)).toEqual([true, false, true]);
    // The same browser on another survey is a first answer there.
    const other = await openSurvey();
    await call(testApp.app, "POST", "/api/response", { cookie, body: { surveyId: other.surveyId, data: other.data } });
    expect(await counted(other.surveyId)).toEqual([true]);
    // Stored: a keyed hash per survey, never the token; nothing ties it to a response.
    const rows = await db().select().from(surveyResponseBrowser).where(eq(surveyResponseBrowser.surveyId, surveyId));
    expect(rows).toHaveLength(2);
    const token = cookie.split("=")[1];
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(["sourceHash", "surveyId"]);
      expect(row.sourceHash).not.toContain(token);
    }
  });

  it("counts one response per network per window, and the network again once the window has passed", async () => {
    const { surveyId, data } = await openSurvey();
    const office = "198.51.100.20";
    const colleague = "198.51.100.21";
    const home = nextRespondentAddress();
    for (const remoteAddress of [office, colleague, office, home]) {
      expect((await call(testApp.app, "POST", "/api/response", { remoteAddress, body: { surveyId, data } })).statusCode).toBe(200);
    }
    expect(await counted(surveyId)).toEqual([true, false, false, true]);
    const networks = await db().select().from(surveyResponseNetwork).where(eq(surveyResponseNetwork.surveyId, surveyId));
    expect(networks).toHaveLength(2);
    expect(JSON.stringify(networks)).not.toContain("198.51.100");
    // The window passes (the office's last counting answer is 11 minutes old): the office counts once more.
    await db()
      .update(surveyResponseNetwork)
      .set({ countedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(surveyResponseNetwork.surveyId, surveyId));
    await call(testApp.app, "POST", "/api/response", { remoteAddress: colleague, body: { surveyId, data } });
    await call(testApp.app, "POST", "/api/response", { remoteAddress: office, body: { surveyId, data } });
    expect((await counted(surveyId)).slice(4)).toEqual([true, false]);
    // Rows older than the window are pruned by the 5-minute job, off the response path: the home network's row
    // (11 minutes old) goes, the office's renewed one stays.
    expect(await db().select().from(surveyResponseNetwork).where(eq(surveyResponseNetwork.surveyId, surveyId))).toHaveLength(2);
    expect(await pruneStaleResponseNetworks(testApp.ctx)).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(surveyResponseNetwork).where(eq(surveyResponseNetwork.surveyId, surveyId));
    expect(left).toHaveLength(1);
  });

  it("counts one of many responses racing from one network at once", async () => {
    const { surveyId, data } = await openSurvey();
    const posted = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(testApp.app, "POST", "/api/response", { remoteAddress: "192.0.2.200", body: { surveyId, data } }),
      ),
    );
    expect(posted.every((response) => response.statusCode === 200)).toBe(true);
    const flags = await counted(surveyId);
    expect(flags).toHaveLength(12);
    expect(flags.filter(Boolean)).toHaveLength(1);
  });
});

describe("the network behind a load balancer (TRUST_PROXY; review of issue 23)", () => {
  /** Every request reaches the app from the balancer's own address, as behind a real one. */
  const BALANCER = "10.0.0.2";
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_RESPONSE_PER_IP: "10000", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("reads the address the one proxy appended, not entries the client wrote, and never switches the rule off", async () => {
    const { surveyId } = await companyWithOpenSurvey(testApp, `Proxy ${Date.now()}`);
    const [row] = await testApp.ctx.database.db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    const data = Object.fromEntries(
      (row.fields as SurveyField[]).filter((field) => field.answerType === "Radio").map((field) => [field.key, field.radioOptions[0]]),
    );
    // The balancer appends the address it saw (203.0.113.9) to whatever the client sent: a padder writing a new
    // "address" before it each time, or one that is no address at all, is still one network.
    const forged = ["198.51.100.1", "192.0.2.50", "x", "2001:db8:9::1", "", "not-an-ip"];
    for (const written of forged) {
      const headers = { "x-forwarded-for": written ? `${written}, 203.0.113.9` : "203.0.113.9" };
      const posted = await call(testApp.app, "POST", "/api/response", { headers, remoteAddress: BALANCER, body: { surveyId, data } });
      expect(posted.statusCode).toBe(200);
    }
    // A header that is nonsense even in the proxy's place falls back to the socket's network, then one shared bucket.
    for (const nonsense of ["x", "garbage"]) {
      const headers = { "x-forwarded-for": nonsense };
      await call(testApp.app, "POST", "/api/response", { headers, remoteAddress: BALANCER, body: { surveyId, data } });
    }
    const flags = (
      await testApp.ctx.database.db
        .select({ counts: surveyResponse.countsTowardThreshold })
        .from(surveyResponse)
        .where(eq(surveyResponse.surveyId, surveyId))
        .orderBy(asc(surveyResponse.seq))
    ).map((response) => response.counts);
    expect(flags.slice(0, forged.length).filter(Boolean)).toHaveLength(1);
    expect(flags.slice(forged.length).filter(Boolean)).toHaveLength(1);
  });
});
