/**
 * Team members (issue 14 item 7, docs/decisions/0041): an Admin invites an address with a role, within the effective
 * plan's admin and staff licences; the person accepts through the emailed link and joins this company; an Admin
 * changes roles and removes members, never the Company Leader and never the last Admin. Each action writes one
 * activity log entry; each email is queued in the transaction of the write that causes it.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  allowanceLimit,
  type InvitationAcceptInput,
  type InvitationPreview,
  invitationState,
  isStrongPassword,
  licenceKindForRole,
  MEMBER_INVITATION_TTL_DAYS,
  type MemberInvitation,
  type MemberInvitationInput,
  type MemberInvitationList,
  PASSWORD_MESSAGES,
  type Role,
  refuseRemoval,
  refuseRoleChange,
  TEAM_MESSAGES,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { countAdminLicences, countStaffLicences, lockTenantForLicences } from "../billing/licences.repo.js";
import { assertSenderVerified, takeSendingAllowance } from "../senders/senders.service.js";
import { assertLicenceAvailable } from "../billing/licences.service.js";
import { insertActivityLogs, recordActorOnActivityLogs } from "../activity-log/activity-log.repo.js";
import { findTenant } from "../company/company.repo.js";
import { renderMemberInvitationEmail } from "../email/email.templates.js";
import {
  countAdmins,
  deleteMember,
  findAnyUserByEmail,
  findInvitationByTokenHash,
  findMember,
  findOpenInvitation,
  findOpenInvitationByEmail,
  insertInvitation,
  insertPasswordUser,
  listOpenInvitations,
  lockInvitation,
  type MemberInvitationRow,
  updateInvitation,
  updateMemberRole,
} from "./team.repo.js";
import { teamMemberJoined } from "../notifications/notification-events.js";
import { notify } from "../notifications/notifications.service.js";

const DAY_MS = 24 * 3600 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** 32 random bytes as base64url: 43 characters, the link's only secret. */
const newToken = () => randomBytes(32).toString("base64url");
const expiryFrom = (now: Date) => new Date(now.getTime() + MEMBER_INVITATION_TTL_DAYS * DAY_MS);
const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function invitationLink(appUrl: string, token: string): string {
  return `${trimSlash(appUrl)}/invite/${token}`;
}

function toInvitation(row: MemberInvitationRow, now: Date, invitedBy: string | null): MemberInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    status: invitationState(row, now.getTime()) === "Expired" ? "Expired" : "Pending",
    invitedAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    sendCount: row.sendCount,
    invitedBy,
  };
}

async function readLicences(db: Database, tenantId: string, now: Date): Promise<MemberInvitationList["licences"]> {
  const [{ plan }, admin, staff] = await Promise.all([
    readEffectivePlan(db, tenantId, now),
    countAdminLicences(db, tenantId),
    countStaffLicences(db, tenantId),
  ]);
  return {
    admin: { used: admin, limit: allowanceLimit(plan, "admin") },
    staff: { used: staff, limit: allowanceLimit(plan, "staff") },
  };
}

/** `GET /api/team/invitations`: open invitations (pending or expired) and the admin and staff licences. */
export async function listMemberInvitations(ctx: AppContext, actor: Actor, now = new Date()): Promise<MemberInvitationList> {
  const { db } = ctx.database;
  const [rows, licences] = await Promise.all([listOpenInvitations(db, actor.tenantId), readLicences(db, actor.tenantId, now)]);
  return { invitations: rows.map((row) => toInvitation(row, now, null)), licences };
}

/** Checks a licence for one more of `role`, leaving `email` out of the count (it is the seat being given). */
async function assertSeatFor(db: Database, tenantId: string, role: Role, email: string): Promise<void> {
  const kind = licenceKindForRole(role);
  const used = kind === "admin" ? await countAdminLicences(db, tenantId, email) : await countStaffLicences(db, tenantId, email);
  await assertLicenceAvailable(db, tenantId, kind, { used });
}

interface QueuedEmail {
  outboxId: string;
}

async function sendInvitationEmail(
  ctx: AppContext,
  tx: Database,
  actor: Actor,
  invitation: { email: string; role: Role; expiresAt: Date },
  token: string,
): Promise<QueuedEmail> {
  const tenant = await findTenant(tx, actor.tenantId);
  const inviter = await findMember(tx, actor.tenantId, actor.userId);
  const inviterName = [inviter?.firstName, inviter?.lastName].filter(Boolean).join(" ") || actor.email;
  const email = renderMemberInvitationEmail({
    inviterName,
    companyName: tenant?.companyName?.trim() || "your company",
    role: invitation.role,
    link: invitationLink(ctx.env.APP_URL, token),
    expiresAt: invitation.expiresAt,
  });
  const outboxId = await ctx.email.queue({ ...email, to: invitation.email, kind: "member-invitation", tenantId: actor.tenantId }, tx);
  return { outboxId };
}

