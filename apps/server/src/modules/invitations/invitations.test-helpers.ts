import { utcToZonedDateTime } from "@hearth/shared";
import { call, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { verifyAddress } from "../../test/senders.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";

/** A company on Gold with a complete profile, one open LOWI survey and an owner whose address is verified. */
export async function companyWithOpenSurvey(testApp: TestApp, companyName = "Acme Testing"): Promise<{ owner: Session; surveyId: string }> {
  const owner = await registerCompany(testApp.app, { companyName });
  await verifyAddress(testApp, owner);
  await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
  if (created.statusCode !== 201) throw new Error(`survey create failed: ${created.statusCode}`);
  return { owner, surveyId: created.json().id };
}

export function invitationBody(surveyId: string, overrides: Record<string, unknown> = {}) {
  return {
    survey: surveyId,
    subject: "How does it feel to work at {{company_name}}?",
    name: "Olive Owner",
    cc: "olive.copy@example.com",
    content: '<p>Hi {{first_name}},</p><p>Tell us how it is going.</p><p><a href="{{survey_link}}">Take Survey</a></p>',
    ...overrides,
  };
}

/** A wall-clock time `minutes` from now in the zone, as the schedule dialog sends it. */
export const wallClockIn = (minutes: number, timeZone = "America/New_York") =>
  utcToZonedDateTime(new Date(Date.now() + minutes * 60_000), timeZone);
