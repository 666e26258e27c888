/**
 * M4 of issue 23 (decision 0057): a state-changing request needs Origin equal to the app's or
 * `Sec-Fetch-Site: same-origin`; with neither header it is accepted only without a cookie (no ambient credential);
 * the Stripe webhook is exempt by its route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, registerCompany, type Session, TEST_ORIGIN, type TestApp } from "../test/harness.js";

const PROFILE = {
  companyName: "Renamed By Sibling",
  companyLegalName: "Renamed By Sibling Ltd",
  headcount: 40,
  address: "1 High Street, London",
  phone: "+44 20 7946 0000",
  website: "https://sibling.example",
  timeZone: "Europe/London",
};

describe("origin check on state-changing requests", () => {
  let testApp: TestApp;
  let owner: Session;

  const put = (headers: Record<string, string>) =>
    testApp.app.inject({
      method: "PUT",
      url: "/api/company/profile",
      headers: { "content-type": "application/json", ...headers },
      payload: JSON.stringify(PROFILE),
    });
  const companyName = async () => (await call(testApp.app, "GET", "/api/company/profile", { cookie: owner.cookie })).json().companyName;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Original Name" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("refuses the reported same-site request (no Origin, Sec-Fetch-Site: same-site) and changes nothing", async () => {
    const before = await companyName();
    const response = await put({ cookie: owner.cookie, "sec-fetch-site": "same-site" });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("ORIGIN_REJECTED");
    expect(await companyName()).toBe(before);
  });

  it("refuses cross-site, none, a foreign or null Origin, and a cookie with neither header", async () => {
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "none" },
      { origin: "https://sibling.hearth.test" },
      { origin: "null" },
      { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
      {},
    ]) {
      const response = await put({ cookie: owner.cookie, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await companyName()).not.toBe(PROFILE.companyName);
  });

  it("accepts the app's Origin, and Sec-Fetch-Site: same-origin without an Origin", async () => {
    expect((await put({ cookie: owner.cookie, origin: TEST_ORIGIN })).statusCode).toBe(200);
    expect(await companyName()).toBe(PROFILE.companyName);
    expect((await put({ cookie: owner.cookie, "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });

  it("lets a client without cookies and without either header through the check (it holds nothing to forge)", async () => {
    // unauthenticated, so the route itself answers 401: the origin check did not refuse it
    const response = await put({});
    expect(response.statusCode).toBe(401);
  });

  it("exempts the Stripe webhook by its route, not by a prefix of the URL", async () => {
    const withStripe = await createTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_origin", STRIPE_WEBHOOK_SECRET: "whsec_origin" } });
    const webhook = await withStripe.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", cookie: owner.cookie, "sec-fetch-site": "cross-site" },
      payload: "{}",
    });
    // refused by its signature check, not by the origin check
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().error?.code).toBe("STRIPE_SIGNATURE_INVALID");
    await withStripe.close();
    // a URL that only starts like the webhook's is another route (or none) and is checked
    for (const url of [
      "/api/stripe/webhook/../../company/profile",
      "/api/stripe/webhookx",
      "/api/stripe/webhook%2F..%2F..%2Fcompany%2Fprofile",
    ]) {
      const response = await testApp.app.inject({
        method: "PUT",
        url,
        headers: { "content-type": "application/json", cookie: owner.cookie, "sec-fetch-site": "cross-site" },
        payload: JSON.stringify(PROFILE),
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
