import { type SurveyField, defaultEndDate, listPresetFields } from "@hearth/shared";
import { randomBytes } from "node:crypto";
import { nextRespondentAddress, type TestApp } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { updateTenant } from "../company/company.repo.js";
import { networkPrefixOf, type ResponseSource } from "./response-source.js";

export const COMPLETE_PROFILE = {
  companyName: "Acme Testing",
  companyLegalName: "Acme Testing LLC",
  headcount: 120,
  address: "1 Test Street",
  phone: "+1 555 0100",
  timeZone: "America/New_York",
} as const;

export async function completeProfileAndSetPlan(testApp: TestApp, tenantId: string, plan = "Free") {
  await updateTenant(testApp.ctx.database.db, tenantId, COMPLETE_PROFILE);
  await putTenantOnPlan(testApp.ctx.database.db, tenantId, plan);
}

export function lowiInput(overrides: Record<string, unknown> = {}) {
  return {
    surveyPreset: "PulseValidation",
    name: "Culture check 2026",
    description: "Our yearly Love of Workplace Index survey.",
    metaFields: { company_name: "Acme Testing" },
    fields: listPresetFields("PulseValidation"),
    draft: false,
    endDate: defaultEndDate(Date.now(), "America/New_York"),
    ...overrides,
  };
}

/** A complete, valid answer to every question: the first option, or a sentence. */
export function answerAll(fields: readonly Pick<SurveyField, "key" | "answerType" | "radioOptions">[], pick = 0): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [
      field.key,
      field.answerType === "Radio" ? field.radioOptions[pick % field.radioOptions.length] : "Clear goals and kind colleagues.",
    ]),
  );
}

/**
 * The source of one independent respondent for tests that call `submitResponse` directly: no session, a browser
 * and a network of their own (decision 0052).
 */
export function independentRespondent(): ResponseSource {
  return {
    sessionOfViewer: async () => false,
    browserToken: randomBytes(32).toString("base64url"),
    networkPrefix: networkPrefixOf(nextRespondentAddress()) ?? "unknown",
  };
}
