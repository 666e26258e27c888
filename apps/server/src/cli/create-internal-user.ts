import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { migrateDatabase, openDatabase } from "../db/client.js";
import { loadEnv } from "../env.js";
import { AppError } from "../lib/errors.js";
import { createInternalUser } from "../modules/internal/internal-users.service.js";

/** npm run create-internal-user -- --email ops@example.com [--password …] [--first-name …] [--last-name …] */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string", default: "Internal" },
      "last-name": { type: "string", default: "Operator" },
    },
  });
  if (!values.email) throw new Error("Usage: npm run create-internal-user -- --email someone@example.com [--password ...]");
  const generated = !values.password;
  const password = values.password ?? `${randomBytes(9).toString("base64url")}-Aa1!`;
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
    await createInternalUser(database.db, {
      email: values.email,
      password,
      firstName: values["first-name"] ?? "Internal",
      lastName: values["last-name"] ?? "Operator",
    });
    console.log(`Created internal account ${values.email}${generated ? ` with password ${password}` : ""}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof AppError ? error.userMessage : error instanceof Error ? error.message : error);
  process.exit(1);
});
