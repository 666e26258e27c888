import { describe, expect, it } from "vitest";
import { createEmptyAggregate } from "../reports/aggregate.js";
import { GROUP_AREAS } from "../surveys/lowi/areas.js";
import {
  certificationNextStep,
  evaluateAward,
  evaluateBadgeEligibility,
  evaluateCertification,
  type LowiSurveyFacts,
  summariseLowiAggregate,
} from "./eligibility.js";

const NOW = Date.UTC(2026, 10, 24, 10);
const ENDED = Date.UTC(2026, 5, 30);

/** A closed survey ending in 2026 with every answer positive, 5 as its threshold, all responses published. */
function survey(overrides: Partial<LowiSurveyFacts> = {}): LowiSurveyFacts {
  const responses = overrides.responses ?? 1000;
  return {
    surveyId: "lowi-a",
    endDate: ENDED,
    responses,
    threshold: 5,
    publishedResponses: responses,
    agree: { positive: 20 * responses, answers: 20 * responses },
    areas: { Women: { recommend: 6, neutral: 2, wontRecommend: 2 } },
    ...overrides,
  };
}

const rules = (result: { checks: { rule: string; met: boolean }[] }) => result.checks.map((check) => [check.rule, check.met]);

describe("certification: the response rule (one third up to 3,000 employees, then 1,000)", () => {
  it("at 3,000 employees needs 1,000 responses: 999 is one short, 1,000 is enough", () => {
    const short = evaluateCertification(2026, 3000, [survey({ responses: 999 })], NOW);
    expect(short.eligible).toBe(false);
    expect(short.reasons).toEqual(["1 more response needed"]);
    expect(evaluateCertification(2026, 3000, [survey({ responses: 1000 })], NOW).eligible).toBe(true);
  });

  it("at 3,001 employees still needs 1,000 (not 1,001): 1,000 is enough, 998 is two short", () => {
    expect(evaluateCertification(2026, 3001, [survey({ responses: 1000 })], NOW).eligible).toBe(true);
    expect(evaluateCertification(2026, 3001, [survey({ responses: 998 })], NOW).reasons).toEqual(["2 more responses needed"]);
  });

  it("at 3 employees one response is enough; without a headcount nothing is eligible", () => {
    expect(evaluateCertification(2026, 3, [survey({ responses: 5 })], NOW).eligible).toBe(true);
    const none = evaluateCertification(2026, null, [survey()], NOW);
    expect(none.eligible).toBe(false);
    expect(none.reasons[0]).toMatch(/headcount/);
  });

  it("never adds two surveys' responses together, and keeps the survey that came closest", () => {
    const a = survey({ surveyId: "a", responses: 6 });
    const b = survey({ surveyId: "b", responses: 6 });
    const result = evaluateCertification(2026, 30, [a, b], NOW); // 10 needed
    expect(result.eligible).toBe(false);
    expect(result.reasons).toEqual(["4 more responses needed"]);
    const better = evaluateCertification(2026, 30, [a, survey({ surveyId: "c", responses: 10 })], NOW);
    expect(better).toMatchObject({ eligible: true, surveyId: "c", reasons: [] });
  });
});

describe("certification: closed survey", () => {
  it("a survey ending exactly now is closed; one ending a millisecond later is still open", () => {
    expect(evaluateCertification(2026, 30, [survey({ endDate: NOW })], NOW).eligible).toBe(true);
    const open = evaluateCertification(2026, 30, [survey({ endDate: NOW + 1 })], NOW);
    expect(rules(open)).toEqual([
      ["closed", false],
      ["responses", true],
      ["score", true],
    ]);
    expect(open.reasons[0]).toMatch(/still open/);
  });

  it("counts a survey for the year it ends in (UTC) only", () => {
    const lastDay = survey({ endDate: Date.UTC(2025, 11, 31, 23, 59, 59) });
    expect(evaluateCertification(2025, 30, [lastDay], NOW).eligible).toBe(true);
    expect(evaluateCertification(2026, 30, [lastDay], NOW).reasons).toEqual(["No LOWI survey ends in 2026."]);
  });
});

