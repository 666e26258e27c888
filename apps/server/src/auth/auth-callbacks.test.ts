/**
 * L5 of issue 23 on the server (decision 0057): every callback URL sent to Better Auth passes the one redirect rule
 * of packages/shared before Better Auth sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp, TEST_ORIGIN } from "../test/harness.js";

describe("callback URLs sent to Better Auth", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("refuses the reported bypasses and other sites in callbackURL and redirectTo, body or query", async () => {
    for (const target of [
      "/.//evil.example",
      "/\t/evil.example",
      "//evil.example",
      "/%2F%2Fevil.example",
      "https://evil.example/x",
      "/\\evil.example",
    ]) {
      const reset = await call(testApp.app, "POST", "/api/auth/request-password-reset", {
        body: { email: "nobody@example.com", redirectTo: target },
      });
      expect(reset.statusCode, target).toBe(400);
      expect(reset.json().error.fields?.redirectTo, target).toMatch(/page of this site/);
      const social = await call(testApp.app, "POST", `/api/auth/sign-in/social?callbackURL=${encodeURIComponent(target)}`, {
        body: { provider: "google" },
      });
      expect(social.statusCode, target).toBe(400);
    }
  });

  it("lets the app's own paths and its own origin through", async () => {
    for (const target of ["/reset-password", `${TEST_ORIGIN}/reset-password`]) {
      const reset = await call(testApp.app, "POST", "/api/auth/request-password-reset", {
        body: { email: "nobody@example.com", redirectTo: target },
      });
      expect(reset.statusCode, target).toBe(200);
    }
  });
});
