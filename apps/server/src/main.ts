import { setFlagsFromString } from "node:v8";
import { buildApp } from "./app.js";
import { openDatabase } from "./db/client.js";
import { loadEnv } from "./env.js";
import { seedDemoData } from "./seed/demo.js";

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 first runs each of its functions with a quick
 * baseline compiler and recompiles the ones that run a lot with its optimising compiler on background threads; by
 * default after so little work that starting the database recompiles a few hundred of them (about 0.7 s of CPU
 * competing with the start itself on a small machine). A budget ten times the default (1,800,000) leaves the start
 * alone and still optimises the functions that matter under load within the first second of it
 * (docs/decisions/0025, docs/benchmarks.md). Set before the database's module is compiled.
 */
export const WASM_TIERING_BUDGET = 20_000_000;

async function main(): Promise<void> {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
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
