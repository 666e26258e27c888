/**
 * Team members and their invitations (docs/decisions/0041). Every function takes the tenant id but two: finding an
 * invitation by its token (the token is how a signed-out person names it; the row then gives the tenant) and finding
 * any user by email (an address belongs to one company across Hearth, so inviting it must see all of them).
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Role } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { account, session, tenant, user } from "../../db/schema.js";
import { memberInvitation } from "../../db/schema-team.js";

export type MemberInvitationRow = typeof memberInvitation.$inferSelect;

export interface MemberRow {
  id: string;
  email: string;
  role: string;
  firstName: string | null;
  lastName: string | null;
  isCompanyLeader: boolean;
}

export async function findMember(db: Database, tenantId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      ownerUserId: tenant.ownerUserId,
    })
    .from(user)
    .innerJoin(tenant, eq(tenant.id, user.tenantId))
    .where(and(eq(user.tenantId, tenantId), eq(user.id, userId), eq(user.isInternalAccount, false)));
  return row && { ...row, isCompanyLeader: row.id === row.ownerUserId };
}

/** The company's Admins (its Company Leader counts as one whatever the role column says). */
export async function countAdmins(db: Database, tenantId: string): Promise<number> {
  const rows = await db
    .select({ id: user.id, role: user.role, ownerUserId: tenant.ownerUserId })
    .from(user)
    .innerJoin(tenant, eq(tenant.id, user.tenantId))
    .where(and(eq(user.tenantId, tenantId), eq(user.isInternalAccount, false)));
  return rows.filter((row) => row.role === "Admin" || row.id === row.ownerUserId).length;
}

export async function updateMemberRole(db: Database, tenantId: string, userId: string, role: Role): Promise<void> {
  await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(user.tenantId, tenantId), eq(user.id, userId)));
}

/** Removes a member: their sessions end at once, their account goes (the rows that name them keep no link to them). */
export async function deleteMember(db: Database, tenantId: string, userId: string): Promise<void> {
  const [member] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.id, userId)));
  if (!member) return;
  await db.delete(session).where(eq(session.userId, member.id));
  await db.delete(user).where(and(eq(user.tenantId, tenantId), eq(user.id, member.id)));
}

/** Any Hearth user with this address, in any company. */
export async function findAnyUserByEmail(db: Database, email: string): Promise<{ id: string; tenantId: string | null } | undefined> {
  const [row] = await db.select({ id: user.id, tenantId: user.tenantId }).from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

export interface NewPasswordUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  isInternalAccount?: boolean;
  jobTitle?: string | null;
}

/** Creates a verified user of the company with an email-and-password account, the way Better Auth stores one. */
export async function insertPasswordUser(db: Database, tenantId: string, input: NewPasswordUser): Promise<string> {
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
    tenantId,
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

const open = (tenantId: string) =>
  and(eq(memberInvitation.tenantId, tenantId), isNull(memberInvitation.acceptedAt), isNull(memberInvitation.revokedAt));

export async function insertInvitation(
  db: Database,
  tenantId: string,
  row: Omit<typeof memberInvitation.$inferInsert, "id" | "tenantId">,
): Promise<MemberInvitationRow> {
  const [created] = await db
    .insert(memberInvitation)
    .values({ ...row, tenantId })
    .returning();
  return created;
}

/** The company's invitations not accepted and not revoked (expired ones included), oldest first. */
export async function listOpenInvitations(db: Database, tenantId: string): Promise<MemberInvitationRow[]> {
  return db.select().from(memberInvitation).where(open(tenantId)).orderBy(asc(memberInvitation.createdAt));
}

export async function findOpenInvitation(db: Database, tenantId: string, id: string): Promise<MemberInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(memberInvitation)
    .where(and(open(tenantId), eq(memberInvitation.id, id)));
  return row;
}

export async function findOpenInvitationByEmail(db: Database, tenantId: string, email: string): Promise<MemberInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(memberInvitation)
    .where(and(open(tenantId), eq(memberInvitation.email, email.toLowerCase())));
  return row;
}

export async function updateInvitation(
  db: Database,
  tenantId: string,
  id: string,
  patch: Partial<
    Pick<
      MemberInvitationRow,
      "role" | "tokenHash" | "lastSentAt" | "sendCount" | "expiresAt" | "acceptedAt" | "acceptedUserId" | "revokedAt"
    >
  >,
): Promise<void> {
  await db
    .update(memberInvitation)
    .set(patch)
    .where(and(eq(memberInvitation.tenantId, tenantId), eq(memberInvitation.id, id)));
}

/** The invitation a link's token names, whatever its state (the caller tells expired, used and revoked apart). */
export async function findInvitationByTokenHash(db: Database, tokenHash: string): Promise<MemberInvitationRow | undefined> {
  const [row] = await db.select().from(memberInvitation).where(eq(memberInvitation.tokenHash, tokenHash));
  return row;
}

/** The invitation row, locked for the rest of the transaction (acceptance and revocation cannot cross). */
export async function lockInvitation(db: Database, tenantId: string, id: string): Promise<MemberInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(memberInvitation)
    .where(and(eq(memberInvitation.tenantId, tenantId), eq(memberInvitation.id, id)))
    .for("update");
  return row;
}
