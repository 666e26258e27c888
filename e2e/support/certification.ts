/**
 * Certification set-up shared by the checkout and badge tests (decision 0035): a company made eligible for one
 * year's certification the way a real one is, through the API a browser uses.
 */
import { defaultEndDate, listPresetFields } from "@hearth/shared";
import type { APIRequestContext } from "playwright-core";
import { ok } from "./page-helpers";
import { answerAsSomeoneElse } from "./respondents";

/**
 * A headcount of 3 (one response needed, accounts §9) and a published LOWI survey answered five times, every agree
 * item Strongly Agree (the score rule wants 70% positive) and the first option elsewhere; five answers reach the
 * company's visibility threshold (5), below which the score is not read. The survey is then closed, as
 * certification asks. Returns the year the survey ends in, whose badges are eligible.
 */
export async function makeEligible(api: APIRequestContext, companyName: string, address: string): Promise<number> {
  await ok(
    await api.put("/api/company/profile", {
      data: {
        companyName,
        companyLegalName: `${companyName} LLC`,
        headcount: 3,
        address,
        phone: "+1 555 0100",
        timeZone: "America/New_York",
      },
    }),
  );
  const created = await ok<{ id: string }>(
    await api.post("/api/surveys", {
      data: {
        surveyPreset: "PulseValidation",
        name: "Culture check",
        description: "Our Love of Workplace Index survey.",
        metaFields: { company_name: companyName },
        fields: listPresetFields("PulseValidation"),
        draft: false,
        endDate: defaultEndDate(Date.now(), "America/New_York"),
      },
    }),
  );
  const survey = await ok<{ fields: { key: string; answerType: string; radioOptions: string[] }[] }>(
    await api.get(`/api/public/surveys/${created.id}`),
  );
  const data = Object.fromEntries(
    survey.fields.map((field) => [
      field.key,
      field.answerType !== "Radio"
        ? "Clear goals and kind colleagues."
        : field.radioOptions.includes("Strongly Agree")
          ? "Strongly Agree"
          : field.radioOptions[0],
    ]),
  );
  for (let respondent = 0; respondent < 5; respondent += 1) {
    await answerAsSomeoneElse({ surveyId: created.id, data });
  }
  const closed = await ok<{ endDate: number | null }>(await api.post(`/api/surveys/${created.id}/close`));
  return new Date(closed.endDate ?? Date.now()).getUTCFullYear();
}
