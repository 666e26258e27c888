/**
 * Imported people as invitation recipients (issue 14 item 4, decision 0045): the invite screen's "Imported
 * Employees" tab lists them, everyone or one cohort, as recipients that take their cohort fields from the import
 * (`usePreviousMeta`), so their answers count in those cohorts without anyone's name reaching the response.
 */
import {
  COHORT_INVITEE_PAGE_SIZE,
  COHORT_KEYS,
  type CohortKey,
  type CohortOptionsResponse,
  cohortFieldsFromAttributes,
  groupCohortValues,
  type InviteesByCohortResponse,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { countImportedCohortValues, pageImportedPeople } from "./imported-people.repo.js";

/** `GET /api/data/people/cohorts`: the cohort fields imported people carry, with their values and head counts. */
export async function listImportedCohorts(ctx: AppContext, actor: Actor): Promise<CohortOptionsResponse> {
  const rows = await countImportedCohortValues(ctx.database.db, actor.tenantId, COHORT_KEYS);
  return { cohorts: groupCohortValues(rows) };
}

/** `POST /api/data/people`: imported people (everyone, or one cohort), 500 a page, as recipients with their cohort fields. */
export async function listImportedPeople(
  ctx: AppContext,
  actor: Actor,
  input: { page: number; cohortFilter?: { key: CohortKey; value: string } },
): Promise<InviteesByCohortResponse> {
  const { rows, total } = await pageImportedPeople(
    ctx.database.db,
    actor.tenantId,
    input.cohortFilter ?? null,
    input.page,
    COHORT_INVITEE_PAGE_SIZE,
  );
  const invitees = rows.map((row) => ({
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    meta: cohortFieldsFromAttributes(row.attributes ?? {}) as Record<string, string>,
  }));
  return {
    invitees,
    maxPages: Math.max(1, Math.ceil(total / COHORT_INVITEE_PAGE_SIZE)),
    hasFirstName: invitees.some((row) => Boolean(row.firstName)),
    hasLastName: invitees.some((row) => Boolean(row.lastName)),
    totalInvitees: total,
  };
}
