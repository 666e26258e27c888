import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { user } from "../../db/schema.js";

export type UserRow = typeof user.$inferSelect;

export async function findUserInTenant(db: Database, tenantId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId)));
  return row;
}

export async function updateUserInTenant(
  db: Database,
  tenantId: string,
  userId: string,
  changes: Partial<Pick<UserRow, "firstName" | "lastName" | "phone" | "jobTitle" | "name" | "pendingEmail">>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(user)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId)))
    .returning();
  return row;
}