describe("certification: the score rule (70% of agree answers are Agree or Strongly Agree)", () => {
  it("14 positive of 20 answers (70%) passes; 13 of 20 (65%) is below the bar", () => {
    const at = evaluateCertification(2026, 3, [survey({ responses: 5, agree: { positive: 14, answers: 20 } })], NOW);
    expect(at.eligible).toBe(true);
    expect(at.checks[2].text).toBe("70.0% of answers are positive (70% needed).");
    const below = evaluateCertification(2026, 3, [survey({ responses: 5, agree: { positive: 13, answers: 20 } })], NOW);
    expect(below.reasons).toEqual(["Score below the bar: 65.0% of answers are positive, 70% needed."]);
  });

  it("699 of 1,000 fails and is shown as 69.9%; 6,996 of 10,000 is shown as 69.9%, not rounded up to 70.0%; 700 of 1,000 passes", () => {
    const below = evaluateCertification(2026, 3, [survey({ agree: { positive: 699, answers: 1000 } })], NOW);
    expect(below.reasons).toEqual(["Score below the bar: 69.9% of answers are positive, 70% needed."]);
    const justBelow = evaluateCertification(2026, 3, [survey({ agree: { positive: 6996, answers: 10000 } })], NOW);
    expect(justBelow.reasons).toEqual(["Score below the bar: 69.9% of answers are positive, 70% needed."]);
    expect(evaluateCertification(2026, 3, [survey({ agree: { positive: 700, answers: 1000 } })], NOW).eligible).toBe(true);
  });

  it("is not read below the survey's visibility threshold, nor without answers", () => {
    const hidden = evaluateCertification(2026, 3, [survey({ responses: 4, publishedResponses: 0, agree: null })], NOW);
    expect(hidden.reasons).toEqual(["The score is read once 5 responses are published (the survey's visibility threshold)."]);
    expect(evaluateCertification(2026, 3, [survey({ agree: { positive: 0, answers: 0 } })], NOW).eligible).toBe(false);
  });
});

describe("awards: 60% Do Well on the area's row, read only at the visibility threshold", () => {
  it("6 Do Well of 10 (60%) passes; 5 of 10 is below the bar", () => {
    expect(evaluateAward("Women", 2026, 30, [survey()], NOW).eligible).toBe(true);
    const below = evaluateAward("Women", 2026, 30, [survey({ areas: { Women: { recommend: 5, neutral: 3, wontRecommend: 2 } } })], NOW);
    expect(below.reasons).toEqual(["Recommendation below the bar: 50.0% say Do Well for Women, 60% needed."]);
    // Not Sure counts in the total: 3 Do Well, 2 Not Sure is 60%.
    expect(
      evaluateAward("Women", 2026, 30, [survey({ areas: { Women: { recommend: 3, neutral: 2, wontRecommend: 0 } } })], NOW).eligible,
    ).toBe(true);
  });

  it("an area below the threshold says only that, with no count and no share", () => {
    const hidden = evaluateAward("Women", 2026, 30, [survey({ areas: { Women: null } })], NOW);
    expect(hidden.reasons).toEqual(["Too few answers about Women to read (fewer than 5)."]);
    expect(rules(hidden)).toEqual([
      ["closed", true],
      ["responses", true],
      ["threshold", false],
    ]);
  });

  it("needs a closed survey and the response rule too, but not the certification's score", () => {
    const open = evaluateAward("Women", 2026, 30, [survey({ endDate: NOW + 1 })], NOW);
    expect(open.reasons[0]).toMatch(/still open/);
    expect(evaluateAward("Women", 2026, 30, [survey({ agree: { positive: 0, answers: 20 } })], NOW).eligible).toBe(true);
  });

  it("an area the LOWI survey does not ask about is never eligible", () => {
    expect(evaluateAward("Inclusion", 2026, 30, [survey()], NOW).reasons).toEqual(["The LOWI survey does not ask about Inclusion."]);
  });
});

