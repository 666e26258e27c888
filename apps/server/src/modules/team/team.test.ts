/**
 * Team members (issue 14 item 7, docs/decisions/0041): invitations within the plan's licences, acceptance into the
 * inviting company, role changes and removal with their guards, permissions, tenant isolation and one activity log
 * entry per action.
 */
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { and, desc, eq } from "drizzle-orm";
import { TEAM_MESSAGES } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, emailOutbox, user } from "../../db/schema.js";
import { memberInvitation } from "../../db/schema-team.js";
import {
  addMember,
  call,
  createTestApp,
  registerCompany,
  type Session,
  STRONG_PASSWORD,
  signIn,
  type TestApp,
  uniqueEmail,
} from "../../test/harness.js";
import { verifyAddress } from "../../test/senders.js";
import { insertDeal } from "../billing/billing.repo.js";

describe("team members and invitations", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let manager: Session;
  let staff: Session;
  const db = () => testApp.ctx.database.db;
  const invite = (cookie: string, email: string, role = "Staff") =>
    call(testApp.app, "POST", "/api/team/invitations", { cookie, body: { email, role } });
  const logs = async (tenantId: string, action: string) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.action, action)));
  /** The token of the newest invitation email to an address, read from its link. */
  const tokenFor = async (email: string) => {
    const [message] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));
    return (message?.text.match(/\/invite\/([A-Za-z0-9_-]{43})/) ?? [])[1] as string;
  };
  const accept = (token: string, password = STRONG_PASSWORD) =>
    call(testApp.app, "POST", "/api/team/invitations/accept", { body: { token, firstName: "Nia", lastName: "New", password } });
  const bronze = async (tenantId: string) =>
    insertDeal(db(), tenantId, {
      plan: "Bronze",
      dealId: null,
      isActive: true,
      activatedDate: new Date(Date.now() - 1000),
      expiryDate: null,
      forceActivate: true,
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Team Hearth" });
    other = await registerCompany(testApp.app, { companyName: "Other Team" });
    await bronze(owner.tenantId);
    await verifyAddress(testApp, owner);
    await verifyAddress(testApp, other);
    manager = await addMember(testApp, owner.tenantId, "Manager");
    staff = await addMember(testApp, owner.tenantId, "Staff");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("answers 401 signed out and 403 to Managers and Staff on every management route", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const routes = [
      ["GET", "/api/team/invitations", undefined],
      ["POST", "/api/team/invitations", { email: "x@example.com", role: "Staff" }],
      ["POST", `/api/team/invitations/${id}/resend`, undefined],
      ["DELETE", `/api/team/invitations/${id}`, undefined],
      ["PUT", `/api/team/members/${staff.userId}/role`, { role: "Manager" }],
      ["DELETE", `/api/team/members/${staff.userId}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(testApp.app, method, url, { body })).statusCode, url).toBe(401);
      for (const session of [manager, staff]) {
        expect((await call(testApp.app, method, url, { cookie: session.cookie, body })).statusCode, `${url} as ${session.email}`).toBe(403);
      }
    }
  });

  it("refuses bad input with a field-level reason and changes nothing", async () => {
    const bad = await invite(owner.cookie, "not an email");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe("Enter a valid email address");
    expect((await invite(owner.cookie, uniqueEmail("x"), "Owner")).json().error.fields.role).toBe("Choose Admin, Manager or Staff");
    expect((await call(testApp.app, "POST", "/api/team/invitations/not-a-uuid/resend", { cookie: owner.cookie })).statusCode).toBe(400);
    expect((await call(testApp.app, "GET", "/api/team/invitation-links/short")).statusCode).toBe(400);
    const nul = await invite(owner.cookie, "a\u0000b@example.com");
    expect(nul.statusCode).toBe(400);
    expect(await db().select().from(memberInvitation).where(eq(memberInvitation.tenantId, owner.tenantId))).toHaveLength(0);
  });

  it("invites, emails a link that shows the company, and accepts into this company with the invited role", async () => {
    const email = uniqueEmail("nia");
    const response = await invite(owner.cookie, email.toUpperCase());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email, role: "Staff", status: "Pending", sendCount: 1 });
    const listed = (await call(testApp.app, "GET", "/api/team/invitations", { cookie: owner.cookie })).json();
    expect(listed.invitations.map((one: { email: string }) => one.email)).toContain(email);
    // the open invitation holds a staff licence: the manager, the staff member and the invited address
    expect(listed.licences.staff).toEqual({ used: 3, limit: 15 });
    const token = await tokenFor(email);
    expect(token).toHaveLength(43);
    const preview = await call(testApp.app, "GET", `/api/team/invitation-links/${token}`);
    expect(preview.json()).toEqual({ companyName: "Team Hearth", email, role: "Staff", invitedBy: "Olive Owner" });
    const weak = await accept(token, "short");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBeTruthy();
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ email });
    const cookie = await signIn(testApp.app, email);
    const me = (await call(testApp.app, "GET", "/api/me", { cookie })).json();
    expect(me.tenant.id).toBe(owner.tenantId);
    expect(me.user.role).toBe("Staff");
    // used once
    const again = await accept(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(TEAM_MESSAGES.invitationUsed);
    expect(await logs(owner.tenantId, "invite_member")).toHaveLength(1);
    expect(await logs(owner.tenantId, "accept_member_invitation")).toHaveLength(1);
    // now a member: inviting the address again is refused, as is an address of another company
    expect((await invite(owner.cookie, email)).json().error.message).toBe(TEAM_MESSAGES.alreadyMember);
    const elsewhere = await invite(owner.cookie, other.email);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.message).toBe(TEAM_MESSAGES.otherCompany);
  });

  it("resends with a new link (the old one stops working), revokes, and refuses expired links", async () => {
    const email = uniqueEmail("ola");
    const { id } = (await invite(owner.cookie, email, "Manager")).json();
    const first = await tokenFor(email);
    const resent = await call(testApp.app, "POST", `/api/team/invitations/${id}/resend`, { cookie: owner.cookie });
    expect(resent.json()).toMatchObject({ sendCount: 2, status: "Pending" });
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect((await call(testApp.app, "GET", `/api/team/invitation-links/${first}`)).json().error.message).toBe(
      TEAM_MESSAGES.invitationInvalid,
    );
    await db()
      .update(memberInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberInvitation.id, id));
    const expired = await accept(second);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(TEAM_MESSAGES.invitationExpired);
    const listed = (await call(testApp.app, "GET", "/api/team/invitations", { cookie: owner.cookie })).json();
    expect(listed.invitations.find((one: { id: string }) => one.id === id).status).toBe("Expired");
    // another company can neither resend nor revoke it
    expect((await call(testApp.app, "POST", `/api/team/invitations/${id}/resend`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await call(testApp.app, "DELETE", `/api/team/invitations/${id}`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await call(testApp.app, "DELETE", `/api/team/invitations/${id}`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await call(testApp.app, "DELETE", `/api/team/invitations/${id}`, { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await accept(second)).statusCode).toBe(404);
    expect(await logs(owner.tenantId, "revoke_member_invitation")).toHaveLength(1);
  });

  it("refuses the invitation past the plan's staff licence, and an Admin past the admin licence", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Licence Hearth" });
    await verifyAddress(testApp, company);
    // Free: one admin licence (the Company Leader), no staff licence
    const staffRefused = await invite(company.cookie, uniqueEmail("s"));
    expect(staffRefused.statusCode).toBe(403);
    expect(staffRefused.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");
    expect((await invite(company.cookie, uniqueEmail("a"), "Admin")).statusCode).toBe(403);
    await bronze(company.tenantId);
    for (let index = 0; index < 15; index += 1) expect((await invite(company.cookie, uniqueEmail(`s${index}`))).statusCode).toBe(201);
    const sixteenth = await invite(company.cookie, uniqueEmail("s15"));
    expect(sixteenth.statusCode).toBe(403);
    expect(sixteenth.json().error.fields.licence).toBe("staff");
  });

  it("changes roles within the guards: the Company Leader stays Admin, the last Admin stays, another company's member is not found", async () => {
    const leader = await call(testApp.app, "PUT", `/api/team/members/${owner.userId}/role`, {
      cookie: owner.cookie,
      body: { role: "Staff" },
    });
    expect(leader.statusCode).toBe(409);
    expect(leader.json().error.message).toBe(TEAM_MESSAGES.leaderStaysAdmin);
    const promoted = await call(testApp.app, "PUT", `/api/team/members/${staff.userId}/role`, {
      cookie: owner.cookie,
      body: { role: "Manager" },
    });
    expect(promoted.statusCode).toBe(200);
    const [row] = await db().select({ role: user.role }).from(user).where(eq(user.id, staff.userId));
    expect(row.role).toBe("Manager");
    expect(await logs(owner.tenantId, "change_member_role")).toHaveLength(1);
    // the same role again changes and logs nothing
    await call(testApp.app, "PUT", `/api/team/members/${staff.userId}/role`, { cookie: owner.cookie, body: { role: "Manager" } });
    expect(await logs(owner.tenantId, "change_member_role")).toHaveLength(1);
    expect(
      (await call(testApp.app, "PUT", `/api/team/members/${staff.userId}/role`, { cookie: other.cookie, body: { role: "Staff" } }))
        .statusCode,
    ).toBe(404);
    expect((await call(testApp.app, "DELETE", `/api/team/members/${staff.userId}`, { cookie: other.cookie })).statusCode).toBe(404);
  });

  it("removes a member and ends their sessions; never yourself or the Company Leader", async () => {
    const self = await call(testApp.app, "DELETE", `/api/team/members/${owner.userId}`, { cookie: owner.cookie });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(TEAM_MESSAGES.notYourself);
    const admin = await addMember(testApp, owner.tenantId, "Admin");
    const leader = await call(testApp.app, "DELETE", `/api/team/members/${owner.userId}`, { cookie: admin.cookie });
    expect(leader.json().error.message).toBe(TEAM_MESSAGES.leaderCannotBeRemoved);
    expect((await call(testApp.app, "GET", "/api/me", { cookie: manager.cookie })).statusCode).toBe(200);
    // Something the manager did, and something a job did: the log names both after the removal (issue 25 item 5).
    await insertActivityLogs(db(), owner.tenantId, manager.userId, [{ action: "download_certification", data: {} }]);
    await insertActivityLogs(db(), owner.tenantId, null, [{ action: "deal_recorded", data: {} }]);
    const removed = await call(testApp.app, "DELETE", `/api/team/members/${manager.userId}`, { cookie: admin.cookie });
    expect(removed.statusCode).toBe(200);
    expect((await call(testApp.app, "GET", "/api/me", { cookie: manager.cookie })).statusCode).toBe(401);
    expect((await call(testApp.app, "DELETE", `/api/team/members/${manager.userId}`, { cookie: admin.cookie })).statusCode).toBe(404);
    expect(await logs(owner.tenantId, "remove_member")).toHaveLength(1);
    const log = (await call(testApp.app, "GET", "/api/activity-log", { cookie: owner.cookie })).json();
    const who = (action: string) => log.entries.find((entry: { action: string }) => entry.action === action)?.who;
    expect(who("download_certification")).toContain(`${manager.email}, removed)`);
    expect(who("deal_recorded")).toBe("System");
    expect(log.entries.map((entry: { who: string }) => entry.who)).not.toContain("Unknown");
  });
});
