import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../env.js";
import { isLoopbackAddress } from "../lib/loopback.js";
import { STRONG_PASSWORD, type TestApp, call, createTestApp, registerCompany } from "./harness.js";

/** Issue #11 items 2 and 16: what development offers (the outbox viewer, loopback origins) and production refuses. */

const PRODUCTION = {
  NODE_ENV: "production",
  APP_URL: "https://hearth.example",
  AUTH_SECRET: "production-secret-that-is-at-least-thirty-two-characters",
  SMTP_URL: "smtp://mailer.example:587",
  BADGE_SIGNING_KEY: "9f".repeat(32),
  DATA_DIR: "memory://",
};

describe("production refuses development conveniences at start", () => {
  it("starts with SMTP_URL, a secret and the captcha", () => {
    expect(loadEnv(PRODUCTION).isProduction).toBe(true);
  });

  it("reads TRUST_PROXY as one proxy, a number of proxies or their addresses, never as every hop (issue 23 review)", () => {
    expect(loadEnv(PRODUCTION).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...PRODUCTION, TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ ...PRODUCTION, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ ...PRODUCTION, TRUST_PROXY: "10.0.0.0/8, 192.0.2.1" }).TRUST_PROXY).toBe("10.0.0.0/8,192.0.2.1");
    expect(loadEnv({ ...PRODUCTION, TRUST_PROXY: "off" }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ ...PRODUCTION, TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });

  it("refuses to start without SMTP_URL, saying why", () => {
    expect(() => loadEnv({ ...PRODUCTION, SMTP_URL: undefined })).toThrow(/SMTP_URL: required in production/);
    expect(() => loadEnv({ ...PRODUCTION, SMTP_URL: "" })).toThrow(/development outbox/);
  });

  it("refuses to start without BADGE_SIGNING_KEY, and a key that is not 32 bytes of hex (decision 0037)", () => {
    expect(() => loadEnv({ ...PRODUCTION, BADGE_SIGNING_KEY: undefined })).toThrow(/BADGE_SIGNING_KEY: required in production/);
    expect(() => loadEnv({ ...PRODUCTION, BADGE_SIGNING_KEY: "abc" })).toThrow(/64 hexadecimal characters/);
  });

  it("refuses the demo seed and CAPTCHA=off unless the operator opts in to the latter", () => {
    expect(() => loadEnv({ ...PRODUCTION, SEED_DEMO: "true" })).toThrow(/SEED_DEMO/);
    expect(() => loadEnv({ ...PRODUCTION, CAPTCHA: "off" })).toThrow(/ALLOW_PRODUCTION_WITHOUT_CAPTCHA/);
    expect(loadEnv({ ...PRODUCTION, CAPTCHA: "off", ALLOW_PRODUCTION_WITHOUT_CAPTCHA: "true" }).CAPTCHA).toBe("off");
    expect(loadEnv({ ...PRODUCTION, SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("keeps development without SMTP_URL working (the outbox)", () => {
    expect(loadEnv({ NODE_ENV: "development", DATA_DIR: "memory://", AUTH_SECRET: PRODUCTION.AUTH_SECRET }).SMTP_URL).toBeUndefined();
  });
});

describe("the development outbox viewer answers only the loopback interface", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: "true" } });
    await registerCompany(testApp.app);
  });
  afterAll(() => testApp.close());

  const view = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: "GET", url, remoteAddress, headers });

  it("tells loopback addresses from others", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["10.0.0.1", "192.168.1.5", "::ffff:10.0.0.1", "fe80::1", "::", "0.0.0.0", "1127.0.0.1", "", undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  it("lists messages to a loopback connection", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const listing = await view("/dev/mail/messages.json", address);
      expect(listing.statusCode, address).toBe(200);
      expect(listing.json().messages.length).toBeGreaterThan(0);
      expect((await view("/dev/mail", address)).statusCode, address).toBe(200);
    }
  });

  it("answers 404 to any other address, whatever X-Forwarded-For claims", async () => {
    const id = (await view("/dev/mail/messages.json", "127.0.0.1")).json().messages[0].id as string;
    for (const url of ["/dev/mail", "/dev/mail/messages.json", `/dev/mail/${id}`]) {
      for (const address of ["203.0.113.9", "10.0.0.1", "::ffff:192.0.2.1"]) {
        const response = await view(url, address, { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" });
        expect(response.statusCode, `${url} from ${address}`).toBe(404);
        expect(response.body).not.toContain("@");
      }
    }
  });

  it("tells the web that development mail goes to /dev/mail", async () => {
    expect((await call(testApp.app, "GET", "/api/config")).json().devMail).toBe(true);
  });
});