/**
 * `POST /api/team/invitations`: invites an address with a role. Refused for an address already on the team or with
 * an account in another company, and beyond the plan's licence for that role (the open invitation holds the seat). An
 * open invitation to the same address is replaced: a new link, the new role, a new week.
 */
export async function inviteMember(
  ctx: AppContext,
  actor: Actor,
  input: MemberInvitationInput,
  now = new Date(),
): Promise<MemberInvitation> {
  const { db } = ctx.database;
  await assertSenderVerified(db, actor);
  const existing = await findAnyUserByEmail(db, input.email);
  if (existing) {
    const message = existing.tenantId === actor.tenantId ? TEAM_MESSAGES.alreadyMember : TEAM_MESSAGES.otherCompany;
    throw new AppError("CONFLICT", message, { fields: { email: message } });
  }
  const token = newToken();
  let queued: QueuedEmail | null = null;
  const row = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await lockTenantForLicences(database, actor.tenantId);
    await assertSeatFor(database, actor.tenantId, input.role, input.email);
    await takeSendingAllowance(database, actor.tenantId, 1, now.getTime(), now.getTime());
    const expiresAt = expiryFrom(now);
    const open = await findOpenInvitationByEmail(database, actor.tenantId, input.email);
    let saved: MemberInvitationRow;
    if (open) {
      const patch = { role: input.role, tokenHash: hashToken(token), lastSentAt: now, sendCount: open.sendCount + 1, expiresAt };
      await updateInvitation(database, actor.tenantId, open.id, patch);
      saved = { ...open, ...patch };
    } else {
      saved = await insertInvitation(database, actor.tenantId, {
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedByUserId: actor.userId,
        lastSentAt: now,
        expiresAt,
        createdAt: now,
      });
    }
    queued = await sendInvitationEmail(ctx, database, actor, { email: saved.email, role: input.role, expiresAt }, token);
    await insertActivityLogs(database, actor.tenantId, actor.userId, [
      { action: "invite_member", data: { email: saved.email, role: input.role, invitationId: saved.id, timestamp: now.toISOString() } },
    ]);
    return saved;
  });
  if (queued) await ctx.email.enqueueDelivery((queued as QueuedEmail).outboxId);
  return toInvitation(row, now, null);
}

/** `POST /api/team/invitations/:id/resend`: a new link (the old one stops working) and another week. */
export async function resendMemberInvitation(ctx: AppContext, actor: Actor, id: string, now = new Date()): Promise<MemberInvitation> {
  const { db } = ctx.database;
  await assertSenderVerified(db, actor);
  const token = newToken();
  let outboxId = "";
  const row = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const open = await findOpenInvitation(database, actor.tenantId, id);
    if (!open) throw notFound("This invitation is no longer open.");
    await lockTenantForLicences(database, actor.tenantId);
    await takeSendingAllowance(database, actor.tenantId, 1, now.getTime(), now.getTime());
    // An expired invitation gave its seat back: sending it again takes one.
    if (invitationState(open, now.getTime()) === "Expired") await assertSeatFor(database, actor.tenantId, open.role as Role, open.email);
    const patch = { tokenHash: hashToken(token), lastSentAt: now, sendCount: open.sendCount + 1, expiresAt: expiryFrom(now) };
    await updateInvitation(database, actor.tenantId, open.id, patch);
    ({ outboxId } = await sendInvitationEmail(
      ctx,
      database,
      actor,
      { email: open.email, role: open.role as Role, expiresAt: patch.expiresAt },
      token,
    ));
    await insertActivityLogs(database, actor.tenantId, actor.userId, [
      { action: "resend_member_invitation", data: { email: open.email, invitationId: open.id, timestamp: now.toISOString() } },
    ]);
    return { ...open, ...patch };
  });
  await ctx.email.enqueueDelivery(outboxId);
  return toInvitation(row, now, null);
}

/** `DELETE /api/team/invitations/:id`: the link stops working and the seat is free again. */
export async function revokeMemberInvitation(ctx: AppContext, actor: Actor, id: string, now = new Date()): Promise<{ ok: true }> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const locked = await lockInvitation(database, actor.tenantId, id);
    if (!locked || locked.acceptedAt || locked.revokedAt) throw notFound("This invitation is no longer open.");
    await updateInvitation(database, actor.tenantId, id, { revokedAt: now });
    await insertActivityLogs(database, actor.tenantId, actor.userId, [
      { action: "revoke_member_invitation", data: { email: locked.email, invitationId: id, timestamp: now.toISOString() } },
    ]);
  });
  return { ok: true };
}

/** The invitation a link names, open and within its week; otherwise the refusal the page shows. */
async function findUsableInvitation(db: Database, token: string, now: Date): Promise<MemberInvitationRow> {
  const row = await findInvitationByTokenHash(db, hashToken(token));
  if (!row || row.revokedAt) throw new AppError("NOT_FOUND", TEAM_MESSAGES.invitationInvalid);
  if (row.acceptedAt) throw new AppError("CONFLICT", TEAM_MESSAGES.invitationUsed);
  if (invitationState(row, now.getTime()) === "Expired") throw new AppError("CONFLICT", TEAM_MESSAGES.invitationExpired, { status: 410 });
  return row;
}

