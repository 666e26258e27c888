import { describe, expect, it } from "vitest";
import { invitationState, licenceKindForRole, refuseRemoval, refuseRoleChange, roleWithArticle, TEAM_MESSAGES } from "./team-rules.js";

const member = (role: string, extra: { isCompanyLeader?: boolean; isSelf?: boolean } = {}) => ({
  role,
  isCompanyLeader: extra.isCompanyLeader ?? false,
  isSelf: extra.isSelf ?? false,
});

describe("team rules", () => {
  it("keeps the Company Leader an Admin and the company with at least one Admin", () => {
    expect(refuseRoleChange(member("Admin", { isCompanyLeader: true }), "Staff", 3)).toBe(TEAM_MESSAGES.leaderStaysAdmin);
    expect(refuseRoleChange(member("Admin"), "Manager", 1)).toBe(TEAM_MESSAGES.lastAdmin);
    expect(refuseRoleChange(member("Admin"), "Manager", 2)).toBeNull();
    expect(refuseRoleChange(member("Staff"), "Admin", 1)).toBeNull();
    expect(refuseRoleChange(member("Admin", { isCompanyLeader: true }), "Admin", 1)).toBeNull();
  });

  it("never removes yourself, the Company Leader or the last Admin", () => {
    expect(refuseRemoval(member("Staff", { isSelf: true }), 2)).toBe(TEAM_MESSAGES.notYourself);
    expect(refuseRemoval(member("Admin", { isCompanyLeader: true }), 3)).toBe(TEAM_MESSAGES.leaderCannotBeRemoved);
    expect(refuseRemoval(member("Admin"), 1)).toBe(TEAM_MESSAGES.lastAdmin);
    expect(refuseRemoval(member("Admin"), 2)).toBeNull();
    expect(refuseRemoval(member("Manager"), 1)).toBeNull();
  });

  it("takes an admin licence for Admins and a staff licence for Managers and Staff", () => {
    expect(licenceKindForRole("Admin")).toBe("admin");
    expect(licenceKindForRole("Manager")).toBe("staff");
    expect(licenceKindForRole("Staff")).toBe("staff");
  });

  it("tells pending, expired, accepted and revoked invitations apart", () => {
    const now = Date.UTC(2026, 10, 24);
    expect(invitationState({ expiresAt: now + 1 }, now)).toBe("Pending");
    expect(invitationState({ expiresAt: now }, now)).toBe("Expired");
    expect(invitationState({ expiresAt: now + 1, acceptedAt: new Date(now) }, now)).toBe("Accepted");
    expect(invitationState({ expiresAt: now + 1, revokedAt: new Date(now) }, now)).toBe("Revoked");
  });

  it("puts a role in a sentence", () => {
    expect(["Admin", "Manager", "Staff"].map(roleWithArticle)).toEqual(["an Admin", "a Manager", "a Staff member"]);
  });
});
