import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, addMember, call, createTestApp, registerCompany } from "./harness.js";

/** The only routes anyone may call signed out; adding one here is a deliberate decision. */
const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "GET /api/config",
  "GET /api/captcha/challenge",
  "GET /api/public/surveys/{id}",
  "POST /api/response",
  "GET /api/unsubscribe",
  "POST /api/unsubscribe",
]);
const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  template: string;
}

/** Every operation in the published OpenAPI document, so a new route cannot skip these checks. */
function listOperations(testApp: TestApp): Operation[] {
  const spec = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    // Better Auth's own endpoints (documented from its openAPI plugin) have their own rules: auth tests cover them.
    if (path.startsWith("/api/auth/")) continue;
    for (const method of Object.keys(methods)) {
      if (method === "head") continue;
      operations.push({ method: method.toUpperCase() as Operation["method"], path: path.replace(/\{[^}]+\}/g, SAMPLE_ID), template: path });
    }
  }
  return operations;
}

describe("access rules on every documented route", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(() => testApp.close());

  it("documents the routes", () => {
    expect(listOperations(testApp).length).toBeGreaterThan(10);
  });

  it("answers 401 with the error shape to signed-out callers on every non-public route", async () => {
    for (const operation of listOperations(testApp)) {
      if (PUBLIC_ROUTES.has(`${operation.method} ${operation.template}`)) continue;
      const response = await call(testApp.app, operation.method, operation.path, {
        body: ["POST", "PUT", "PATCH"].includes(operation.method) ? {} : undefined,
      });
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(401);
      expect(response.json(), `${operation.method} ${operation.path}`).toEqual({
        error: { code: "UNAUTHENTICATED", message: expect.any(String) },
      });
    }
  });

  it("never answers 5xx to a signed-in caller sending empty or malformed input", async () => {
    const owner = await registerCompany(testApp.app);
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    for (const session of [owner, staff]) {
      for (const operation of listOperations(testApp)) {
        for (const body of [{}, { unexpected: ["x"] }, "not json"]) {
          const response = await testApp.app.inject({
            method: operation.method,
            url: operation.path,
            headers: { origin: "http://hearth.test", cookie: session.cookie, "content-type": "application/json" },
            payload: ["POST", "PUT", "PATCH"].includes(operation.method)
              ? typeof body === "string"
                ? body
                : JSON.stringify(body)
              : undefined,
          });
          expect(response.statusCode, `${operation.method} ${operation.path}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json().error.code).toEqual(expect.any(String));
        }
      }
    }
  });
});
