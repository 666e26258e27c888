import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { toErrorBody } from "./errors.js";

/**
 * Serves the built single-page app; unknown non-API paths get index.html so the client router decides. The public
 * survey link /s/{surveyId} gets survey.html instead: a separate, much smaller entry for respondents.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<boolean> {
  const indexFile = distDir ? path.join(distDir, "index.html") : null;
  const hasSurveyEntry = distDir ? existsSync(path.join(distDir, "survey.html")) : false;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(toErrorBody("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`));
    });
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    maxAge: "1h",
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    if (url.startsWith("/api/") || url.startsWith("/dev/") || request.method !== "GET") {
      return reply.status(404).send(toErrorBody("NOT_FOUND", `No route for ${request.method} ${url}`));
    }
    const entry = hasSurveyEntry && url.startsWith("/s/") ? "survey.html" : "index.html";
    return reply.header("cache-control", "no-cache").sendFile(entry);
  });
  return true;
}
