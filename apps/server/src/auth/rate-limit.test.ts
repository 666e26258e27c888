import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@hearth/shared";
import { insertTenant } from "../modules/company/company.repo.js";
import { createPasswordUser } from "../seed/users.js";
import { STRONG_PASSWORD, type TestApp, call, createTestApp, registerCompany, uniqueEmail } from "../test/harness.js";
import { clearOfWindowBoundary } from "../test/rate-window.js";

describe("rate limits on sign-in, sign-up and password reset", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      env: {
        RATE_LIMIT_SIGN_IN_PER_EMAIL: "3",
        RATE_LIMIT_AUTH_PER_IP: "6",
        RATE_LIMIT_SIGN_UP_PER_IP: "2",
        RATE_LIMIT_RESET_PER_EMAIL: "2",
        TRUST_PROXY: "true",
      },
    });
  });
  afterAll(() => testApp.close());

  const fromIp = (ip: string) => ({ "x-forwarded-for": ip });

  it("locks sign-in for an address and IP together, never the owner signing in from elsewhere", async () => {
    await clearOfWindowBoundary();
    const { email } = await registerCompany(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
        body: { email, password: "Wrong-Password-1!" },
        headers: fromIp("10.1.0.1"),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const blocked = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD },
      headers: fromIp("10.1.0.1"),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("RATE_LIMITED");
    const owner = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD },
      headers: fromIp("10.1.0.99"),
    });
    expect(owner.statusCode).toBe(200);
  });

  it("does not lock an address guessed at from many IPs (the captcha slows it instead, when on)", async () => {
    await clearOfWindowBoundary();
    const { email } = await registerCompany(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
        body: { email, password: "Wrong-Password-1!" },
        headers: fromIp(`10.5.0.${attempt + 1}`),
      });
      statuses.push(response.statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    const owner = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD },
      headers: fromIp("10.5.1.1"),
    });
    expect(owner.statusCode).toBe(200);
  });

  it("limits sign-in attempts per IP address across emails", async () => {
    await clearOfWindowBoundary();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
        body: { email: uniqueEmail("spray"), password: "Wrong-Password-1!" },
        headers: fromIp("10.2.0.1"),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 6).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const otherIp = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email: uniqueEmail("spray"), password: "Wrong-Password-1!" },
      headers: fromIp("10.2.0.2"),
    });
    expect(otherIp.statusCode).toBe(401);
  });

  it("limits sign-ups per IP address", async () => {
    await clearOfWindowBoundary();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-up/email", {
        body: {
          email: uniqueEmail("burst"),
          password: STRONG_PASSWORD,
          name: "B B",
          firstName: "B",
          lastName: "B",
          companyName: "Burst",
          acceptTerms: true,
        },
        headers: fromIp("10.3.0.1"),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("limits password-reset emails per address", async () => {
    await clearOfWindowBoundary();
    const email = uniqueEmail("reset");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/request-password-reset", {
        body: { email, redirectTo: "/reset-password" },
        headers: fromIp(`10.4.0.${attempt + 1}`),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe("sign-in past the per-address limit asks for the captcha (CAPTCHA on)", () => {
  let testApp: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { CAPTCHA: "on", RATE_LIMIT_SIGN_IN_PER_EMAIL: "3", TRUST_PROXY: "true" } });
    // Sign-up here needs a solved captcha; the users of these tests are created directly.
    tenantId = (await insertTenant(testApp.ctx.database.db, { companyName: "Captcha Co", plan: "Free" })).id;
  });
  afterAll(() => testApp.close());

  const solvedCaptcha = async () => {
    const challenge = (await call(testApp.app, "GET", "/api/captcha/challenge")).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };

  it("demands a solved captcha from every IP once an address passed its limit, and lets the owner in with one", async () => {
    await clearOfWindowBoundary();
    const email = uniqueEmail("captcha-owner");
    await createPasswordUser(testApp.ctx.database.db, {
      tenantId,
      email,
      password: STRONG_PASSWORD,
      firstName: "Cap",
      lastName: "Tcha",
      role: "Admin",
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
        body: { email, password: "Wrong-Password-1!" },
        headers: { "x-forwarded-for": `10.6.0.${attempt + 1}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const asked = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD },
      headers: { "x-forwarded-for": "10.6.1.1" },
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error).toMatchObject({ code: "CAPTCHA_REQUIRED", message: MESSAGES.captchaMissing });
    const wrongWithCaptcha = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: "Wrong-Password-1!", captcha: await solvedCaptcha() },
      headers: { "x-forwarded-for": "10.6.1.2" },
    });
    expect(wrongWithCaptcha.statusCode).toBe(401);
    const owner = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD, captcha: await solvedCaptcha() },
      headers: { "x-forwarded-for": "10.6.1.1" },
    });
    expect(owner.statusCode).toBe(200);
  });

  it("does not ask for a captcha below the limit", async () => {
    await clearOfWindowBoundary();
    const email = uniqueEmail("captcha-fresh");
    await createPasswordUser(testApp.ctx.database.db, {
      tenantId,
      email,
      password: STRONG_PASSWORD,
      firstName: "Fresh",
      lastName: "User",
      role: "Admin",
    });
    const response = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD },
      headers: { "x-forwarded-for": "10.6.2.1" },
    });
    expect(response.statusCode).toBe(200);
  });
});
