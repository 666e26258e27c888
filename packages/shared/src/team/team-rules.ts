/**
 * Team membership rules (issue 14 item 7, docs/decisions/0041): who may be made what, who may be removed, which
 * licence a role takes. The page and the server call the same functions.
 */
import type { LicenceKind } from "../billing/licences.js";
import type { Role } from "../permissions.js";

/** How long an invitation link works. */
export const MEMBER_INVITATION_TTL_DAYS = 7;

export const TEAM_MESSAGES = {
  invited: "Invitation sent.",
  resent: "Invitation sent again.",
  revoked: "Invitation revoked.",
  roleChanged: "Role changed.",
  removed: "Team member removed.",
  alreadyMember: "This person is already on your team.",
  otherCompany: "This address already has a Hearth account with another company.",
  leaderStaysAdmin: "The Company Leader stays an Admin.",
  leaderCannotBeRemoved: "The Company Leader cannot be removed.",
  lastAdmin: "Your company needs at least one Admin: make someone else an Admin first.",
  notYourself: "You cannot remove yourself from your company.",
  invitationInvalid: "This invitation link is not valid. Ask your company's Admin to invite you again.",
  invitationExpired: "This invitation has expired. Ask your company's Admin to send it again.",
  invitationUsed: "This invitation has already been accepted. Sign in with your email and password.",
} as const;

/** A role in a sentence: "an Admin", "a Manager", "a Staff member". */
export function roleWithArticle(role: Role | string): string {
  if (role === "Admin") return "an Admin";
  return role === "Staff" ? "a Staff member" : `a ${role}`;
}

/** The licence a role takes (spec accounts §6): Admins an admin licence, Managers and Staff a staff licence. */
export function licenceKindForRole(role: Role): LicenceKind {
  return role === "Admin" ? "admin" : "staff";
}

export interface MemberFacts {
  role: Role | string;
  isCompanyLeader: boolean;
  isSelf: boolean;
}

/** Why a role change is refused, or null when it may go ahead. `adminCount` counts the company's Admins now. */
export function refuseRoleChange(target: MemberFacts, newRole: Role, adminCount: number): string | null {
  if (target.role === newRole) return null;
  if (target.isCompanyLeader) return TEAM_MESSAGES.leaderStaysAdmin;
  if (target.role === "Admin" && adminCount <= 1) return TEAM_MESSAGES.lastAdmin;
  return null;
}

/** Why removing a member is refused, or null when it may go ahead. */
export function refuseRemoval(target: MemberFacts, adminCount: number): string | null {
  if (target.isSelf) return TEAM_MESSAGES.notYourself;
  if (target.isCompanyLeader) return TEAM_MESSAGES.leaderCannotBeRemoved;
  if (target.role === "Admin" && adminCount <= 1) return TEAM_MESSAGES.lastAdmin;
  return null;
}

export type InvitationState = "Pending" | "Expired" | "Accepted" | "Revoked";

export function invitationState(
  invitation: { expiresAt: Date | number | string; acceptedAt?: unknown; revokedAt?: unknown },
  now = Date.now(),
): InvitationState {
  if (invitation.acceptedAt) return "Accepted";
  if (invitation.revokedAt) return "Revoked";
  return new Date(invitation.expiresAt).getTime() <= now ? "Expired" : "Pending";
}
