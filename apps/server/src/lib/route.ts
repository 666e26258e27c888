import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { type Permission, hasPermission } from "@hearth/shared";
import { z, type ZodType } from "zod";
import type { AppContext } from "../app-context.js";
import { type Actor, resolveActor } from "./actor.js";
import { AppError, forbidden, parseInput, unauthenticated } from "./errors.js";

export type Access = "public" | "signed-in" | "internal" | Permission;

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
  status?: number;
  bodyLimit?: number;
  handler(input: RouteInput<B, Q, P>): Promise<R>;
}

const toJsonSchema = (schema: ZodType | undefined) => {
  if (!schema) return undefined;
  try {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    return jsonSchema;
  } catch {
    return undefined;
  }
};

const errorJsonSchema = toJsonSchema(
  z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }) }),
);

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
  const responseSchema = toJsonSchema(definition.response);
  app.route({
    method: definition.method,
    url: definition.url,
    bodyLimit: definition.bodyLimit,
    schema: withoutUndefined({
      summary: definition.summary,
      tags: definition.tags,
      body: toJsonSchema(definition.body),
      querystring: toJsonSchema(definition.query),
      params: toJsonSchema(definition.params),
      response: {
        ...(responseSchema ? { [status]: responseSchema } : {}),
        "4xx": errorJsonSchema,
      },
      ...(definition.access === "public" ? {} : { security: [{ session: [] }] }),
    }),
    handler: async (request, reply) => {
      const actor = await authorize(ctx, request, definition.access);
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

const withoutUndefined = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

async function authorize(ctx: AppContext, request: FastifyRequest, access: Access): Promise<Actor | null> {
  if (access === "public") return null;
  const actor = await resolveActor(ctx, request);
  if (!actor) throw unauthenticated();
  if (access === "signed-in") return actor;
  if (access === "internal") {
    if (!actor.isInternalAccount) throw forbidden();
    return actor;
  }
  if (!hasPermission(actor, access)) throw forbidden();
  return actor;
}

export { AppError };
