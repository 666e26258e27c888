/**
 * Team members and their assigned cohorts (spec: User.assignedCohorts, screen 11 and §7).
 * A member's cohorts for a survey are kept by email, with the user id once they have an account, so an administrator
 * can assign cohorts before someone signs up and they apply from their first sign-in.
 */
import {
  type AssignedCohortsResponse,
  type CohortOption,
  cohortDimensionsFromFields,
  type SurveyCohortOptionsResponse,
  type SurveyField,
  type TeamMembersResponse,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../lib/errors.js";
import { lockTenantForLicences } from "../billing/licences.repo.js";
import { assertCohortLicences, assertStaffSeatFor } from "../billing/licences.service.js";
import { findAssignedCohorts, findSurveyFieldsById } from "../comments/comments.repo.js";
import { cohortLabel } from "../comments/comments.service.js";
import { findTenant } from "../company/company.repo.js";
import {
  findMember,
  findMemberByEmail,
  listMembers,
  listPendingAssignees,
  listReportableSurveys,
  saveAssignedCohorts,
} from "./team-cohorts.repo.js";

/** A survey's questions, or 404 for a survey the company does not have. */
export async function surveyFieldsOf(ctx: AppContext, actor: Actor, surveyId: string): Promise<SurveyField[]> {
  const row = await findSurveyFieldsById(ctx.database.db, actor.tenantId, surveyId);
  if (!row) throw notFound("This survey does not exist.");
  return (row.fields ?? []) as SurveyField[];
}

/** Every cohort a member may be assigned in a survey: the values of its filter questions ("Prefer not to say" left out). */
export function cohortOptionsOf(fields: readonly SurveyField[]): CohortOption[] {
  return cohortDimensionsFromFields(fields).flatMap((dimension) =>
    dimension.values.map((value) => ({ key: dimension.key, value, label: cohortLabel(fields, dimension.key, value) })),
  );
}

export async function getSurveyCohortOptions(ctx: AppContext, actor: Actor, surveyId: string): Promise<SurveyCohortOptionsResponse> {
  return { surveyId, cohorts: cohortOptionsOf(await surveyFieldsOf(ctx, actor, surveyId)) };
}

/** Checks each cohort against the survey's filter questions and labels it the server's way; 400 naming the first bad one. */
function checkCohorts(fields: readonly SurveyField[], cohorts: readonly { key: string; value: string }[]): CohortOption[] {
  const options = cohortOptionsOf(fields);
  const seen = new Set<string>();
  const checked: CohortOption[] = [];
  for (const [index, cohort] of cohorts.entries()) {
    const option = options.find((candidate) => candidate.key === cohort.key && candidate.value === cohort.value);
    if (!option) {
      throw new AppError("VALIDATION_FAILED", "Cohorts must be answers to this survey's cohort questions.", {
        fields: { [`assignedCohorts.${index}`]: `"${cohort.value}" is not a cohort of this survey` },
      });
    }
    const id = `${option.key}\u0000${option.value}`;
    if (!seen.has(id)) checked.push(option);
    seen.add(id);
  }
  return checked;
}

export async function getAssignedCohorts(
  ctx: AppContext,
  actor: Actor,
  input: { userId?: string; surveyId: string; email?: string },
): Promise<AssignedCohortsResponse> {
  const fields = await surveyFieldsOf(ctx, actor, input.surveyId);
  let email = input.email ?? null;
  if (input.userId) {
    const member = await findMember(ctx.database.db, actor.tenantId, input.userId);
    if (!member) throw notFound("This team member does not exist.");
    email = member.email;
  }
  if (!input.userId && !email) {
    throw new AppError("VALIDATION_FAILED", "Name the team member by user id or email.", {
      fields: { userId: "Required without an email" },
    });
  }
  const row = await findAssignedCohorts(ctx.database.db, actor.tenantId, input.surveyId, { userId: input.userId ?? null, email });
  const options = cohortOptionsOf(fields);
  // Cohorts the survey no longer has (a question edited since) are dropped from what the picker shows.
  const assignedCohorts = (row?.cohorts ?? []).flatMap((cohort) => {
    const option = options.find((candidate) => candidate.key === cohort.key && candidate.value === cohort.value);
    return option ? [option] : [];
  });
  return { assignedCohorts };
}

export async function postAssignedCohorts(
  ctx: AppContext,
  actor: Actor,
  input: { userId: string; surveyId: string; assignedCohorts: CohortOption[]; email?: string },
): Promise<AssignedCohortsResponse> {
  const member = await findMember(ctx.database.db, actor.tenantId, input.userId);
  if (!member) throw notFound("This team member does not exist.");
  const fields = await surveyFieldsOf(ctx, actor, input.surveyId);
  const cohorts = checkCohorts(fields, input.assignedCohorts);
  const who = { userId: member.id, email: member.email };
  // Counted and written in one transaction holding the company's row: the cohort licence (decision 0027 §5).
  await ctx.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockTenantForLicences(tx, actor.tenantId);
    await assertCohortLicences(tx, actor.tenantId, { surveyId: input.surveyId, email: member.email }, cohorts);
    await saveAssignedCohorts(tx, actor.tenantId, input.surveyId, who, cohorts);
  });
  return { assignedCohorts: cohorts };
}

/** Cohorts for someone without an account yet: kept by email and picked up when they sign up in this company. */
export async function postAssignedCohortsPreRegistration(
  ctx: AppContext,
  actor: Actor,
  input: { surveyId: string; assignedCohorts: CohortOption[]; email: string },
): Promise<AssignedCohortsResponse> {
  const fields = await surveyFieldsOf(ctx, actor, input.surveyId);
  const cohorts = checkCohorts(fields, input.assignedCohorts);
  // Counted and written in one transaction holding the company's row: an address without an account takes a staff
  // (view) seat from now on, and its cohorts count towards the cohort licence (decision 0027 §5).
  await ctx.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockTenantForLicences(tx, actor.tenantId);
    const existing = await findMemberByEmail(tx, actor.tenantId, input.email);
    if (!existing) await assertStaffSeatFor(tx, actor.tenantId, input.email);
    await assertCohortLicences(tx, actor.tenantId, { surveyId: input.surveyId, email: input.email }, cohorts);
    await saveAssignedCohorts(tx, actor.tenantId, input.surveyId, { userId: existing?.id ?? null, email: input.email }, cohorts);
  });
  return { assignedCohorts: cohorts };
}

export async function listTeamMembers(ctx: AppContext, actor: Actor): Promise<TeamMembersResponse> {
  const { db } = ctx.database;
  const [members, pending, surveys, tenant] = await Promise.all([
    listMembers(db, actor.tenantId),
    listPendingAssignees(db, actor.tenantId),
    listReportableSurveys(db, actor.tenantId),
    findTenant(db, actor.tenantId),
  ]);
  const known = new Set(members.map((member) => member.email.toLowerCase()));
  return {
    members: [
      ...members.map((member) => ({
        userId: member.id,
        email: member.email,
        name: [member.firstName, member.lastName].filter(Boolean).join(" ") || null,
        role: member.id === tenant?.ownerUserId ? "Admin" : member.role,
        pending: false,
        isCompanyLeader: member.id === tenant?.ownerUserId,
      })),
      ...pending
        .filter((email) => !known.has(email))
        .map((email) => ({ userId: null, email, name: null, role: null, pending: true, isCompanyLeader: false })),
    ],
    surveys: surveys
      .filter((survey) => cohortDimensionsFromFields((survey.fields ?? []) as SurveyField[]).length > 0)
      .map((survey) => ({ id: survey.id, name: survey.name, isLowi: survey.isLowi })),
  };
}
