import type { Account, AccountUpdate, PasswordChange } from "@hearth/shared";
import { APIError } from "better-auth/api";
import type { Auth } from "../../auth/auth.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, unauthenticated } from "../../lib/errors.js";
import { type UserRow, findUserInTenant, updateUserInTenant } from "./account.repo.js";

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    jobTitle: row.jobTitle,
    pendingEmail: row.pendingEmail && row.pendingEmail !== row.email ? row.pendingEmail : null,
  };
}

export async function getAccount(db: Database, actor: Actor): Promise<Account> {
  const row = await findUserInTenant(db, actor.tenantId, actor.userId);
  if (!row) throw unauthenticated();
  return toAccount(row);
}

/**
 * Updates the account. A changed email goes first (spec: "a changed email is updated first"): Better Auth
 * sends a confirmation link to the new address and the address changes once it is followed.
 */
export async function updateAccount(
  db: Database,
  auth: Auth,
  actor: Actor,
  input: AccountUpdate,
  headers: Headers,
): Promise<{ account: Account; emailChangeRequested: boolean }> {
  const current = await findUserInTenant(db, actor.tenantId, actor.userId);
  if (!current) throw unauthenticated();
  // PATCH: a field that is not sent is not changed (decision 0057); null or "" clears an optional field
  const newEmail = input.email === undefined ? null : input.email.trim().toLowerCase();
  const emailChangeRequested = newEmail !== null && newEmail !== current.email;
  if (emailChangeRequested) {
    try {
      await auth.api.changeEmail({ body: { newEmail, callbackURL: "/dashboard/settings?emailChanged=1" }, headers });
    } catch (error) {
      if (error instanceof APIError) {
        throw new AppError("VALIDATION_FAILED", "The email address could not be changed.", { fields: { email: error.message } });
      }
      throw error;
    }
  }
  const changes: Parameters<typeof updateUserInTenant>[3] = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.jobTitle !== undefined) changes.jobTitle = input.jobTitle;
  if (input.firstName !== undefined || input.lastName !== undefined) {
    const firstName = input.firstName !== undefined ? input.firstName : current.firstName;
    const lastName = input.lastName !== undefined ? input.lastName : current.lastName;
    changes.name = [firstName, lastName].filter(Boolean).join(" ") || current.name;
  }
  // sending the current address withdraws a pending change, as before; not sending it leaves the pending one
  if (newEmail !== null) changes.pendingEmail = emailChangeRequested ? newEmail : null;
  const updated =
    Object.keys(changes).length > 0
      ? await updateUserInTenant(db, actor.tenantId, actor.userId, changes)
      : await findUserInTenant(db, actor.tenantId, actor.userId);
  if (!updated) throw unauthenticated();
  return { account: toAccount(updated), emailChangeRequested };
}

/** Changes the password and signs out every other session; returns the new session's cookies. */
export async function changePassword(auth: Auth, input: PasswordChange, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) {
      const wrongPassword = /password/i.test(error.message);
      throw new AppError("VALIDATION_FAILED", "The password could not be changed.", {
        fields: { currentPassword: wrongPassword ? "The current password is not correct." : error.message },
      });
    }
    throw error;
  }
}
