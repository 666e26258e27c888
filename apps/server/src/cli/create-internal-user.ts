import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { isStrongPassword, PASSWORD_MESSAGES } from "@hearth/shared";
import { randomBytes } from "node:crypto";
import { migrateDatabase, openDatabase } from "../db/client.js";
import { tenant } from "../db/schema.js";
import { loadEnv } from "../env.js";
import { insertTenant } from "../modules/company/company.repo.js";
import { createPasswordUser, userExists } from "../seed/users.js";

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
  if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
    throw new Error("Usage: npm run create-internal-user -- --email someone@example.com [--password ...]");
  }
  const generated = !values.password;
  const password = values.password ?? `${randomBytes(9).toString("base64url")}-Aa1!`;
  if (!isStrongPassword(password)) throw new Error(PASSWORD_MESSAGES.rules);
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
    if (await userExists(database.db, values.email)) throw new Error(`A user with ${values.email} already exists.`);
    const [operator] = await database.db.select().from(tenant).where(eq(tenant.isInternalAccount, true)).limit(1);
    const operatorTenant =
      operator ?? (await insertTenant(database.db, { companyName: "Hearth Operations", plan: "Premium", isInternalAccount: true }));
    await createPasswordUser(database.db, {
      tenantId: operatorTenant.id,
      email: values.email,
      password,
      firstName: values["first-name"] ?? "Internal",
      lastName: values["last-name"] ?? "Operator",
      role: "Admin",
      isInternalAccount: true,
    });
    console.log(`Created internal account ${values.email}${generated ? ` with password ${password}` : ""}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
