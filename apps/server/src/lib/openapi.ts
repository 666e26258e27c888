/**
 * The OpenAPI 3.1 document at /api/openapi.json (and the reference at /api/docs): every route declared with
 * defineRoute (schemas from zod, JSON Schema draft 2020-12), Better Auth's endpoints under /api/auth from its own
 * generator, one operationId per operation derived from its method and path, servers, contact, licence and tags.
 * Checked by `npm run lint:openapi` (Redocly) and by openapi.test.ts.
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.js";
import { AUTH_ARRAY_MAX_ITEMS } from "./json-depth.js";

type Json = Record<string, unknown>;

const AUTH_PREFIX = "/api/auth";
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const TAG_DESCRIPTIONS: Record<string, string> = {
  "action-plans":
    "Action plans: what a company does about a focus of its results, with owned actions and check-ins (Transformation Plans, Silver and above)",
  account: "The signed-in user's own account",
  amplification: "Social amplification: shareable quotes from positive comments",
  auth: "Sign-up, sign-in, sessions, passwords and email verification (Better Auth's endpoints are under /api/auth)",
  badges: "Certification and award badge images anyone may embed (public, no session)",
  billing: "Plans in force (deals), licence usage and the billing redirect",
  certifications: "Downloading, embedding and showing the company's badges on its public profile (certification permission)",
  company: "The company profile and logo",
  credentials:
    "Open Badges 3.0 credentials of issued badges: the issuer and its key, the revocation status list, each credential and verification (public)",
  crm: "Events for the sales team's CRM (HubSpot, or the CRM outbox)",
  data: "Imports of employee attributes from CSV files: mappings, progress and rejected rows",
  "data-requests": "Custom data requests: what the plan includes (Silver 4, Gold 6), filed by Admins and answered by Hearth staff",
  internal: "For the platform operator's internal accounts only: deals, the CRM outbox",
  invitations: "Invitation emails, invitees, email templates and unsubscribing",
  labelling: "The labelling page: labelers label comments of companies that opted in, text only (labelers only)",
  legal: "The company's order form, as data and as a PDF",
  notifications: "In-app notifications",
  operator: "The operator console of internal accounts: visibility and viewing a company as Hearth staff (404 to everyone else)",
  plans: "Plans and upgrade requests",
  public: "What respondents reach without signing in: the survey page and answering it",
  reports: "Reports, exports and the dashboard",
  sso: "Single sign-on providers of the company",
  support: "Support requests",
  surveys: "Surveys and their exports",
  system: "Health of the running service",
  team: "Users of the company, their roles and cohort scopes",
  tutorials: "Guided tours: which ones each user has finished or dismissed",
  uploads: "Files a company uploads (data imports): type checked on the bytes, kept under the company's own prefix",
};

type AuthDocument = Awaited<ReturnType<AppContext["auth"]["api"]["generateOpenAPISchema"]>>;

export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Hearth API",
        version: "0.1.0",
        description: "Workplace-culture surveys, reports and certification.",
        contact: { name: "Hearth support", email: ctx.env.SUPPORT_EMAIL, url: ctx.env.APP_URL },
        // The project has no licence file: nothing is granted beyond what its owners say.
        license: { name: "UNLICENSED" },
      },
      servers: [{ url: ctx.env.APP_URL }],
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" } } },
    },
  });
  // Built on the first request, not at start: Better Auth's generator (its openAPI plugin, called on the server)
  // takes about 0.1 s, which every start would otherwise pay.
  let document: Promise<Json> | undefined;
  const openApiDocument = () => {
    document ??= ctx.auth.api
      .generateOpenAPISchema()
      .then((auth) => finishDocument(structuredClone(app.swagger()) as unknown as Json, auth));
    document.catch(() => {
      document = undefined;
    });
    return document;
  };
  let ready: Json | undefined;
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { docExpansion: "list" },
    uiHooks: {
      onRequest: async () => {
        ready = await openApiDocument();
      },
    },
    transformSpecification: (specification) => ready ?? specification,
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, openApiDocument);
}

/** Better Auth's paths merged under /api/auth, an operationId on every operation, and the tags listed. */
export function finishDocument(document: Json, auth: AuthDocument | null): Json {
  const paths = { ...(document.paths as Record<string, Json>) };
  const components = { ...(document.components as Json) };
  if (auth) {
    const merged = authPaths(auth);
    for (const [url, item] of Object.entries(merged.paths)) paths[url] = { ...paths[url], ...item };
    components.schemas = { ...(components.schemas as Json), ...merged.schemas };
  }
  const used = new Set<string>();
  const tags = new Set<string>();
  for (const [url, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      operation.operationId = uniqueOperationId(deriveOperationId(method, url), used);
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
    }
  }
  return {
    ...document,
    components,
    tags: [...tags].sort().map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    paths,
  };
}