describe("the counts, from the published report aggregate", () => {
  it("reads agree answers and area rows at the threshold, and nothing below it", () => {
    const aggregate = createEmptyAggregate();
    aggregate.responses = 5;
    aggregate.histograms = {
      lowi_teamwork: { "Strongly Agree": 1, Agree: 3, Neutral: 1 },
      lowi_love_company: { "Strongly Disagree": 2, Agree: 3 },
      lowi_rec_women: { "Do Well": 3, "Not Sure": 1, "Do Better": 1 },
      lowi_rec_veterans: { "Do Well": 4 },
    };
    const read = summariseLowiAggregate(aggregate, 5);
    expect(read.agree).toEqual({ positive: 7, answers: 10 });
    expect(read.areas.Women).toEqual({ recommend: 3, neutral: 1, wontRecommend: 1 });
    expect(read.areas.Veterans).toBeNull(); // 4 answers < 5
    expect(Object.hasOwn(read.areas, "Inclusion")).toBe(false);
    const below = summariseLowiAggregate(aggregate, 6);
    expect(below.agree).toBeNull();
    expect(Object.values(below.areas).every((area) => area === null)).toBe(true);
  });
});

describe("every badge of the years on offer, and the next step", () => {
  it("gives a verdict for the certification and each award of each year", () => {
    const byBadge = evaluateBadgeEligibility([2026, 2025], 30, [survey()], NOW);
    expect(Object.keys(byBadge)).toHaveLength(2 * (1 + GROUP_AREAS.length));
    expect(byBadge["certification-2026"].eligible).toBe(true);
    expect(byBadge["award-women-2026"].eligible).toBe(true);
    expect(byBadge["award-veterans-2026"].eligible).toBe(false);
    expect(byBadge["certification-2025"].reasons).toEqual(["No LOWI survey ends in 2025."]);
  });

  it("leads to the billing cards once eligible, otherwise to the first rule missing", () => {
    const at = (facts: Partial<LowiSurveyFacts>, headcount: number | null = 30) =>
      certificationNextStep(evaluateCertification(2026, headcount, [survey(facts)], NOW));
    expect(at({})).toEqual({ label: "Get certified: see your certification cards", href: "/dashboard/billing" });
    expect(at({}, null).href).toBe("/dashboard/profile");
    expect(at({ responses: 2, endDate: NOW + 1 }).href).toBe("/dashboard/surveys/lowi/lowi-a/invitees");
    expect(at({ endDate: NOW + 1 }).href).toBe("/dashboard/surveys");
    expect(at({ agree: { positive: 1, answers: 20 } }).href).toBe("/dashboard/reports/lowi/lowi-a/company");
    expect(certificationNextStep(evaluateCertification(2024, 30, [], NOW)).href).toBe("/dashboard/surveys/new");
  });

  it("gives no link a reader cannot follow, and none once the certification is held", () => {
    const eligible = evaluateCertification(2026, 30, [survey()], NOW);
    const staff = { held: false, can: (permission: string) => ["report-view", "survey-view"].includes(permission) };
    expect(certificationNextStep(eligible, staff)).toEqual({
      label: "Your company leader can now get the certification from the billing page.",
      href: null,
    });
    expect(certificationNextStep(evaluateCertification(2026, 30, [survey({ endDate: NOW + 1 })], NOW), staff)).toEqual({
      label: "A manager needs to close the survey.",
      href: null,
    });
    // the report is Staff's to read
    const low = evaluateCertification(2026, 30, [survey({ agree: { positive: 1, answers: 20 } })], NOW);
    expect(certificationNextStep(low, staff).href).toBe("/dashboard/reports/lowi/lowi-a/company");
    expect(certificationNextStep(eligible, { held: true, can: () => true })).toEqual({
      label: "Certified: download, embed and show the badge from Certifications below.",
      href: null,
    });
  });
});
