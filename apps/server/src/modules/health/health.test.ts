import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, call, createTestApp } from "../../test/harness.js";

describe("health, config and API documentation", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("reports ok and which database it runs on", async () => {
    const response = await call(testApp.app, "GET", "/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" });
  });

  it("publishes what the sign-in pages offer", async () => {
    const response = await call(testApp.app, "GET", "/api/config");
    expect(response.json()).toEqual({
      captcha: { provider: "off" },
      googleSignIn: false,
      devMail: true,
      supportEmail: "support@hearth.test",
      supportFormUrl: null,
    });
  });

  it("serves an OpenAPI document and its viewer", async () => {
    const spec = (await call(testApp.app, "GET", "/api/openapi.json")).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(["/api/me", "/api/company/profile", "/api/account"]));
    const docs = await call(testApp.app, "GET", "/api/docs/");
    expect(docs.statusCode).toBe(200);
  });

  it("sends security headers and a request id", async () => {
    const response = await call(testApp.app, "GET", "/api/health");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBeDefined();
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown API paths with the error shape", async () => {
    const response = await call(testApp.app, "GET", "/api/nope");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
  });
});
