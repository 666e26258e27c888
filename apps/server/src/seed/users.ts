import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Role } from "@hearth/shared";
import type { Database } from "../db/client.js";
import { account, user } from "../db/schema.js";

export interface SeedUserInput {
  tenantId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  isInternalAccount?: boolean;
  jobTitle?: string;
}

/** Creates a verified user with an email-and-password account, the way Better Auth stores one. */
export async function createPasswordUser(db: Database, input: SeedUserInput): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db.insert(user).values({
    id,
    name: `${input.firstName} ${input.lastName}`,
    email: input.email.toLowerCase(),
    emailVerified: true,
    firstName: input.firstName,
    lastName: input.lastName,
    jobTitle: input.jobTitle ?? null,
    role: input.role,
    tenantId: input.tenantId,
    isInternalAccount: input.isInternalAccount ?? false,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(input.password),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export async function userExists(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return rows.length > 0;
}
