import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestApp, createTestApp } from "../test/harness.js";
import { deriveOperationId } from "./openapi.js";

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};

const METHODS = ["get", "put", "post", "delete", "patch"];

describe("the OpenAPI document", () => {
  let testApp: TestApp;
  let spec: {
    openapi: string;
    info: Record<string, unknown>;
    servers: { url: string }[];
    tags: { name: string }[];
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = () =>
    Object.entries(spec.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] })),
    );
  beforeAll(async () => {
    // Stripe's keys (never called here) so the document also has the routes that exist only with Stripe configured.
    testApp = await createTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_openapi", STRIPE_WEBHOOK_SECRET: "whsec_openapi" } });
    spec = (await call(testApp.app, "GET", "/api/openapi.json")).json();
  });
  afterAll(() => testApp.close());

  it("is OpenAPI 3.1 with servers, contact, licence and described tags", () => {
    expect(spec.openapi).toBe("3.1.0");
    expect(spec.servers).toEqual([{ url: "http://hearth.test" }]);
    expect(spec.info.contact).toMatchObject({ email: "support@hearth.test" });
    expect(spec.info.license).toEqual({ name: expect.any(String) });
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect(spec.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
  });

  it("gives every operation a unique operationId, a summary and a stated security (empty for public routes)", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(60);
    for (const { path, method, operation } of operations()) {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(operation.security, `${method} ${path}`).toEqual(expect.any(Array));
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(spec.paths["/api/reports/{surveyId}/company.pdf"].get.operationId).toBe("getReportsBySurveyIdCompanyPdf");
    expect(spec.paths["/api/response"].post.security).toEqual([]);
    expect(spec.paths["/api/me"].get.security).toEqual([{ session: [] }]);
    expect(spec.paths["/api/stripe/webhook"].post.security).toEqual([]);
  });

  it("declares a 2xx answer with its content types for every file download and page", () => {
    const downloads: [string, string, string[]][] = [
      ["/api/export/survey", "get", ["text/csv; charset=utf-8", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]],
      ["/api/reports/{surveyId}/company.pdf", "get", ["application/pdf"]],
      ["/api/reports/{surveyId}/export/{table}", "get", ["text/csv; charset=utf-8"]],
      ["/api/amplification/quotes/{id}/image.png", "get", ["image/png"]],
      ["/api/company/logo", "get", ["image/png", "image/jpeg"]],
      ["/api/unsubscribe", "get", ["text/html; charset=utf-8"]],
      ["/api/unsubscribe", "post", ["text/html; charset=utf-8"]],
    ];
    for (const [path, method, types] of downloads) {
      const content = spec.paths[path][method].responses["200"]?.content ?? {};
      expect(Object.keys(content), `${method} ${path}`).toEqual(types);
    }
    expect(spec.paths["/api/reports/{surveyId}/company.pdf"].get.responses["200"].content?.["application/pdf"].schema).toEqual({
      type: "string",
      contentMediaType: "application/pdf",
    });
    // Every operation of Hearth's own has a success answer: 2xx, or 3xx for a redirect (GET /api/billing/session);
    // Better Auth's redirect-only callbacks answer 302.
    for (const { path, method, operation } of operations()) {
      if (path.startsWith("/api/auth/")) continue;
      expect(
        Object.keys(operation.responses).some((code) => /^2/.test(code) || (code === "302" && path === "/api/billing/session")),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  it("documents Better Auth's endpoints under /api/auth, with Hearth's session cookie, and serves neither its schema nor its reference page", async () => {
    const signIn = spec.paths["/api/auth/sign-in/email"]?.post;
    expect(signIn).toBeDefined();
    expect(signIn.tags).toEqual(["auth"]);
    expect(signIn.security).toEqual([{ session: [] }, {}]);
    expect(spec.paths["/api/auth/sign-up/email"]?.post).toBeDefined();
    expect(spec.paths["/api/auth/get-session"]?.get).toBeDefined();
    // The SSO endpoints Hearth does not serve over HTTP stay out of the document.
    expect(spec.paths["/api/auth/sso/register"]).toBeUndefined();
    expect(JSON.stringify(spec)).not.toContain('"nullable"');
    expect((await call(testApp.app, "GET", "/api/auth/open-api/generate-schema")).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", "/api/auth/reference")).statusCode).toBe(404);
  });

  it("the viewer at /api/docs reads the same document", async () => {
    const viewed = (await call(testApp.app, "GET", "/api/docs/json")).json();
    expect(viewed).toEqual(spec);
  });

  it("writes JSON Schema 2020-12: numeric exclusive bounds, and enum-keyed records with their keys as properties", () => {
    const text = JSON.stringify(spec);
    expect(text).not.toMatch(/"exclusiveMinimum":(true|false)/);
    expect(text).not.toMatch(/"exclusiveMaximum":(true|false)/);
    const sentiment = spec.paths["/api/reports/{surveyId}/sentiment"].get.responses["200"].content?.["application/json"].schema;
    expect(JSON.stringify(sentiment)).not.toContain('"propertyNames":{"type":"string","enum":["positive"');
  });
});

describe("deriveOperationId", () => {
  it("joins the method and the path's words, parameters as By<Name>", () => {
    expect(deriveOperationId("get", "/api/health")).toBe("getHealth");
    expect(deriveOperationId("post", "/api/auth/sign-in/email")).toBe("postAuthSignInEmail");
    expect(deriveOperationId("GET", "/api/amplification/quotes/{id}/image.png")).toBe("getAmplificationQuotesByIdImagePng");
    expect(deriveOperationId("delete", "/api/team/{user_id}")).toBe("deleteTeamByUserId");
  });
});
