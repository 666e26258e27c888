import { describe, expect, it } from "vitest";
import { surveyFieldSchema } from "../surveys/survey-field.js";
import { cohortDimensionsFromFields, respondentCohortsOf } from "./cohort-counts.js";
import {
  allowedInviteeCohortKeys,
  inviteeCohortAnswers,
  inviteeCohortFields,
  MAX_INVITEE_COHORT_VALUES,
  mergeInviteeCohorts,
} from "./invitee-cohorts.js";

describe("invitee cohorts", () => {
  it("turns a person's cohort fields into answers under keys no question can have", () => {
    expect(inviteeCohortAnswers({ department: " Sales  Ops ", location: "", unknown: "x", team: 4 })).toEqual({
      "cohort.department": "Sales Ops",
    });
    expect(inviteeCohortAnswers(null)).toEqual({});
    expect(() => surveyFieldSchema.shape.key.parse("cohort.department")).toThrow();
  });

  it("adds values in the order first seen, never removes one, and says when something changed", () => {
    const first = mergeInviteeCohorts({}, [{ department: "Sales" }, { department: "Finance", location: "Oslo" }, { department: "Sales" }]);
    expect(first).toEqual({ values: { department: ["Sales", "Finance"], location: ["Oslo"] }, changed: true });
    const again = mergeInviteeCohorts(first.values, [{ department: "Finance" }, { gender: "Woman" }]);
    expect(again).toEqual({ values: first.values, changed: false });
  });

  it(`keeps at most ${MAX_INVITEE_COHORT_VALUES} values per key`, () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ team: `Team ${i}` }));
    const { values } = mergeInviteeCohorts({}, many);
    expect(values.team).toHaveLength(MAX_INVITEE_COHORT_VALUES);
    expect(values.team.at(-1)).toBe("Team 99");
  });

  it("becomes filterable report questions in the order of the cohort fields, each a dimension", () => {
    const fields = inviteeCohortFields({ location: ["Oslo", "Lima"], department: ["Sales"], region: [], nonsense: ["x"] });
    expect(fields.map((field) => [field.key, field.question, field.radioOptions])).toEqual([
      ["cohort.department", "Department", ["Sales"]],
      ["cohort.location", "Location", ["Oslo", "Lima"]],
    ]);
    const dimensions = cohortDimensionsFromFields(fields);
    expect(dimensions.map((dimension) => dimension.key)).toEqual(["cohort.department", "cohort.location"]);
    expect(respondentCohortsOf(inviteeCohortAnswers({ department: "Sales", location: "Rome" }), dimensions)).toEqual({
      "cohort.department": "Sales",
    });
  });

  it("counts each cohort field once against the cohort licence, behind the Custom Cohorts feature", () => {
    const keys = ["cohort.location", "cohort.team", "cohort.department"];
    expect(allowedInviteeCohortKeys(keys, { customCohorts: false, cohortLicence: null })).toEqual(new Set());
    expect(allowedInviteeCohortKeys(keys, { customCohorts: true, cohortLicence: 2 })).toEqual(
      new Set(["cohort.department", "cohort.team"]),
    );
    expect(allowedInviteeCohortKeys(keys, { customCohorts: true, cohortLicence: null })).toEqual(new Set(keys));
  });
});
