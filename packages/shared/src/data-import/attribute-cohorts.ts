/**
 * Imported attributes as invitation cohort fields (issue 14 item 4, docs/decisions/0045): when a company invites a
 * person whose address it imported, the invitation carries these cohort fields, so the response through their personal
 * link counts in those cohorts. Organisational attributes only: the personal characteristics an HR file may hold (age,
 * gender, ethnicity, income) never become cohorts by import — a survey asks people for those, with "Prefer not to say".
 */
import type { CohortKey } from "../invitations/recipients.js";

/** Cohort field ← the imported attribute that fills it, the first one present winning. */
export const ATTRIBUTE_COHORT_SOURCES: Readonly<Record<CohortKey, readonly string[]>> = {
  department: ["department", "department_code"],
  team: ["team"],
  location: ["location", "location_code"],
  region: ["region"],
  division: ["business_group"],
  manager: ["manager_1"],
  job_title: ["job_name", "job_code"],
  job_level: ["manager_level"],
  employment_type: ["job_type"],
  tenure: ["tenure"],
  start_date: [],
};

/** The cohort fields of one imported person, from their stored attributes (empty values left out). */
export function cohortFieldsFromAttributes(attributes: Readonly<Record<string, unknown>>): Partial<Record<CohortKey, string>> {
  const fields: Partial<Record<CohortKey, string>> = {};
  for (const [cohort, sources] of Object.entries(ATTRIBUTE_COHORT_SOURCES) as [CohortKey, readonly string[]][]) {
    for (const source of sources) {
      const value = Object.hasOwn(attributes, source) ? attributes[source] : undefined;
      if (typeof value === "string" && value.trim() !== "") {
        fields[cohort] = value.trim();
        break;
      }
    }
  }
  return fields;
}
