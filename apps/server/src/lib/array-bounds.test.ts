/**
 * L3 of issue 23 (decision 0057): every array a request can carry has a bound the database can take. The test walks
 * the request schemas of every operation in the OpenAPI document (made from the routes' zod schemas), so a route
 * added later with an unbounded array fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { companyWithOpenSurvey } from "../modules/invitations/invitations.test-helpers.js";
import { call, createTestApp, type TestApp } from "../test/harness.js";

/** PostgreSQL's bind parameters per statement; a bound must leave room for the other columns of a row. */
const POSTGRES_BIND_PARAMETERS = 65_535;
/**
 * The arrays whose legitimate bound is larger than half of that: their repositories bind the whole list as one array
 * parameter (`= any($1::uuid[])`, `= any($1::text[])`), never one parameter per item. Each is exercised at its bound
 * below or in its module's tests.
 */
const LARGE_ARRAYS = new Map([
  ["POST /api/surveys/dedupe body0.properties.emails", 200_000],
  ["POST /api/pause-invitees body0.properties.inviteeIds", 100_000],
]);

type Schema = Record<string, unknown>;

/** Every array schema under `schema`, with its JSON path, following $ref into the document's components. */
function arraysIn(
  schema: unknown,
  where: string,
  components: Record<string, Schema>,
  seen = new Set<unknown>(),
): { where: string; schema: Schema }[] {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Schema;
  const found: { where: string; schema: Schema }[] = [];
  if (typeof node.$ref === "string") {
    const name = node.$ref.split("/").at(-1) as string;
    found.push(...arraysIn(components[name], `${where}→${name}`, components, seen));
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("array")) found.push({ where, schema: node });
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref") continue;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) found.push(...arraysIn(item, `${where}.${key}[${index}]`, components, seen));
    } else if (value && typeof value === "object") found.push(...arraysIn(value, `${where}.${key}`, components, seen));
  }
  return found;
}

describe("array bounds of every request", () => {
  let testApp: TestApp;
  let spec: {
    paths: Record<
      string,
      Record<
        string,
        { requestBody?: { content?: Record<string, { schema?: unknown }> }; parameters?: { schema?: unknown; name: string }[] }
      >
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  beforeAll(async () => {
    testApp = await createTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_arrays", STRIPE_WEBHOOK_SECRET: "whsec_arrays" } });
    spec = (await call(testApp.app, "GET", "/api/openapi.json")).json();
  });
  afterAll(() => testApp.close());

  it("gives every array in every request body and parameter a maxItems the database can take", () => {
    const components = spec.components?.schemas ?? {};
    const unbounded: string[] = [];
    let arrays = 0;
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const inputs = [
          ...Object.values(operation.requestBody?.content ?? {}).map((content, index) => ({
            where: `body${index}`,
            schema: content.schema,
          })),
          ...(operation.parameters ?? []).map((parameter) => ({ where: `param ${parameter.name}`, schema: parameter.schema })),
        ];
        for (const input of inputs) {
          for (const array of arraysIn(input.schema, `${method.toUpperCase()} ${path} ${input.where}`, components)) {
            arrays += 1;
            const max = array.schema.maxItems;
            const allowed = LARGE_ARRAYS.get(array.where) ?? POSTGRES_BIND_PARAMETERS / 2;
            if (typeof max !== "number" || max > allowed) unbounded.push(`${array.where} (maxItems ${String(max)})`);
          }
        }
      }
    }
    expect(arrays).toBeGreaterThan(20);
    expect(unbounded).toEqual([]);
  });

  it("cancels 100,000 invitee ids (the schema's bound) in one request: one bind parameter, answered quickly", async () => {
    const company = await companyWithOpenSurvey(testApp);
    const inviteeIds = Array.from({ length: 100_000 }, () => randomUUID());
    const started = performance.now();
    const response = await call(testApp.app, "POST", "/api/pause-invitees", {
      cookie: company.owner.cookie,
      body: { surveyId: company.surveyId, inviteeIds },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, paused: 0 });
    // was ≈ 3 s on the embedded database and a bind-parameter overflow on PostgreSQL
    expect(performance.now() - started).toBeLessThan(10_000);
    const tooMany = await call(testApp.app, "POST", "/api/pause-invitees", {
      cookie: company.owner.cookie,
      body: { surveyId: company.surveyId, inviteeIds: [...inviteeIds, randomUUID()] },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("refuses a Better Auth body with a list longer than its stated bound", async () => {
    const response = await call(testApp.app, "POST", "/api/auth/sign-in/social", {
      body: { provider: "google", scopes: Array.from({ length: 51 }, (_, index) => `scope${index}`) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/50 items at most/);
  });
});
