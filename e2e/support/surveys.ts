import { defaultEndDate, listPresetFields, type SurveyDetail, type SurveyField } from "@hearth/shared";
import type { APIRequestContext } from "playwright-core";
import { ok } from "./page-helpers";

/**
 * A new LOWI survey of the signed-in company with nobody's answers but the calling test's. The one already open (one
 * open survey per type; other suites create or answer it, in an order Vitest chooses) is closed first, so what the
 * suppression plan shows depends on the calling test alone.
 */
export async function freshLowiSurvey(
  api: APIRequestContext,
  { name, description, timeZone = "America/Chicago" }: { name: string; description: string; timeZone?: string },
): Promise<SurveyDetail> {
  const open = await ok<SurveyDetail | null>(await api.post("/api/surveys/getOpen", { data: { surveyPreset: "PulseValidation" } }));
  if (open) await ok(await api.post(`/api/surveys/${open.id}/close`));
  return ok<SurveyDetail>(
    await api.post("/api/surveys", {
      data: {
        surveyPreset: "PulseValidation",
        name,
        description,
        metaFields: { company_name: "Demo Company" },
        fields: listPresetFields("PulseValidation"),
        draft: false,
        endDate: defaultEndDate(Date.now(), timeZone),
      },
    }),
  );
}

/** A Custom survey of the signed-in company, published now (not a draft), ending on the default day in `timeZone`. */
export async function publishCustomSurvey(
  api: APIRequestContext,
  {
    name,
    description,
    fields,
    timeZone = "America/New_York",
  }: { name: string; description: string; fields: SurveyField[]; timeZone?: string },
): Promise<SurveyDetail> {
  return ok<SurveyDetail>(
    await api.post("/api/surveys", {
      data: {
        surveyPreset: "Custom",
        name,
        description,
        metaFields: {},
        fields,
        draft: false,
        endDate: defaultEndDate(Date.now(), timeZone),
      },
    }),
  );
}
