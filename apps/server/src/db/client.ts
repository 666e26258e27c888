import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as coreSchema from "./schema.js";
import { createFromTemplate } from "./pglite-template.js";
import * as billingSchema from "./schema-billing.js";
import * as cartSchema from "./schema-cart.js";
import * as certificationSchema from "./schema-certifications.js";
import * as crmSchema from "./schema-crm.js";
import * as orderSchema from "./schema-orders.js";
import * as reportSchema from "./schema-reports.js";
import * as stripeSchema from "./schema-stripe.js";
import * as profileSchema from "./schema-profile.js";
import * as teamSchema from "./schema-team.js";
import * as uploadSchema from "./schema-uploads.js";
import * as dataSchema from "./schema-data.js";
import * as operatorSchema from "./schema-operator.js";
import * as tutorialSchema from "./schema-tutorials.js";
import * as sendingSchema from "./schema-sending.js";
import * as dataRequestSchema from "./schema-data-requests.js";
import * as actionPlanSchema from "./schema-action-plans.js";

const schema = {
  ...coreSchema,
  ...reportSchema,
  ...billingSchema,
  ...crmSchema,
  ...cartSchema,
  ...orderSchema,
  ...certificationSchema,
  ...stripeSchema,
  ...profileSchema,
  ...teamSchema,
  ...uploadSchema,
  ...dataSchema,
  ...operatorSchema,
  ...tutorialSchema,
  ...sendingSchema,
  ...dataRequestSchema,
  ...actionPlanSchema,
};

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL for pg-boss: on PGlite parameterless SQL must go through exec(). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  sql: SqlExecutor;
  /** Only for PostgreSQL: pg-boss opens its own pool from this. */
  connectionString?: string;
  pglite?: PGlite;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** A new embedded database's starting point, written by the server build next to the compiled server (pglite-template.ts). */
export const PGLITE_TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "pglite-template");
const MIGRATION_LOCK_ID = 72_114_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A dump of an already migrated PGlite database (tests): opens much faster than a new one. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 runs each of its functions first with a quick
 * baseline compiler and recompiles the ones that run a lot with its optimising compiler on background threads, by
 * default after so little work that opening the database recompiles hundreds of them (about 0.7 s of CPU that
 * competes with the start on a small machine). Ten times the default budget (1,800,000) leaves the start alone and
 * still optimises what runs under load within its first second (docs/decisions/0025, docs/benchmarks.md).
 */
export const WASM_TIERING_BUDGET = 20_000_000;

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  // process-wide and read when a WebAssembly module is compiled: set before PGlite compiles PostgreSQL
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  let dataDir: string | undefined;
  if (options.dataDir && options.dataDir !== "memory://") {
    dataDir = path.resolve(options.dataDir, "pglite");
    mkdirSync(path.dirname(dataDir), { recursive: true });
    if (!options.loadDataDir) createFromTemplate(dataDir, PGLITE_TEMPLATE_DIR, MIGRATIONS_FOLDER);
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    pglite,
    sql: {
      async executeSql(text, values) {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      },
    },
    close: () => pglite.close(),
  };
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", () => {
    /* idle client errors are reported by the query that meets them */
  });
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    kind: "postgres",
    db,
    connectionString,
    sql: {
      async executeSql(text, values) {
        const result = await pool.query(text, values as unknown[] | undefined);
        return { rows: result.rows };
      },
    },
    close: () => pool.end(),
  };
}

/** Applies pending migrations. On PostgreSQL an advisory lock lets several instances start at once. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = new pg.Client({ connectionString: handle.connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/** Rows of a raw `db.execute` result; both drivers return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
