import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { toErrorBody } from "./errors.js";

/** Hashed build output (apps/web/dist/assets): its name changes whenever its content does. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * Serves the built single-page app; unknown non-API paths get index.html so the client router decides. The public
 * survey link /s/{surveyId} gets survey.html instead: a separate, much smaller entry for respondents.
 *
 * The web build writes a brotli (.br) and a gzip (.gz) copy next to every compressible file (apps/web/vite.config.ts);
 * a client that accepts one gets it with `Content-Encoding` and `Vary: Accept-Encoding`, others the plain file
 * (docs/decisions/0025). Files under /assets carry a content hash in their names and are cached for a year as
 * immutable; HTML is revalidated on every load (`no-cache`), so a new deploy is picked up at once.
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
    // One wildcard route that looks the file up when asked, rather than a route per file found at start (the build
    // has hundreds, each with .br and .gz copies: globbing and registering them cost about 0.1 s of every start). A
    // path with no file falls through to the not-found handler below, as before.
    wildcard: true,
    index: false,
    preCompressed: true,
    maxAge: "1h",
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", IMMUTABLE_CACHE);
      else if (/\.html(\.br|\.gz)?$/.test(filePath)) res.header("cache-control", "no-cache");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    // A missing hashed asset (an old chunk after a deploy) is a 404, not the app's HTML served as a script.
    if (url.startsWith("/api/") || url.startsWith("/dev/") || url.startsWith("/assets/") || request.method !== "GET") {
      return reply.status(404).send(toErrorBody("NOT_FOUND", `No route for ${request.method} ${url}`));
    }
    const entry = hasSurveyEntry && url.startsWith("/s/") ? "survey.html" : "index.html";
    return reply.header("cache-control", "no-cache").sendFile(entry);
  });
  return true;
}
