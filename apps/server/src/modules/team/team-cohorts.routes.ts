import type { FastifyInstance } from "fastify";
import {
  assignedCohortsResponseSchema,
  getAssignedCohortsSchema,
  postAssignedCohortsPreRegistrationSchema,
  postAssignedCohortsSchema,
  surveyCohortOptionsResponseSchema,
  teamMembersResponseSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import {
  getAssignedCohorts,
  getSurveyCohortOptions,
  listTeamMembers,
  postAssignedCohorts,
  postAssignedCohortsPreRegistration,
} from "./team-cohorts.service.js";

const surveyParams = z.object({ surveyId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown survey id") });

/** The team's members and the cohorts assigned to each per survey (spec screen 11, §7 /api/teams/*). */
export async function registerTeamCohortRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/teams/members",
    summary: "The company's team members, addresses with cohorts assigned before sign-up, and the surveys cohorts can be assigned in",
    tags: ["team"],
    access: "team-view",
    response: teamMembersResponseSchema,
    handler: ({ actor }) => listTeamMembers(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/teams/surveys/:surveyId/cohorts",
    summary: "The cohorts of a survey a member can be assigned: the values of its cohort questions",
    tags: ["team"],
    access: "team-manage",
    params: surveyParams,
    response: surveyCohortOptionsResponseSchema,
    handler: ({ actor, params }) => getSurveyCohortOptions(ctx, actor, params.surveyId),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/teams/members/getAssignedCohorts",
    summary: "A team member's assigned cohorts for one survey (by user id, or by email for someone not signed up yet)",
    tags: ["team"],
    access: "team-manage",
    body: getAssignedCohortsSchema,
    response: assignedCohortsResponseSchema,
    handler: ({ actor, body }) => getAssignedCohorts(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/teams/members/postAssignedCohorts",
    summary: "Replaces a team member's assigned cohorts for one survey (at least one; values of the survey's cohort questions)",
    tags: ["team"],
    access: "team-manage",
    body: postAssignedCohortsSchema,
    response: assignedCohortsResponseSchema,
    handler: ({ actor, body }) => postAssignedCohorts(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/teams/members/postAssignedCohortsPreRegistration",
    summary: "Assigns cohorts to an email address without an account yet; they apply once that person signs up in this company",
    tags: ["team"],
    access: "team-manage",
    body: postAssignedCohortsPreRegistrationSchema,
    response: assignedCohortsResponseSchema,
    handler: ({ actor, body }) => postAssignedCohortsPreRegistration(ctx, actor, body),
  });
}
