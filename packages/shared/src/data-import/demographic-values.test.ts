import { describe, expect, it } from "vitest";
import { LOWI_DEMOGRAPHICS } from "../surveys/lowi/demographics.js";
import {
  ETHNICITY_SPELLINGS,
  GENDER_SPELLINGS,
  JOB_FUNCTION_SPELLINGS,
  JOB_TYPE_SPELLINGS,
  REGION_SPELLINGS,
} from "./demographic-spellings.js";
import { mapAge, mapDemographicValue, mapIncome, mapTenure } from "./demographic-values.js";

const NOW = new Date(Date.UTC(2026, 10, 24));

describe("demographic values", () => {
  it("places ages, birth years and age bands, and refuses what spans two categories", () => {
    const cases: [string, string | null][] = [
      ["22", "30 or younger"],
      ["30", "30 or younger"],
      ["31", "31-35"],
      ["35.9", "31-35"],
      ["36", "36-45"],
      ["55", "46-55"],
      ["56", "56 or older"],
      ["1990", "36-45"],
      ["1996", "30 or younger"],
      ["31-35", "31-35"],
      ["31 to 35", "31-35"],
      ["46–55 years", "46-55"],
      ["under 30", "30 or younger"],
      ["30 or younger", "30 or younger"],
      ["25 and under", "30 or younger"],
      ["56+", "56 or older"],
      ["over 55", "56 or older"],
      ["56 or older", "56 or older"],
      ["Prefer not to say", "Prefer not to say"],
      ["30-35", null],
      ["under 40", null],
      ["12", null],
      ["2015", null],
      ["old", null],
    ];
    for (const [raw, expected] of cases) expect(mapAge(raw, NOW), raw).toBe(expected);
  });

  it("places tenure from years, months, start dates and bands, counting completed years", () => {
    const cases: [string, string | null][] = [
      ["0.5", "Less than 1 year"],
      ["11 months", "Less than 1 year"],
      ["18 months", "1-2 years"],
      ["2.9 years", "1-2 years"],
      ["3", "3-5 years"],
      ["5 yrs", "3-5 years"],
      ["10", "6-10 years"],
      ["10.9", "6-10 years"],
      ["11", "More than 10 years"],
      ["2024-01-15", "1-2 years"],
      ["11/30/2025", "Less than 1 year"],
      ["2010-06-01", "More than 10 years"],
      ["2018", "6-10 years"],
      ["2023", null],
      ["1-2 years", "1-2 years"],
      ["3 to 5 years", "3-5 years"],
      ["less than 1 year", "Less than 1 year"],
      ["more than 10 years", "More than 10 years"],
      ["5-10 years", null],
      ["2030-01-01", null],
      ["forever", null],
    ];
    for (const [raw, expected] of cases) expect(mapTenure(raw, NOW), raw).toBe(expected);
  });

  it("places incomes from amounts and bands, a band starting on an edge read as just above it", () => {
    const cases: [string, string | null][] = [
      ["45000", "Under 50,000"],
      ["$50,000", "Under 50,000"],
      ["50001", "50,001-100,000"],
      ["85k", "50,001-100,000"],
      ["100,000", "50,001-100,000"],
      ["€120,000", "Over 100,000"],
      ["1.2m", "Over 100,000"],
      ["40,000-50,000", "Under 50,000"],
      ["50,000-100,000", "50,001-100,000"],
      ["50k - 100k", "50,001-100,000"],
      ["under 50k", "Under 50,000"],
      ["over 100,000", "Over 100,000"],
      ["100k+", "Over 100,000"],
      ["Over 100,000", "Over 100,000"],
      ["40k-60k", null],
      ["-5", null],
      ["a lot", null],
    ];
    for (const [raw, expected] of cases) expect(mapIncome(raw), raw).toBe(expected);
  });

  it("maps spellings of gender, ethnicity, job type, job function and region to the survey's options", () => {
    const cases: [Parameters<typeof mapDemographicValue>[0], string, string | null][] = [
      ["Gender", "F", "Woman"],
      ["Gender", "female", "Woman"],
      ["Gender", "MALE", "Man"],
      ["Gender", "Non-Binary", "Non-binary"],
      ["Gender", "self-describe", "I use another term"],
      ["Gender", "Decline to state", "Prefer not to say"],
      ["Gender", "unknown", null],
      ["Ethnicity", "Caucasian", "White"],
      ["Ethnicity", "Hispanic/Latino", "Hispanic or Latino"],
      ["Ethnicity", "Two or more races", "Multiracial or multiethnic"],
      ["Ethnicity", "American Indian or Alaska Native", "Native American or Alaska Native"],
      ["Job type", "People Manager", "Manager of Others"],
      ["Job type", "IC", "Individual Contributor"],
      ["Job type", "C-Suite", "Executive"],
      ["Job type", "frontline", "Front Line"],
      ["Job function", "R&D", "Research and Development"],
      ["Job function", "HR", "Human Resources"],
      ["Job function", "IT", "Engineering and IT"],
      ["Geographic region", "USA", "North America"],
      ["Geographic region", "Deutschland", "Europe"],
      ["Geographic region", "LATAM", "Latin America and the Caribbean"],
      ["Geographic region", "EMEA", null],
      ["Age", "", null],
    ];
    for (const [category, raw, expected] of cases) expect(mapDemographicValue(category, raw, NOW), `${category}: ${raw}`).toBe(expected);
  });

  it("maps every spelling to an option the survey really offers, and no spelling to two options", () => {
    for (const [category, table] of [
      ["Gender", GENDER_SPELLINGS],
      ["Ethnicity", ETHNICITY_SPELLINGS],
      ["Job type", JOB_TYPE_SPELLINGS],
      ["Job function", JOB_FUNCTION_SPELLINGS],
      ["Geographic region", REGION_SPELLINGS],
    ] as const) {
      const options = LOWI_DEMOGRAPHICS.find((question) => question.category === category)?.options ?? [];
      const seen = new Map<string, string>();
      for (const [option, spellings] of Object.entries(table)) {
        expect(options, category).toContain(option);
        for (const spelling of spellings) {
          expect(seen.get(spelling), `${category}: "${spelling}"`).toBeUndefined();
          seen.set(spelling, option);
          expect(mapDemographicValue(category, spelling, NOW), `${category}: "${spelling}"`).toBe(option);
        }
      }
    }
  });
});
