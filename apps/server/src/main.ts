import { buildApp } from "./app.js";
import { openDatabase } from "./db/client.js";
import { loadEnv } from "./env.js";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData } from "./seed/demo.js";

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const { app, shutdown } = await buildApp({ env, database });
  const demo = env.SEED_DEMO && !env.isProduction;
  if (demo && (await seedDemoData(database.db))) app.log.info("seeded the demo company");
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing requests and jobs");
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    try {
      await shutdown();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // Fastify logs one line per interface it listens on (0.0.0.0 is every one of them); one line says where to go
  // instead: APP_URL, since sign-in works only from its origin (issue 25 item 10).
  const level = app.log.level;
  app.log.level = "warn";
  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } finally {
    app.log.level = level;
  }
  const port = app.server.address();
  const socket = typeof port === "object" && port ? `${env.HOST}:${port.port}` : env.HOST;
  app.log.info(`Hearth is ready (listening on ${socket}): open Hearth at ${env.APP_URL}`);
  if (demo) app.log.info(`Demo company: sign in as ${DEMO_ADMIN_EMAIL} with the password ${DEMO_PASSWORD}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
