import type { TestProject } from "vitest/node";
import { buildServer, ensureWebBuild, startServer } from "./server";

/** One real server (compiled, as `npm start` runs it) for the whole e2e run: captcha off, demo data seeded, mail kept in /dev/mail. */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  buildServer();
  const server = await startServer();
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
  };
}
