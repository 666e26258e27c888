import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";
import { jsonDepthWithin, MAX_JSON_DEPTH } from "./json-depth.js";

/**
 * The app's one JSON body parser (decision 0057): every JSON body, Better Auth's included (auth.routes.ts hands
 * Better Auth the body parsed here), is measured for nesting before it is parsed, and one nested deeper than
 * MAX_JSON_DEPTH is a 400 of ours instead of a stack overflow later. Parsing itself is Fastify's default parser
 * (prototype poisoning refused). A route with a parser of its own (the Stripe webhook keeps raw bytes) is unchanged.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (!jsonDepthWithin(text, MAX_JSON_DEPTH)) {
      done(
        new AppError("BAD_REQUEST", `The request body is nested too deeply (${MAX_JSON_DEPTH} levels at most).`, {
          fields: { _: `Nested more than ${MAX_JSON_DEPTH} levels` },
        }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
