import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRONG_PASSWORD, type TestApp, call, createTestApp, registerCompany, uniqueEmail } from "../test/harness.js";

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

  it("limits sign-in attempts per email, whatever the address they come from", async () => {
    const { email } = await registerCompany(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
        body: { email, password: "Wrong-Password-1!" },
        headers: fromIp(`10.1.0.${attempt + 1}`),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const blocked = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD },
      headers: fromIp("10.1.0.99"),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("RATE_LIMITED");
  });

  it("limits sign-in attempts per IP address across emails", async () => {
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
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-up/email", {
        body: { email: uniqueEmail("burst"), password: STRONG_PASSWORD, name: "B B", firstName: "B", lastName: "B", companyName: "Burst" },
        headers: fromIp("10.3.0.1"),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("limits password-reset emails per address", async () => {
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