/** `GET /api/team/invitation-links/:token` (public): what the acceptance page shows. */
export async function previewMemberInvitation(ctx: AppContext, token: string, now = new Date()): Promise<InvitationPreview> {
  const { db } = ctx.database;
  const row = await findUsableInvitation(db, token, now);
  const [tenant, inviter] = await Promise.all([
    findTenant(db, row.tenantId),
    row.invitedByUserId ? findMember(db, row.tenantId, row.invitedByUserId) : Promise.resolve(undefined),
  ]);
  return {
    companyName: tenant?.companyName?.trim() || "your company",
    email: row.email,
    role: row.role as Role,
    invitedBy: inviter ? [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.email : null,
  };
}

/**
 * `POST /api/team/invitations/accept` (public): creates the person's account in the inviting company with the role of
 * the invitation, verified (the link came to that address), in one transaction with marking the invitation used. The
 * page then signs in with the password chosen here.
 */
export async function acceptMemberInvitation(ctx: AppContext, input: InvitationAcceptInput, now = new Date()): Promise<{ email: string }> {
  if (!isStrongPassword(input.password)) {
    throw new AppError("WEAK_PASSWORD", PASSWORD_MESSAGES.weak, { fields: { password: PASSWORD_MESSAGES.weak } });
  }
  const { db } = ctx.database;
  const found = await findUsableInvitation(db, input.token, now);
  return db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const row = await lockInvitation(database, found.tenantId, found.id);
    if (!row || row.acceptedAt || row.revokedAt || row.tokenHash !== found.tokenHash) {
      throw new AppError("NOT_FOUND", TEAM_MESSAGES.invitationInvalid);
    }
    if (await findAnyUserByEmail(database, row.email)) throw new AppError("CONFLICT", TEAM_MESSAGES.invitationUsed);
    const userId = await insertPasswordUser(database, row.tenantId, {
      email: row.email,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      role: row.role as Role,
    });
    await updateInvitation(database, row.tenantId, row.id, { acceptedAt: now, acceptedUserId: userId });
    await insertActivityLogs(database, row.tenantId, userId, [
      {
        action: "accept_member_invitation",
        data: { email: row.email, role: row.role, invitationId: row.id, timestamp: now.toISOString() },
      },
    ]);
    const name = `${input.firstName} ${input.lastName}`.trim() || row.email;
    await notify(database, row.tenantId, teamMemberJoined({ userId, name, role: row.role as Role }));
    return { email: row.email };
  });
}

async function requireMember(db: Database, actor: Actor, userId: string) {
  const member = await findMember(db, actor.tenantId, userId);
  if (!member) throw notFound("This person is not on your team.");
  return member;
}

/** `PUT /api/team/members/:userId/role`: within the licence of the new role; never the Company Leader or the last Admin. */
export async function changeMemberRole(ctx: AppContext, actor: Actor, userId: string, role: Role, now = new Date()): Promise<{ ok: true }> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await lockTenantForLicences(database, actor.tenantId);
    const member = await requireMember(database, actor, userId);
    if (member.role === role) return;
    const refusal = refuseRoleChange({ ...member, isSelf: member.id === actor.userId }, role, await countAdmins(database, actor.tenantId));
    if (refusal) throw new AppError("CONFLICT", refusal);
    if (licenceKindForRole(role) !== licenceKindForRole(member.role as Role))
      await assertSeatFor(database, actor.tenantId, role, member.email);
    await updateMemberRole(database, actor.tenantId, userId, role);
    await insertActivityLogs(database, actor.tenantId, actor.userId, [
      { action: "change_member_role", data: { email: member.email, from: member.role, to: role, timestamp: now.toISOString() } },
    ]);
  });
  return { ok: true };
}

/** `DELETE /api/team/members/:userId`: their sessions end at once; never yourself, the Company Leader or the last Admin. */
export async function removeMember(ctx: AppContext, actor: Actor, userId: string, now = new Date()): Promise<{ ok: true }> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await lockTenantForLicences(database, actor.tenantId);
    const member = await requireMember(database, actor, userId);
    const refusal = refuseRemoval({ ...member, isSelf: member.id === actor.userId }, await countAdmins(database, actor.tenantId));
    if (refusal) throw new AppError("CONFLICT", refusal);
    const name = [member.firstName, member.lastName].filter(Boolean).join(" ") || null;
    await recordActorOnActivityLogs(database, actor.tenantId, userId, { name, email: member.email });
    await deleteMember(database, actor.tenantId, userId);
    await insertActivityLogs(database, actor.tenantId, actor.userId, [
      { action: "remove_member", data: { email: member.email, role: member.role, timestamp: now.toISOString() } },
    ]);
  });
  return { ok: true };
}