/**
 * Better Auth's document, as Hearth serves it: its paths under /api/auth (GET and POST are forwarded), tagged
 * auth, with Hearth's session cookie (optional: sign-in and sign-up work without one), a summary from its
 * description, OpenAPI 3.0's `nullable` written as 3.1's null type, and only the schemas its paths use, renamed
 * BetterAuth* so they never meet Hearth's.
 */
/** States on every array of a Better Auth request body the bound auth.routes.ts enforces (AUTH_ARRAY_MAX_ITEMS). */
function boundArrays(schema: unknown): void {
  if (!schema || typeof schema !== "object") return;
  const node = schema as Json;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("array") && typeof node.maxItems !== "number") node.maxItems = AUTH_ARRAY_MAX_ITEMS;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) boundArrays(item);
    else boundArrays(value);
  }
}

function authPaths(auth: AuthDocument): { paths: Record<string, Json>; schemas: Json } {
  const rename = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replace(/"#\/components\/schemas\/([^"]+)"/g, '"#/components/schemas/BetterAuth$1"'));
  const paths: Record<string, Json> = {};
  for (const [url, item] of Object.entries(auth.paths as Record<string, Json>)) {
    const served: Json = {};
    for (const method of ["get", "post"] as const) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const { description, tags: _tags, security: _security, ...rest } = nullAsType(rename(operation)) as Json;
      boundArrays(rest.requestBody);
      served[method] = {
        summary: summaryOf(typeof description === "string" ? description : "", url),
        ...(description ? { description } : {}),
        ...rest,
        tags: ["auth"],
        security: [{ session: [] }, {}],
      };
    }
    if (Object.keys(served).length > 0) paths[`${AUTH_PREFIX}${url}`] = served;
  }
  const all = Object.fromEntries(
    Object.entries(auth.components.schemas).map(([name, schema]) => [`BetterAuth${name}`, nullAsType(rename(schema))]),
  ) as Json;
  // Only the schemas reachable from the paths (following references between schemas too).
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const match of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(match[1]) || !(match[1] in all)) continue;
      used.add(match[1]);
      visit(all[match[1]]);
    }
  };
  visit(paths);
  return { paths, schemas: Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name))) };
}

/** The first sentence of Better Auth's description, or the path it serves. */
function summaryOf(description: string, url: string): string {
  const sentence =
    description
      .trim()
      .split(/(?<=[.!?])\s/)[0]
      ?.replace(/\.$/, "") ?? "";
  return sentence !== "" && sentence.length <= 120 ? sentence : `Better Auth: ${url}`;
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema 2020-12 says it (OpenAPI 3.1): null among the types. */
function nullAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullAsType);
  if (!node || typeof node !== "object") return node;
  const { nullable, ...rest } = node as Json;
  const schema = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, nullAsType(value)])) as Json;
  if (nullable !== true) return schema;
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  if (Array.isArray(schema.type)) return schema.type.includes("null") ? schema : { ...schema, type: [...schema.type, "null"] };
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) return { ...schema, [key]: [...(schema[key] as unknown[]), { type: "null" }] };
  }
  return schema;
}

const capitalize = (word: string) => (word ? word[0].toUpperCase() + word.slice(1) : "");

/**
 * The method, then each path segment after /api in camel case, a {parameter} as By<Parameter>:
 * GET /api/reports/{surveyId}/company.pdf → getReportsBySurveyIdCompanyPdf.
 */
export function deriveOperationId(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean);
  const words = segments.flatMap((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
    if (parameter) return [`By${capitalize(parameter[1].replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string) => (next ?? "").toUpperCase()))}`];
    return segment
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map(capitalize);
  });
  return `${method.toLowerCase()}${words.join("")}`;
}

function uniqueOperationId(candidate: string, used: Set<string>): string {
  let id = candidate;
  for (let index = 2; used.has(id); index += 1) id = `${candidate}${index}`;
  used.add(id);
  return id;
}
