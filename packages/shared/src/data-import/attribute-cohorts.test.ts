import { describe, expect, it } from "vitest";
import { COHORT_KEYS } from "../invitations/recipients.js";
import { ATTRIBUTE_COHORT_SOURCES, cohortFieldsFromAttributes } from "./attribute-cohorts.js";
import { findImportField } from "./import-fields.js";

describe("imported attributes as cohort fields", () => {
  it("fills the organisational cohort fields from the attributes that name them", () => {
    expect(
      cohortFieldsFromAttributes({
        department: "Harbour Logistics",
        location: "Rotterdam",
        team: "Night shift",
        business_group: "Operations",
        manager_1: "Ines Duarte",
        job_name: "Crane operator",
        manager_level: "Individual contributor",
        job_type: "Front Line",
        tenure: "2-5 years",
        region: "Europe",
      }),
    ).toEqual({
      department: "Harbour Logistics",
      location: "Rotterdam",
      team: "Night shift",
      division: "Operations",
      manager: "Ines Duarte",
      job_title: "Crane operator",
      job_level: "Individual contributor",
      employment_type: "Front Line",
      tenure: "2-5 years",
      region: "Europe",
    });
  });

  it("takes a code when the name is missing, and leaves empty values out", () => {
    expect(cohortFieldsFromAttributes({ department_code: "D-114", location: "  ", job_code: "J7" })).toEqual({
      department: "D-114",
      job_title: "J7",
    });
  });

  it("never turns personal characteristics into cohorts", () => {
    expect(cohortFieldsFromAttributes({ gender: "Woman", age: "31-35", ethnicity: "Asian", income: "under 50,000" })).toEqual({});
  });

  it("names only cohort keys invitations know and import fields that exist", () => {
    expect(Object.keys(ATTRIBUTE_COHORT_SOURCES).sort()).toEqual([...COHORT_KEYS].sort());
    for (const sources of Object.values(ATTRIBUTE_COHORT_SOURCES))
      for (const source of sources) expect(findImportField(source), source).not.toBeNull();
  });
});
