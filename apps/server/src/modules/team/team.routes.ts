import type { FastifyInstance } from "fastify";
import {
  invitationAcceptInputSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  memberInvitationInputSchema,
  memberInvitationListSchema,
  memberInvitationSchema,
  roleChangeInputSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { defineRoute } from "../../lib/route.js";
import {
  acceptMemberInvitation,
  changeMemberRole,
  inviteMember,
  listMemberInvitations,
  previewMemberInvitation,
  removeMember,
  resendMemberInvitation,
  revokeMemberInvitation,
} from "./team.service.js";

/** Reads and acceptances of invitation links per address and minute: a person needs a handful; guessing needs far more. */
const INVITATION_LINK_PER_MINUTE = 30;

const invitationParamsSchema = z.object({ id: z.uuid("Not an invitation id") });
const memberParamsSchema = z.object({ userId: z.string().min(1).max(100) });
const okSchema = z.object({ ok: z.literal(true) });

/** Team members and their invitations (docs/decisions/0041): Admins manage; the invited person accepts by link. */
export async function registerTeamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const linkLimiter = new MemoryRateLimiter(INVITATION_LINK_PER_MINUTE, 60_000);

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/team/invitations",
    summary: "The company's open invitations (pending or expired) and its admin and staff licences",
    tags: ["team"],
    access: "team-manage",
    response: memberInvitationListSchema,
    handler: ({ actor }) => listMemberInvitations(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/team/invitations",
    summary: "Invite an address to the team with a role (Admin, Manager or Staff), within the plan's licences; emails the link",
    tags: ["team"],
    access: "team-manage",
    status: 201,
    body: memberInvitationInputSchema,
    response: memberInvitationSchema,
    handler: ({ actor, body }) => inviteMember(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/team/invitations/:id/resend",
    summary: "Send an invitation again: a new link (the old one stops working) valid for another week",
    tags: ["team"],
    access: "team-manage",
    params: invitationParamsSchema,
    response: memberInvitationSchema,
    handler: ({ actor, params }) => resendMemberInvitation(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/team/invitations/:id",
    summary: "Revoke an invitation: its link stops working and its licence is free again",
    tags: ["team"],
    access: "team-manage",
    params: invitationParamsSchema,
    response: okSchema,
    handler: ({ actor, params }) => revokeMemberInvitation(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/team/invitation-links/:token",
    summary: "What an invitation link offers (company, address, role), for the acceptance page; public, rate limited",
    tags: ["team"],
    access: "public",
    params: z.object({ token: invitationTokenSchema }),
    response: invitationPreviewSchema,
    handler: ({ params, request }) => {
      linkLimiter.enforce(request.ip);
      return previewMemberInvitation(ctx, params.token);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/team/invitations/accept",
    summary: "Accept an invitation: creates the person's account in the inviting company with the invited role; public, rate limited",
    tags: ["team"],
    access: "public",
    body: invitationAcceptInputSchema,
    response: z.object({ email: z.string() }),
    handler: ({ body, request }) => {
      linkLimiter.enforce(request.ip);
      return acceptMemberInvitation(ctx, body);
    },
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/team/members/:userId/role",
    summary: "Change a member's role within the plan's licences; never the Company Leader's or the last Admin's",
    tags: ["team"],
    access: "team-manage",
    params: memberParamsSchema,
    body: roleChangeInputSchema,
    response: okSchema,
    handler: ({ actor, params, body }) => changeMemberRole(ctx, actor, params.userId, body.role),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/team/members/:userId",
    summary: "Remove a member from the company: their sessions end at once; never yourself, the Company Leader or the last Admin",
    tags: ["team"],
    access: "team-manage",
    params: memberParamsSchema,
    response: okSchema,
    handler: ({ actor, params }) => removeMember(ctx, actor, params.userId),
  });
}
