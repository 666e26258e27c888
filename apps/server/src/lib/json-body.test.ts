/**
 * L3 of issue 23 (decision 0057): a JSON body nested deeper than MAX_JSON_DEPTH is a 400 of ours on every route,
 * Better Auth's included (it answered 500 "Maximum call stack size exceeded"); normal bodies still parse.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, TEST_ORIGIN, type TestApp } from "../test/harness.js";
import { jsonDepthWithin, MAX_JSON_DEPTH } from "./json-depth.js";

describe("nested JSON depth", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const postRaw = (url: string, payload: string) =>
    testApp.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, payload });

  it("measures depth outside strings only", () => {
    expect(jsonDepthWithin('{"a":[{"b":1}]}', 3)).toBe(true);
    expect(jsonDepthWithin('{"a":[{"b":1}]}', 2)).toBe(false);
    expect(jsonDepthWithin(JSON.stringify({ text: '[[[[[[[[[[{{{{{{\\"' }), 1)).toBe(true);
  });

  it("answers 400 of ours, not 500, for 20,000 levels on /api/auth/* paths and on Hearth's own routes", async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const arrays = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    for (const url of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/anything", "/api/support", "/api/response"]) {
      for (const payload of [deep, arrays]) {
        const response = await postRaw(url, payload);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.message, url).toMatch(/nested too deeply/);
        expect(response.body).not.toMatch(/call stack|RangeError/);
      }
    }
  });

  it("still parses bodies within the bound, and refuses prototype poisoning as before", async () => {
    const withinBound = `${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}`;
    const response = await postRaw(
      "/api/auth/sign-in/email",
      JSON.stringify({ email: "a@example.com", password: "x", extra: JSON.parse(withinBound) }),
    );
    expect(response.statusCode).not.toBe(500);
    expect(response.body).not.toMatch(/nested too deeply/);
    const ok = await call(testApp.app, "POST", "/api/auth/sign-in/email", {
      body: { email: "nobody@example.com", password: "Wrong-Pass-1!" },
    });
    expect(ok.statusCode).toBe(401);
    const poisoned = await postRaw("/api/auth/sign-in/email", '{"__proto__": {"admin": true}}');
    expect(poisoned.statusCode).toBe(400);
  });
});
