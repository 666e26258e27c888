/**
 * An action plan's check-in survey (decision 0078), made by the action-plans slice inside its own transaction (it
 * holds the plan's lock while it fills the slot). The survey is an Action Plan Check-In (preset Transformation) saved
 * as a draft with its end day set: it needs only Transformation Plans (the caller's gate), takes none of the
 * company's survey slots and is not limited to one open at a time. Everything after creation (editing, publishing,
 * closing) goes through the surveys' own routes and rules.
 */
import { type SurveyField, TRANSFORMATION_PRESET_ID, endOfDayInTimeZone, resolveTimeZone } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { activityLog } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { findTenant } from "../company/company.repo.js";
import { type SurveyRow, insertSurvey } from "./surveys.repo.js";
import { newSurveyId } from "./surveys.service.js";

export interface CheckinSurveyInput {
  name: string;
  description: string;
  fields: SurveyField[];
  /** The survey's last day (YYYY-MM-DD) in the company's zone; it ends at 23:59:59.999 there. */
  endDay: string;
  /** Written into the survey's create_survey entry, so the log says where it came from. */
  planId: string;
}

export async function insertCheckinSurvey(tx: Database, actor: Actor, input: CheckinSurveyInput): Promise<SurveyRow> {
  const tenant = await findTenant(tx, actor.tenantId);
  if (!tenant) throw notFound("Company not found");
  const timeZone = resolveTimeZone(tenant.timeZone);
  const created = await insertSurvey(tx, actor.tenantId, {
    id: newSurveyId(),
    authorUserId: actor.userId,
    ownerUserId: actor.userId,
    name: input.name,
    description: input.description,
    surveyPreset: TRANSFORMATION_PRESET_ID,
    isLowi: false,
    fields: input.fields,
    metaFields: { company_name: tenant.companyName ?? "" },
    draft: true,
    endDate: new Date(endOfDayInTimeZone(input.endDay, timeZone)),
    publishedAt: null,
    visibilityThreshold: null,
  });
  await tx.insert(activityLog).values({
    tenantId: actor.tenantId,
    userId: actor.userId,
    action: "create_survey",
    data: {
      surveyId: created.id,
      surveyPreset: TRANSFORMATION_PRESET_ID,
      draft: true,
      planId: input.planId,
      byInternalAccount: actor.isInternalAccount,
    },
  });
  return created;
}
