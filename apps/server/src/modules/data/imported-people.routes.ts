import { cohortOptionsResponseSchema, inviteesByCohortRequestSchema, inviteesByCohortResponseSchema } from "@hearth/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { listImportedCohorts, listImportedPeople } from "./imported-people.service.js";

/** Imported people for the invite screen (decision 0045): whoever may send invitations (survey-edit). */
export async function registerImportedPeopleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/data/people/cohorts",
    summary: "The cohort fields of the company's imported people, with their values and head counts",
    tags: ["data"],
    access: "survey-edit",
    response: cohortOptionsResponseSchema,
    handler: ({ actor }) => listImportedCohorts(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/data/people",
    summary: "Imported people (everyone, or one cohort), 500 a page, as invitation recipients with their cohort fields",
    tags: ["data"],
    access: "survey-edit",
    body: inviteesByCohortRequestSchema,
    response: inviteesByCohortResponseSchema,
    handler: ({ actor, body }) => listImportedPeople(ctx, actor, body),
  });
}
