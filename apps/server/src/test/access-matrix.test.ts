import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, addMember, call, createTestApp, registerCompany } from "./harness.js";

/** The only routes anyone may call signed out; adding one here is a deliberate decision. */
const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "GET /api/config",
  // Whether anyone is signed in, answered 200 either way so signed-out pages log no error (decision 0071)
  "GET /api/session",
  "GET /api/captcha/challenge",
  "GET /api/public/surveys/{id}",
  // The company's logo on a survey's pages and in its emails (decision 0065)
  "GET /api/public/surveys/{id}/logo",
  "POST /api/response",
  "GET /api/unsubscribe",
  "POST /api/unsubscribe",
  // Open Badges credentials anyone may read and verify (decision 0037)
  "GET /api/credentials/issuer",
  "GET /api/credentials/status/1",
  "GET /api/credentials/{credentialId}",
  "POST /api/credentials/verify",
  // Badge images embedded on companies' sites (decision 0036) and the published company profiles (decision 0038)
  "GET /api/certifications/embed",
  "GET /c/{slug}",
  "GET /c/{slug}/logo",
  // The link of a team invitation, opened by someone with no account yet (decision 0041)
  "GET /api/team/invitation-links/{token}",
  "POST /api/team/invitations/accept",
]);
/** Pages served as HTML (their 404 is a page too); every other operation answers errors as JSON with a code. */
const HTML_PAGES = new Set(["GET /c/{slug}"]);
const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  template: string;
  /** The JSON schema of the request body, when the operation documents one. */
  bodySchema?: JsonSchema;
  /** The documented query parameters. */
  queryNames: string[];
  /** A server-sent event stream: it answers and stays open, so its answer is read as a stream. */
  streams: boolean;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * Every operation in the published OpenAPI document, so a new route cannot skip these checks. Better Auth's own
 * endpoints (/api/auth/*) are in the document too; they keep Better Auth's access model (tested in auth/*.test.ts),
 * so only the input checks that apply to every request include them.
 */
function listOperations(testApp: TestApp, options: { includeBetterAuth?: boolean } = {}): Operation[] {
  const spec = testApp.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === "head" || typeof operation !== "object" || !operation) continue;
      if (path.startsWith("/api/auth/") && !options.includeBetterAuth) continue;
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path: path.replace(/\{[^}]+\}/g, SAMPLE_ID),
        template: path,
        bodySchema: operation.requestBody?.content?.["application/json"]?.schema,
        queryNames: (operation.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
        streams: Object.values(operation.responses ?? {}).some((response) => response.content?.["text/event-stream"] !== undefined),
      });
    }
  }
  return operations;
}

/** Text PostgreSQL cannot store: a NUL character, a lone high surrogate, a lone low surrogate (issue #11 item 5). */
const BAD_TEXTS = [
  { name: "NUL", text: "before\u0000after" },
  { name: "lone high surrogate", text: "before\uD800after" },
  { name: "lone low surrogate", text: "\uDC00" },
];

/** A body shaped by the operation's schema, with the bad text in every string it documents (and in one it does not). */
function fuzzedBody(schema: JsonSchema | undefined, bad: string, depth = 0): unknown {
  if (!schema || depth > 8) return bad;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return fuzzedBody(variant, bad, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== "null") : schema.type;
  if (type === "object" || schema.properties) {
    const body: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) body[key] = fuzzedBody(property, bad, depth + 1);
    if (depth === 0) body.undocumented = bad;
    return body;
  }
  if (type === "array") return [fuzzedBody(schema.items, bad, depth + 1)];
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  return bad;
}

const HAS_BODY = new Set(["POST", "PUT", "PATCH"]);

/** A URL cannot carry a lone surrogate; its nearest spelling is the surrogate's bytes, which are not valid UTF-8. */
const inUrl = (text: string) =>
  text
    .replaceAll("\u0000", "%00")
    .replace(/[\uD800-\uDFFF]/g, (unit) =>
      [...Buffer.from([0xed, 0xa0 | ((unit.charCodeAt(0) >> 6) & 0x1f), 0x80 | (unit.charCodeAt(0) & 0x3f)])]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join(""),
    );

