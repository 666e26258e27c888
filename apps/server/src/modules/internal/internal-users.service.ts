import { eq } from "drizzle-orm";
import { PASSWORD_MESSAGES, isStrongPassword } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { tenant } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";
import { createPasswordUser, userExists } from "../../seed/users.js";
import { insertTenant } from "../company/company.repo.js";

export const OPERATOR_COMPANY_NAME = "Hearth Operations";

/** The platform operator's own company, created on first need; internal accounts belong to it. */
export async function ensureOperatorTenant(db: Database): Promise<string> {
  const [existing] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.isInternalAccount, true)).limit(1);
  if (existing) return existing.id;
  const created = await insertTenant(db, { companyName: OPERATOR_COMPANY_NAME, plan: "Premium", isInternalAccount: true });
  return created.id;
}

/** Creates an internal account (always permitted everywhere). Only this command creates one; sign-up never does. */
export async function createInternalUser(
  db: Database,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.email)) {
    throw new AppError("VALIDATION_FAILED", "Enter a valid email address.", { fields: { email: "Enter a valid email address." } });
  }
  if (!isStrongPassword(input.password)) {
    throw new AppError("WEAK_PASSWORD", PASSWORD_MESSAGES.rules, { fields: { password: PASSWORD_MESSAGES.weak } });
  }
  if (await userExists(db, input.email)) {
    throw new AppError("CONFLICT", `A user with ${input.email} already exists.`, { fields: { email: "Already registered." } });
  }
  return createPasswordUser(db, {
    tenantId: await ensureOperatorTenant(db),
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    role: "Admin",
    isInternalAccount: true,
  });
}