describe("production serves no outbox viewer", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ...PRODUCTION, APP_URL: "http://hearth.test", CAPTCHA: "on" } });
  });
  afterAll(() => testApp.close());

  it("answers 404 on /dev/mail even from loopback, and tells the web nothing about it", async () => {
    for (const url of ["/dev/mail", "/dev/mail/messages.json"]) {
      expect((await testApp.app.inject({ method: "GET", url, remoteAddress: "127.0.0.1" })).statusCode, url).toBe(404);
    }
    expect((await call(testApp.app, "GET", "/api/config")).json().devMail).toBe(false);
  });
});

describe("origins: localhost, 127.0.0.1 and [::1] on APP_URL's port outside production (issue #11 item 16)", () => {
  let devApp: TestApp;
  let productionApp: TestApp;
  let email: string;
  let productionEmail: string;
  beforeAll(async () => {
    devApp = await createTestApp({ env: { APP_URL: "http://localhost:3000" } });
    productionApp = await createTestApp({ env: { ...PRODUCTION, APP_URL: "http://localhost:3000", CAPTCHA: "on" } });
    const fromApp = { origin: "http://localhost:3000" };
    const signUp = (app: TestApp, address: string) =>
      app.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { ...fromApp, "content-type": "application/json" },
        payload: {
          email: address,
          password: STRONG_PASSWORD,
          name: "Lo Cal",
          firstName: "Lo",
          lastName: "Cal",
          companyName: "Loopback Co",
          acceptTerms: true,
        },
      });
    email = `origin-${Date.now()}@example.com`;
    expect((await signUp(devApp, email)).statusCode).toBe(200);
    productionEmail = `origin-prod-${Date.now()}@example.com`;
    await signUp(productionApp, productionEmail);
  });
  afterAll(async () => {
    await devApp.close();
    await productionApp.close();
  });

  const signIn = (app: TestApp, origin: string, address: string) =>
    app.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin, "content-type": "application/json" },
      payload: { email: address, password: STRONG_PASSWORD },
    });

  it("signs in from localhost, 127.0.0.1 and [::1] on the same port (Hearth's check and Better Auth's trusted origins)", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const response = await signIn(devApp, origin, email);
      expect(response.statusCode, `${origin}: ${response.body}`).toBe(200);
      const cookie = ([] as string[])
        .concat(response.headers["set-cookie"] ?? [])
        .map((value) => value.split(";")[0])
        .join("; ");
      const signOut = await devApp.app.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { origin, cookie, "content-type": "application/json" },
        payload: {},
      });
      expect(signOut.statusCode, `${origin} sign-out: ${signOut.body}`).toBe(200);
    }
  });

  it("refuses another port, another host and another scheme", async () => {
    for (const origin of [
      "http://127.0.0.1:4000",
      "http://localhost:3001",
      "https://localhost:3000",
      "http://evil.example:3000",
      "http://127.0.0.2:3000",
    ]) {
      const response = await signIn(devApp, origin, email);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().error.code).toBe("ORIGIN_REJECTED");
    }
  });

  it("accepts only APP_URL's own origin in production", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const response = await signIn(productionApp, origin, productionEmail);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().error.code).toBe("ORIGIN_REJECTED");
    }
    expect((await signIn(productionApp, "http://localhost:3000", productionEmail)).statusCode).not.toBe(403);
  });
});
