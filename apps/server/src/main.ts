import { buildApp } from "./app.js";
import { openDatabase } from "./db/client.js";
import { loadEnv } from "./env.js";
import { seedDemoData } from "./seed/demo.js";

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const { app, shutdown } = await buildApp({ env, database });
  if (env.SEED_DEMO && !env.isProduction) {
    if (await seedDemoData(database.db)) app.log.info("seeded the demo company (admin@demo.hearth.test)");
  }
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
  // The socket address (e.g. http://127.0.0.1:3000) is not where to open the app: sign-in only works from APP_URL's origin.
  await app.listen({
    port: env.PORT,
    host: env.HOST,
    listenTextResolver: (address) => `Server listening at ${address}; open Hearth at ${env.APP_URL}`,
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
