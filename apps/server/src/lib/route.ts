import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { type Permission, hasPermission } from "@hearth/shared";
import { z, type ZodType } from "zod";
import type { AppContext } from "../app-context.js";
import { type Actor, resolveActor } from "./actor.js";
import { AppError, forbidden, notFound, parseInput, refusedWhileSwitched, unauthenticated } from "./errors.js";

/**
 * "internal": internal accounts only, 403 to others. "operator": the operator console (/api/admin/*, the tenant
 * switch), internal accounts only and 404 to everyone else, so the console's routes are not advertised (decision 0048).
 */
export type Access = "public" | "signed-in" | "internal" | "operator" | Permission;

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  actor: Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<B, Q, P, R> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags: string[];
  access: Access;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
  response?: ZodType<R>;
  /**
   * For an answer that is a file or a page rather than JSON (a CSV, a PDF, an image, an HTML page): the content
   * types it may carry, documented as the success response.
   */
  produces?: readonly string[];
  /**
   * A body the handler reads itself as a stream (an upload, a multipart form), never parsed here: the JSON schema
   * for each content type it takes, for the OpenAPI document only (built when the document is).
   */
  streamedBody?: () => Record<string, Record<string, unknown>>;
  /** Other answers than the success and the errors, documented by status with what they mean (a 304, say). */
  otherResponses?: Readonly<Record<number, string>>;
  status?: number;
  bodyLimit?: number;
  /** Refused while an internal account views the company (payment methods, decision 0048). */
  refusedWhileSwitched?: boolean;
  handler(input: RouteInput<B, Q, P>): Promise<R>;
}

/**
 * A zod schema as JSON Schema draft 2020-12, the dialect of OpenAPI 3.1 Schema Objects (zod's own target). Inputs
 * are described as accepted (defaults optional), responses as sent.
 */
export function toJsonSchema(schema: ZodType | undefined, io: "input" | "output" = "input"): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  try {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
    return explicitRecordKeys(jsonSchema) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * A record keyed by an enum (z.record(z.enum([...]), value)) comes out as propertyNames + additionalProperties with
 * every key required; written as properties instead, each required name is also a declared property (the same
 * constraint, which OpenAPI tools can read).
 */
function explicitRecordKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(explicitRecordKeys);
  if (!node || typeof node !== "object") return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, explicitRecordKeys(value)])) as Record<
    string,
    unknown
  >;
  const keys = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  const required = schema.required as string[] | undefined;
  const values = schema.additionalProperties;
  if (
    !schema.properties &&
    keys &&
    required &&
    values &&
    typeof values === "object" &&
    keys.every((key) => required.includes(String(key)))
  ) {
    const { propertyNames: _names, additionalProperties: _values, ...rest } = schema;
    return { ...rest, properties: Object.fromEntries(required.map((key) => [key, structuredClone(values)])), additionalProperties: false };
  }
  return schema;
}

/** The success response: the JSON schema, the file or page types, or (for a handler without either) some JSON. */
function successResponse(definition: { response?: ZodType; produces?: readonly string[] }) {
  if (definition.produces && definition.produces.length > 0) {
    return {
      description: "The file or page",
      content: Object.fromEntries(
        definition.produces.map((type) => [
          type,
          { schema: /^text\//.test(type) ? { type: "string" } : { type: "string", contentMediaType: type.split(";")[0] } },
        ]),
      ),
    };
  }
  return toJsonSchema(definition.response, "output") ?? { description: "Default Response", type: "object" };
}

let errorSchema: Record<string, unknown> | undefined;
const errorJsonSchema = () =>
  (errorSchema ??= toJsonSchema(
    z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }) }),
    "output",
  ));

/**
 * Declares a route: zod schemas for input and output (also published as OpenAPI), the access rule checked
 * before the handler runs, and one handler that calls a service. Signed-out callers get 401, callers without
 * the permission 403.
 */
export function defineRoute<B = undefined, Q = undefined, P = undefined, R = unknown>(
  app: FastifyInstance,
  ctx: AppContext,
  definition: RouteDefinition<B, Q, P, R>,
): void {
  const status = definition.status ?? 200;
  const security = definition.access === "public" ? [] : [{ session: [] }];
  // The JSON schemas only feed the OpenAPI document (input is parsed by zod in the handler, lib/route.ts; the
  // compilers are no-ops, app.ts), so they are converted when the document is first built, not at every start:
  // converting every route's zod schemas took about 50 ms of each start (docs/decisions/0025).
  const documentedSchema = () =>
    withoutUndefined({
      summary: definition.summary,
      tags: definition.tags,
      body: toJsonSchema(definition.body) ?? streamedBodySchema(definition.streamedBody),
      querystring: toJsonSchema(definition.query),
      params: toJsonSchema(definition.params),
      response: {
        [status]: successResponse(definition),
        ...Object.fromEntries(
          Object.entries(definition.otherResponses ?? {}).map(([code, description]) => [code, { description, type: "null" }]),
        ),
        "4xx": errorJsonSchema(),
      },
      // A public operation says so (an empty security list) rather than leaving it unstated.
      security,
    });
  app.route({
    method: definition.method,
    url: definition.url,
    bodyLimit: definition.bodyLimit,
    schema: { summary: definition.summary, tags: definition.tags, security },
    config: { swaggerTransform: ({ url }: { url: string }) => ({ schema: documentedSchema(), url }) },
    handler: async (request, reply) => {
      const actor = await authorize(ctx, request, definition.access);
      if (actor?.tenantSwitch) await guardSwitchedRequest(ctx, actor, request, definition);
      const params = definition.params ? parseInput(definition.params, request.params, "params") : (undefined as P);
      const query = definition.query ? parseInput(definition.query, request.query, "query") : (undefined as Q);
      const body = definition.body ? parseInput(definition.body, request.body) : (undefined as B);
      const result = await definition.handler({ body, query, params, actor: actor as Actor, request, reply });
      if (reply.sent) return reply;
      reply.status(status);
      return result;
    },
  });
}

/** A streamed body as @fastify/swagger takes one per content type (`content`, each with its schema). */
function streamedBodySchema(streamedBody: (() => Record<string, Record<string, unknown>>) | undefined) {
  if (!streamedBody) return undefined;
  return { content: Object.fromEntries(Object.entries(streamedBody()).map(([type, schema]) => [type, { schema }])) };
}

const withoutUndefined = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request of an internal account viewing a company (decision 0048): refused where the company's payment methods
 * are handled, and every write recorded in the company's activity log with the operator's identity before it runs.
 */
async function guardSwitchedRequest(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  definition: { url: string; refusedWhileSwitched?: boolean },
): Promise<void> {
  if (definition.refusedWhileSwitched) throw refusedWhileSwitched();
  if (READ_METHODS.has(request.method)) return;
  await ctx.tenantSwitches.recordWrite(actor, { method: request.method, route: definition.url });
}

async function authorize(ctx: AppContext, request: FastifyRequest, access: Access): Promise<Actor | null> {
  if (access === "public") return null;
  const actor = await resolveActor(ctx, request);
  if (!actor) throw unauthenticated();
  if (access === "signed-in") return actor;
  if (access === "internal") {
    if (!actor.isInternalAccount) throw forbidden();
    return actor;
  }
  if (access === "operator") {
    if (!actor.isInternalAccount) throw notFound();
    return actor;
  }
  if (!hasPermission(actor, access)) throw forbidden();
  return actor;
}

export { AppError };
