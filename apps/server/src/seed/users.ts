import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";
import { insertPasswordUser, type NewPasswordUser } from "../modules/team/team.repo.js";

export interface SeedUserInput extends NewPasswordUser {
  tenantId: string;
}

/** Creates a verified user with an email-and-password account, the way Better Auth stores one. */
export async function createPasswordUser(db: Database, input: SeedUserInput): Promise<string> {
  const { tenantId, ...rest } = input;
  return insertPasswordUser(db, tenantId, rest);
}

export async function userExists(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return rows.length > 0;
}
