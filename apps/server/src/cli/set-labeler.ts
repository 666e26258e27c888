import { parseArgs } from "node:util";
import { migrateDatabase, openDatabase } from "../db/client.js";
import { loadEnv } from "../env.js";
import { setLabelerByEmail } from "../modules/labelling/labelling.repo.js";

/** npm run set-labeler -- --email someone@example.com [--off]: makes an existing user a labeler, or no longer one. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: "string" }, off: { type: "boolean", default: false } } });
  if (!values.email) throw new Error("Usage: npm run set-labeler -- --email someone@example.com [--off]");
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
    const labeler = !values.off;
    if (!(await setLabelerByEmail(database.db, values.email, labeler))) throw new Error(`Nobody has signed up with ${values.email}.`);
    console.log(labeler ? `${values.email} is a labeler.` : `${values.email} is no longer a labeler.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
