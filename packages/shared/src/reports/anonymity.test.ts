import { describe, expect, it } from "vitest";
import { PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";
import {
  type CohortFilter,
  DEFAULT_VISIBILITY_THRESHOLD,
  explainHidden,
  formatHiddenNotice,
  formatSurveyThresholdNote,
  guardGroup,
  groupVisibility,
  isGroupVisible,
  isTooSmall,
  MAX_REPORT_FILTERS,
  MIN_VISIBILITY_THRESHOLD,
  normalizeVisibilityThreshold,
  planSuppression,
  reportFilterError,
  TOO_SMALL,
  visibleCohortValues,
} from "./anonymity.js";
import {
  cohortDimensionsFromFields,
  countCohorts,
  emptyCohortCounts,
  foldCohortCounts,
  mergeCohortCounts,
  pairKey,
  pairValueKey,
  type RespondentCohorts,
} from "./cohort-counts.js";
import { differencingAttack } from "./anonymity.attacker.js";
import { DEPT, GENDER, people, REMAINDER_DIMENSIONS, remainderPopulation } from "./anonymity.test-fixtures.js";

describe("constants and notice", () => {
  it("uses the spec's notice and the threshold bounds", () => {
    expect(DEFAULT_VISIBILITY_THRESHOLD).toBe(5);
    expect(MIN_VISIBILITY_THRESHOLD).toBe(3);
    expect(MAX_REPORT_FILTERS).toBe(2);
    expect(formatHiddenNotice("Comments")).toBe("Comments are hidden as the number available falls below the visibility threshold.");
    expect(formatSurveyThresholdNote(8)).toBe("Groups smaller than 8 responses are hidden in this survey.");
    expect(formatSurveyThresholdNote(1)).toBe("Groups smaller than 3 responses are hidden in this survey.");
    expect(normalizeVisibilityThreshold(undefined)).toBe(5);
    expect(normalizeVisibilityThreshold(null)).toBe(5);
    expect(normalizeVisibilityThreshold(1)).toBe(3);
    expect(normalizeVisibilityThreshold(7.8)).toBe(7);
    expect(isTooSmall(TOO_SMALL)).toBe(true);
    expect(isTooSmall({ hidden: false })).toBe(false);
  });
});

describe("cohort counts", () => {
  it("counts answered values, leaves unanswered and Prefer not to say out, folds and merges to the same counts", () => {
    const respondents: RespondentCohorts[] = [
      { dept: "Eng", gender: "F" },
      { dept: "Eng", gender: PREFER_NOT_TO_SAY },
      { dept: "Sales" },
      { dept: "Nonsense", gender: "M" },
      {},
    ];
    const counts = countCohorts(respondents, [GENDER, DEPT]);
    expect(counts.dimensions.map((dimension) => dimension.key)).toEqual(["dept", "gender"]);
    expect(counts.dimensions[0].values).toEqual(["Eng", "Sales", "Legal"]);
    expect(counts.total).toBe(5);
    expect(counts.single.dept).toEqual({ Eng: 2, Sales: 1 });
    expect(counts.single.gender).toEqual({ F: 1, M: 1 });
    expect(counts.pairs[pairKey("gender", "dept")]).toEqual({ [pairValueKey("Eng", "F")]: 1 });

    let folded = emptyCohortCounts([DEPT, GENDER]);
    for (const respondent of respondents) folded = foldCohortCounts(folded, respondent);
    expect(folded).toEqual(counts);
    const merged = mergeCohortCounts(
      countCohorts(respondents.slice(0, 2), [DEPT, GENDER]),
      countCohorts(respondents.slice(2), [DEPT, GENDER]),
    );
    expect(merged).toEqual(counts);
    expect(() => mergeCohortCounts(counts, countCohorts([], [DEPT]))).toThrow();
  });

  it("takes its dimensions from Radio questions marked filter", () => {
    const dimensions = cohortDimensionsFromFields([
      { key: "b_dept", answerType: "Radio", radioOptions: ["A", "B", PREFER_NOT_TO_SAY], filter: true },
      { key: "a_open", answerType: "Text", radioOptions: [], filter: true },
      { key: "c_agree", answerType: "Radio", radioOptions: ["1", "2"] },
    ]);
    expect(dimensions).toEqual([{ key: "b_dept", values: ["A", "B"] }]);
  });

  it("is safe with option texts such as __proto__", () => {
    const dims = [{ key: "k", values: ["__proto__", "constructor"] }];
    const counts = countCohorts([...people(6, { k: "__proto__" }), ...people(6, { k: "constructor" })], dims);
    const plan = planSuppression(counts, 5);
    expect(isGroupVisible(plan, [{ key: "k", value: "__proto__" }])).toBe(true);
    expect(groupVisibility(plan, [{ key: "k", value: "toString" }])).toBeUndefined();
  });
});

describe("planSuppression, hand-built cases", () => {
  it("company total minus every visible department would reveal a small department: another department is hidden too", () => {
    const counts = countCohorts(
      [...people(20, { dept: "Eng" }), ...people(12, { dept: "Sales" }), ...people(2, { dept: "Legal" })],
      [DEPT],
    );
    const plan = planSuppression(counts, 5);
    expect(isGroupVisible(plan, [])).toBe(true);
    expect(isGroupVisible(plan, [{ key: "dept", value: "Legal" }])).toBe(false);
    expect(isGroupVisible(plan, [{ key: "dept", value: "Sales" }])).toBe(false);
    expect(plan.single.dept.Sales).toEqual({ visible: false, reason: "complementary" });
    expect(visibleCohortValues(plan, "dept")).toEqual(["Eng"]);
  });

  it("a small group of people who skipped the question is protected like a small department", () => {
    const counts = countCohorts([...people(20, { dept: "Eng" }), ...people(12, { dept: "Sales" }), ...people(2, {})], [DEPT]);
    const plan = planSuppression(counts, 5);
    expect(visibleCohortValues(plan, "dept")).toEqual(["Eng"]);
  });

  it("Prefer not to say is not a filter value and counts as unanswered", () => {
    const counts = countCohorts(
      [...people(20, { dept: "Eng" }), ...people(12, { dept: "Sales" }), ...people(9, { dept: PREFER_NOT_TO_SAY })],
      [DEPT],
    );
    const plan = planSuppression(counts, 5);
    expect(reportFilterError(plan, [{ key: "dept", value: PREFER_NOT_TO_SAY }])).toBe("UNKNOWN_FILTER");
    expect(visibleCohortValues(plan, "dept")).toEqual(["Eng", "Sales"]);
  });

  it("Dept=Eng minus Dept=Eng ∧ Gender=F would reveal Eng ∧ Gender≠F", () => {
    const counts = countCohorts(
      [
        ...people(10, { dept: "Eng", gender: "F" }),
        ...people(2, { dept: "Eng", gender: "M" }),
        ...people(15, { dept: "Sales", gender: "M" }),
        ...people(15, { dept: "Sales", gender: "F" }),
      ],
      [DEPT, GENDER],
    );
    const plan = planSuppression(counts, 5);
    expect(isGroupVisible(plan, [{ key: "dept", value: "Eng" }])).toBe(true);
    expect(
      isGroupVisible(plan, [
        { key: "dept", value: "Eng" },
        { key: "gender", value: "M" },
      ]),
    ).toBe(false);
    expect(
      isGroupVisible(plan, [
        { key: "dept", value: "Eng" },
        { key: "gender", value: "F" },
      ]),
    ).toBe(false);
    expect(visibleCohortValues(plan, "gender", { key: "dept", value: "Eng" })).toEqual([]);
    expect(plan.pairs[pairKey("dept", "gender")][pairValueKey("Eng", "X")]).toEqual({ visible: true, size: 0 });
  });

  it("visible disjoint groups summed and subtracted from a visible parent would reveal the rest", () => {
    const counts = countCohorts(
      [
        ...people(8, { dept: "Eng", gender: "F" }),
        ...people(8, { dept: "Eng", gender: "M" }),
        ...people(2, { dept: "Eng", gender: "X" }),
        ...people(30, { dept: "Sales", gender: "F" }),
        ...people(30, { dept: "Sales", gender: "M" }),
        ...people(30, { dept: "Sales", gender: "X" }),
      ],
      [DEPT, GENDER],
    );
    const plan = planSuppression(counts, 5);
    const eng = { key: "dept", value: "Eng" };
    expect(isGroupVisible(plan, [eng])).toBe(true);
    expect(visibleCohortValues(plan, "gender", eng).length).toBeLessThanOrEqual(1);
  });

  it("a remainder under an unanswered parent is protected even when neither the parent nor the cell is derivable", () => {
    // d1 unanswered (3) and d0 ∧ d1 unanswered (1) are both unknown, but their difference — the two people who skipped
    // d1 and answered d0 — is (d0=v0 + d0=v2) − their shown cells − the d1=v0 column. Before the amendment of 0015
    // (2026-12-02) the audit only looked at remainders of known parents and showed all of these.
    const respondents = remainderPopulation();
    const plan = planSuppression(countCohorts(respondents, REMAINDER_DIMENSIONS), 3);
    expect(differencingAttack(REMAINDER_DIMENSIONS, respondents, 3, (filters) => isGroupVisible(plan, filters))).toEqual([]);
    // The offending line (d1 unanswered by d0) has nothing shown, so the smallest shown cell of a line through its
    // members goes: d1=v0 (6) of the whole's d1 line, which the derivation needed.
    expect(isGroupVisible(plan, [{ key: "d1", value: "v0" }])).toBe(false);
    expect(isGroupVisible(plan, [{ key: "d1", value: "v1" }])).toBe(true);
    expect(isGroupVisible(plan, [])).toBe(true);
    expect(planSuppression(countCohorts(respondents, REMAINDER_DIMENSIONS), 3)).toEqual(plan);
  });

  it("hides everything when the survey has fewer respondents than the threshold", () => {
    const counts = countCohorts(people(4, { dept: "Eng", gender: "F" }), [DEPT, GENDER]);
    const plan = planSuppression(counts, 5);
    expect(plan.whole).toEqual({ visible: false, reason: "below-threshold" });
    expect(visibleCohortValues(plan, "dept")).toEqual([]);
    expect(isGroupVisible(plan, [{ key: "dept", value: "Sales" }])).toBe(false);
    expect(explainHidden(plan, [], "Scores")).toEqual({
      hidden: true,
      notice: "Scores are hidden as the number available falls below the visibility threshold.",
      threshold: 5,
    });
    expect(guardGroup(plan, [], () => 42)).toBe(TOO_SMALL);
  });

  it("k = 3 shows groups that k = 5 hides", () => {
    const counts = countCohorts([...people(20, { dept: "Eng" }), ...people(4, { dept: "Sales" }), ...people(3, { dept: "Legal" })], [DEPT]);
    expect(visibleCohortValues(planSuppression(counts, 3), "dept")).toEqual(["Eng", "Sales", "Legal"]);
    // Sales (4) and Legal (3) hide each other: together they are 7, and neither can be worked out.
    expect(visibleCohortValues(planSuppression(counts, 5), "dept")).toEqual(["Eng"]);
    expect(planSuppression(counts, 1).threshold).toBe(3);
  });

  it("refuses more than two filters, the same key twice and unknown values", () => {
    const counts = countCohorts(people(30, { dept: "Eng", gender: "F" }), [DEPT, GENDER]);
    const plan = planSuppression(counts, 5);
    const eng: CohortFilter = { key: "dept", value: "Eng" };
    const female: CohortFilter = { key: "gender", value: "F" };
    expect(isGroupVisible(plan, [eng, female])).toBe(true);
    expect(isGroupVisible(plan, [female, eng])).toBe(true);
    expect(reportFilterError(plan, [eng, female, female])).toBe("TOO_MANY_FILTERS");
    expect(isGroupVisible(plan, [eng, female, female])).toBe(false);
    expect(reportFilterError(plan, [eng, { key: "dept", value: "Sales" }])).toBe("DUPLICATE_FILTER_KEY");
    expect(reportFilterError(plan, [{ key: "region", value: "EU" }])).toBe("UNKNOWN_FILTER");
    expect(explainHidden(plan, [eng], "Comments")).toBeNull();
    expect(guardGroup(plan, [eng], () => 42)).toBe(42);
  });

  it("empty groups show no respondents only under large parents", () => {
    const counts = countCohorts(
      [
        ...people(20, { dept: "Eng", gender: "F" }),
        ...people(2, { dept: "Legal", gender: "F" }),
        ...people(20, { dept: "Sales", gender: "M" }),
      ],
      [DEPT, GENDER],
    );
    const plan = planSuppression(counts, 5);
    const pairs = plan.pairs[pairKey("dept", "gender")];
    expect(pairs[pairValueKey("Eng", "M")]).toEqual({ visible: true, size: 0 });
    // "none of the Legal respondents is M" would tell about a group of 2.
    expect(pairs[pairValueKey("Legal", "M")].visible).toBe(false);
  });
});
