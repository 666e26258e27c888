/** Test set-up for certification: a published LOWI survey stored with its responses, as a closed survey looks. */
import { randomUUID } from "node:crypto";
import { listPresetFields } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { survey, surveyResponse } from "../../db/schema.js";

/**
 * A published LOWI survey (visibility threshold 3) that ended on `endDate` — January 15 this year unless given — with
 * one response per entry of `answers`. Returns its id.
 */
export async function insertClosedLowiSurvey(
  db: Database,
  tenantId: string,
  answers: readonly Record<string, string>[],
  endDate = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 15)),
): Promise<string> {
  const id = `lowi-${randomUUID()}`;
  await db.insert(survey).values({
    id,
    tenantId,
    name: "LOWI",
    surveyPreset: "PulseValidation",
    isLowi: true,
    draft: false,
    endDate,
    fields: listPresetFields("PulseValidation"),
    visibilityThreshold: 3,
  });
  if (answers.length > 0) {
    await db.insert(surveyResponse).values(answers.map((one) => ({ tenantId, surveyId: id, answers: one, submittedOn: "2026-01-10" })));
  }
  return id;
}
