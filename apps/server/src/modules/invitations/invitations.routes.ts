import type { FastifyInstance } from "fastify";
import {
  cohortOptionsResponseSchema,
  companyInviteesQuerySchema,
  companyInviteesResponseSchema,
  dedupeRequestSchema,
  dedupeResponseSchema,
  inviteesByCohortRequestSchema,
  inviteesByCohortResponseSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  okResponseSchema,
  pauseInviteesRequestSchema,
  pauseInviteesResponseSchema,
  surveyIdSchema,
  surveyInviteesQuerySchema,
  surveyInviteesResponseSchema,
  templateCreateSchema,
  templateDeleteSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templateRenameSchema,
  templateResponseSchema,
  templateUpdateSchema,
} from "@hearth/shared";
import { hasPermission } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { forbidden } from "../../lib/errors.js";
import { defineRoute } from "../../lib/route.js";
import {
  createEmailTemplate,
  deleteEmailTemplate,
  listEmailTemplates,
  renameEmailTemplate,
  updateEmailTemplate,
} from "./email-templates.service.js";
import {
  findDuplicateInvitees,
  inviteRecipients,
  listCompanyInvitees,
  listInviteeCohorts,
  listInviteesByCohort,
  listSurveyInvitees,
  pauseInvitees,
} from "./invitations.service.js";

const tags = ["invitations"];

export async function registerInvitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/invite",
    summary: "Invite up to 1500 recipients to a survey (send now or at a scheduled time)",
    tags,
    access: "survey-edit",
    body: inviteRequestSchema,
    response: inviteResponseSchema,
    bodyLimit: 8 * 1024 * 1024,
    handler: ({ actor, body }) => inviteRecipients(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/surveys/dedupe",
    summary: "Of the given emails, those who will not receive this survey's invitation",
    tags,
    access: "survey-edit",
    body: dedupeRequestSchema,
    response: dedupeResponseSchema,
    bodyLimit: 16 * 1024 * 1024,
    handler: ({ actor, body }) => findDuplicateInvitees(db, actor, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/pause-invitees",
    summary: "Cancel Send: cancel the scheduled emails of Pending invitees",
    tags,
    access: "survey-edit",
    body: pauseInviteesRequestSchema,
    response: pauseInviteesResponseSchema,
    bodyLimit: 8 * 1024 * 1024,
    handler: ({ actor, body }) => pauseInvitees(db, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/surveys/:id/invitees",
    summary: "The survey's invitees with their send status and whether they replied (1000 a page)",
    tags,
    access: "survey-edit",
    params: z.object({ id: surveyIdSchema }),
    query: surveyInviteesQuerySchema,
    response: surveyInviteesResponseSchema,
    handler: ({ actor, params, query }) => listSurveyInvitees(db, actor, params.id, query.page),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/invitees",
    summary: "Everyone the company invited, with the last invitation per survey",
    tags,
    access: "invitee-view",
    query: companyInviteesQuerySchema,
    response: companyInviteesResponseSchema,
    handler: ({ actor, query }) => listCompanyInvitees(db, actor, query),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/invitees/cohorts",
    summary: "Cohort fields among the company's invitees, with values and head counts (invite screen and invitees page)",
    tags,
    access: "signed-in",
    response: cohortOptionsResponseSchema,
    handler: ({ actor }) => {
      if (!hasPermission(actor, "survey-edit") && !hasPermission(actor, "invitee-view")) throw forbidden();
      return listInviteeCohorts(db, actor);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/get-invitees-by-cohort",
    summary: "Earlier invitees of a cohort (or all), 500 a page",
    tags,
    access: "survey-edit",
    body: inviteesByCohortRequestSchema,
    response: inviteesByCohortResponseSchema,
    handler: ({ actor, body }) => listInviteesByCohort(db, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/email-templates",
    summary: "Email templates: the survey's default first, then the company's own",
    tags,
    access: "survey-edit",
    query: templateListQuerySchema,
    response: templateListResponseSchema,
    handler: ({ actor, query }) => listEmailTemplates(db, actor, query.survey),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/email-template/create",
    summary: "Save an email template",
    tags,
    access: "survey-edit",
    body: templateCreateSchema,
    response: templateResponseSchema,
    handler: ({ actor, body }) => createEmailTemplate(db, actor, body),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/email-template/rename",
    summary: "Rename an email template (not the initial one)",
    tags,
    access: "survey-edit",
    body: templateRenameSchema,
    response: templateResponseSchema,
    handler: ({ actor, body }) => renameEmailTemplate(db, actor, body),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/email-template/update",
    summary: "Replace an email template's content and subject",
    tags,
    access: "survey-edit",
    body: templateUpdateSchema,
    response: templateResponseSchema,
    handler: ({ actor, body }) => updateEmailTemplate(db, actor, body),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/email-template/delete",
    summary: "Delete an email template (not the initial one)",
    tags,
    access: "survey-edit",
    body: templateDeleteSchema,
    response: okResponseSchema,
    handler: ({ actor, body }) => deleteEmailTemplate(db, actor, body),
  });
}