/** Better Auth's endpoints are not in the route list; the ones the web app calls are fuzzed too. */
const AUTH_OPERATIONS: { path: string; body: (bad: string) => Record<string, unknown> }[] = [
  {
    path: "/api/auth/sign-up/email",
    body: (bad) => ({
      email: `a${bad}@example.com`,
      password: `Pass-${bad}-42!`,
      name: bad,
      firstName: bad,
      lastName: bad,
      companyName: bad,
      acceptTerms: true,
    }),
  },
  { path: "/api/auth/sign-in/email", body: (bad) => ({ email: `a${bad}@example.com`, password: bad }) },
  { path: "/api/auth/request-password-reset", body: (bad) => ({ email: `a${bad}@example.com`, redirectTo: bad }) },
  { path: "/api/auth/reset-password", body: (bad) => ({ token: bad, newPassword: bad }) },
  { path: "/api/auth/email-otp/send-verification-otp", body: (bad) => ({ email: bad, type: "email-verification" }) },
  { path: "/api/auth/email-otp/verify-email", body: (bad) => ({ email: bad, otp: bad }) },
  { path: "/api/auth/sign-in/sso", body: (bad) => ({ email: bad, callbackURL: bad }) },
  { path: "/api/auth/change-password", body: (bad) => ({ currentPassword: bad, newPassword: bad }) },
];

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
            payloadAsStream: operation.streams,
          });
          expect(response.statusCode, `${operation.method} ${operation.path}`).toBeLessThan(500);
          if (operation.streams) {
            response.stream().destroy();
            continue;
          }
          if (response.statusCode >= 400 && HTML_PAGES.has(`${operation.method} ${operation.template}`)) {
            expect(response.headers["content-type"], `${operation.method} ${operation.path}`).toMatch(/^text\/html/);
          } else if (response.statusCode >= 400) expect(response.json().error.code).toEqual(expect.any(String));
        }
      }
    }
  });

  it("refuses NUL and lone surrogates in every documented operation's body, query and path with 400 and the field, never 5xx", async () => {
    const owner = await registerCompany(testApp.app);
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    let refusals = 0;
    for (const session of [undefined, owner, staff]) {
      for (const operation of listOperations(testApp, { includeBetterAuth: true })) {
        for (const { name, text } of BAD_TEXTS) {
          const who = session === undefined ? "signed out" : session === owner ? "owner" : "staff";
          const label = `${who} ${operation.method} ${operation.template} (${name})`;
          const headers = {
            origin: "http://hearth.test",
            ...(HAS_BODY.has(operation.method) ? { "content-type": "application/json" } : {}),
            ...(session ? { cookie: session.cookie } : {}),
          };
          if (HAS_BODY.has(operation.method)) {
            const response = await testApp.app.inject({
              method: operation.method,
              url: operation.path,
              headers,
              payload: JSON.stringify(fuzzedBody(operation.bodySchema, text)),
            });
            expect(response.statusCode, `${label} body: ${response.body}`).toBe(400);
            const error = response.json().error;
            expect(error.code, label).toBe("VALIDATION_FAILED");
            expect(Object.values(error.fields as Record<string, string>).join(" "), label).toMatch(/NUL|surrogate/);
            refusals += 1;
          }
          const query = await testApp.app.inject({
            method: operation.method,
            url: `${operation.path}?${[...operation.queryNames, "q"].map((key) => `${key}=${inUrl(text)}`).join("&")}`,
            headers,
            payload: HAS_BODY.has(operation.method) ? "{}" : undefined,
          });
          expect(query.statusCode, `${label} query: ${query.body}`).toBe(400);
          expect(query.body, label).toMatch(/"query.q":"[^"]*(NUL|UTF-8)/);
          if (!operation.template.includes("{")) continue;
          const inPath = await testApp.app.inject({
            method: operation.method,
            url: operation.template.replace(/\{[^}]+\}/g, inUrl(text)),
            headers,
            payload: HAS_BODY.has(operation.method) ? "{}" : undefined,
          });
          expect([400, 404], `${label} path: ${inPath.body}`).toContain(inPath.statusCode);
          expect(inPath.json().error.code, label).toEqual(expect.any(String));
        }
      }
    }
    expect(refusals).toBeGreaterThan(30);
  }, 300_000);

  it("refuses NUL and lone surrogates on Better Auth's endpoints before Better Auth or the database sees them", async () => {
    const owner = await registerCompany(testApp.app);
    for (const operation of AUTH_OPERATIONS) {
      for (const { name, text } of BAD_TEXTS) {
        const response = await call(testApp.app, "POST", operation.path, { body: operation.body(text), cookie: owner.cookie });
        expect(response.statusCode, `${operation.path} (${name}): ${response.body}`).toBe(400);
        expect(response.json().error.code).toBe("VALIDATION_FAILED");
        expect(Object.values(response.json().error.fields as Record<string, string>).join(" ")).toMatch(/NUL|surrogate/);
      }
    }
  });
});
