import { describe, expect, it } from "vitest";
import { LOWI_FIELDS } from "../surveys/lowi/instrument.js";
import { AGREE_SCALE } from "../surveys/scales.js";
import { createEmptyAggregate, foldResponse, type ReportAggregate } from "./aggregate.js";
import { REFERENCE_BENCHMARKS } from "./benchmark-data.js";
import { BENCHMARK_MISSING_TOOLTIP, DATA_UNAVAILABLE_TOOLTIP } from "./benchmark-types.js";
import { computeCompanyReport, computeEnps } from "./company-report.js";
import { LOWI_COMPETENCY_ITEMS, LOWI_LOVE_ITEMS } from "./lowi-keys.js";

const agree = (score: number) => AGREE_SCALE[score - 1];

/** Answers with every competency at 3 except `competencies`, and the love items in Company…CEO order. */
function respondent(competencies: Record<string, number>, love: number[], extra: Record<string, string> = {}): Record<string, string> {
  const answers: Record<string, string> = { ...extra };
  for (const item of LOWI_COMPETENCY_ITEMS) answers[item.key] = agree(competencies[item.name] ?? 3);
  LOWI_LOVE_ITEMS.forEach((item, index) => {
    answers[item.key] = agree(love[index]);
  });
  return answers;
}

function aggregateOf(responses: Record<string, string>[]): ReportAggregate {
  const aggregate = createEmptyAggregate();
  for (const answers of responses) foldResponse(aggregate, answers, LOWI_FIELDS);
  return aggregate;
}

/** R1 and R2 answer the agree items; R3 answers only the recommend item, a matrix row and a benefit. */
const SAMPLE = aggregateOf([
  respondent({ Teamwork: 5, Growth: 5, Belonging: 4, Trust: 1, Honesty: 2 }, [5, 4, 4, 5, 2], {
    lowi_recommend: "0",
    lowi_rec_women: "Do Well",
    lowi_benefit_paid_time_off: "Very Satisfied",
  }),
  respondent({ Teamwork: 5, Growth: 4, Belonging: 5, Trust: 2, Honesty: 1 }, [3, 3, 3, 3, 3], {
    lowi_recommend: "11",
    lowi_rec_women: "Do Better",
    lowi_benefit_paid_time_off: "Satisfied",
  }),
  { lowi_recommend: "3", lowi_rec_women: "Do Well", lowi_benefit_paid_time_off: "Not Offered" },
]);
const MEDIUM_2025 = REFERENCE_BENCHMARKS[2025].Medium!;

function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(numbersIn);
  return [];
}

describe("company report scores", () => {
  const report = computeCompanyReport(SAMPLE, MEDIUM_2025);

  it("pools all answers to the love items into the LOWI score", () => {
    // Love answers: 5+4+4+5+2 = 20 and 3·5 = 15 → 35 / 10 = 3.5 → 70% of 5.
    expect(report.responses).toBe(3);
    expect(report.loveScore).toBe(3.5);
    expect(report.love).toMatchObject({ score: 3.5, percent: 70, answers: 10, benchmark: 4.413, hideBar: false, benchmarkNote: null });
    // (3.5 − 4.413) / 4.413 = −20.69% → "-20.7%".
    expect(report.love.comparison).toBe("-20.7%");
    // Respondent means 4 and 3: s² = (25 − 49/2) / 1 = 0.5, s/√2 = 0.5, t(1) = 12.706 → ±6.35, clamped to [1, 5].
    expect(report.love.ci).toEqual({ low: 1, high: 5 });
  });

  it("pools all answers to the 15 competencies into the SPARK score", () => {
    // Teamwork 10, Growth 9, Belonging 9, Trust 3, Honesty 3, ten others 3+3 each = 60 → 94 / 30 = 3.1333.
    expect(report.sparkScore).toBe(3.13);
    expect(report.spark).toMatchObject({ percent: 62.7, answers: 30, benchmark: 4.4, comparison: "-28.8%" }); // −1.2667 / 4.4 = −28.79%
    // Both respondents' own means are 47 / 15, so the interval is a point.
    expect(report.spark.ci).toEqual({ low: 3.13, high: 3.13 });
  });

  it("scores each competency, love area and SPARK area as the mean of its items", () => {
    const teamwork = report.competencies.find((row) => row.name === "Teamwork")!;
    // Benchmark 4.4 + 0.10 = 4.5; (5 − 4.5) / 4.5 = +11.1%.
    expect(teamwork).toMatchObject({
      key: "lowi_teamwork",
      score: 5,
      percent: 100,
      benchmark: 4.5,
      comparison: "+11.1%",
      ci: { low: 5, high: 5 },
    });
    expect(report.loveAreas.map((row) => [row.name, row.score])).toEqual([
      ["Company", 4],
      ["Workplace", 3.5],
      ["Manager", 3.5],
      ["Coworkers", 4],
      ["CEO", 2.5],
    ]);
    // Systemic Collaboration: Teamwork 5+5, Contribution 3+3, Belonging 4+5, Love: Coworkers 5+3 → 33 / 8 = 4.125.
    const systemic = report.sparkAreas.find((row) => row.topic === "SystemicCollaboration")!;
    expect(systemic).toMatchObject({ name: "Systemic Collaboration", score: 4.13, percent: 82.5, answers: 8 });
    expect(systemic.keys).toEqual(["lowi_teamwork", "lowi_contribution", "lowi_belonging", "lowi_love_coworkers"]);
    expect(report.sparkAreas).toHaveLength(6);
  });

  it("lists the top and low 5 competencies, equal means in instrument order", () => {
    // Top: Teamwork 5, Growth 4.5 and Belonging 4.5 (Growth comes first in the instrument), then the 3.0s in order.
    expect(report.top5.map((row) => row.name)).toEqual(["Teamwork", "Growth", "Belonging", "Contribution", "Inclusivity"]);
    // Low: Honesty 1.5 and Trust 1.5 (Honesty first), then the 3.0s in order.
    expect(report.low5.map((row) => row.name)).toEqual(["Honesty", "Trust", "Contribution", "Inclusivity", "Future Focused"]);
    expect(computeCompanyReport(SAMPLE, null, { listSize: 2 }).top5.map((row) => row.score)).toEqual([5, 4.5]);
  });
});

describe("company report recommend, group areas and benefits", () => {
  const report = computeCompanyReport(SAMPLE, MEDIUM_2025);

  it("counts the recommend item after the merges and tags it", () => {
    // "0" → 1 (recommend), "11" → 10 (won't recommend), "3" → neutral.
    expect(report.recommend).toMatchObject({ recommend: 1, neutral: 1, wontRecommend: 1, total: 3, enps: 0 });
    expect(report.recommend.shares).toEqual({ recommend: 33.3, neutral: 33.3, wontRecommend: 33.3 });
    expect(report.recommend.distribution.map((entry) => entry.count)).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(report.recommend.distribution[0]).toEqual({ value: 1, label: "Very Likely", count: 1, share: 33.3 });
    // Benchmark per 1,000: 400 + (4413 − 4000) / 2 = 606.5 → 607; neutral 250; won't 143. eNPS (607 − 143) / 10 = 46.4 → 46.
    expect(report.recommend.benchmark).toEqual({
      recommend: 607,
      neutral: 250,
      wontRecommend: 143,
      shares: { recommend: 60.7, neutral: 25, wontRecommend: 14.3 },
      enps: 46,
    });
    expect(report.recommend.enpsDifference).toBe(-46);
  });

  it("computes eNPS as recommend share minus won't-recommend share", () => {
    expect(computeEnps({ recommend: 2, neutral: 1, wontRecommend: 3 })).toBe(-17); // (2 − 3) / 6 = −16.67%
    expect(computeEnps({ recommend: 5, neutral: 3, wontRecommend: 2 })).toBe(30);
    expect(computeEnps({ recommend: 1, neutral: 0, wontRecommend: 0 })).toBe(100);
    expect(computeEnps({ recommend: 0, neutral: 0, wontRecommend: 0 })).toBeNull();
  });

  it("counts do well / do better / not sure per group area", () => {
    const women = report.groupAreas.find((row) => row.topic === "Women")!;
    expect(women).toMatchObject({ key: "lowi_rec_women", name: "Women", doWell: 2, doBetter: 1, notSure: 0, total: 3 });
    expect(women.shares).toEqual({ doWell: 66.7, doBetter: 33.3, notSure: 0 });
    expect(report.groupAreas).toHaveLength(14);
  });

  it("scores benefit satisfaction 1..5 without Not Offered and reports the offered share", () => {
    const paidTimeOff = report.benefits.find((row) => row.topic === "PaidTimeOff")!;
    // Very Satisfied 5 and Satisfied 4 → 4.5 (90%); Not Offered 1 → offered 2 / 3 = 66.7%.
    // Benchmark 4.4 − 0.50 + 0.25 = 4.15; (4.5 − 4.15) / 4.15 = +8.4%.
    expect(paidTimeOff).toMatchObject({ satisfaction: 4.5, percent: 90, answers: 2, notOffered: 1, offeredShare: 66.7 });
    expect(paidTimeOff).toMatchObject({ benchmark: 4.15, comparison: "+8.4%", hideBar: false, benchmarkNote: null });
    expect(paidTimeOff.distribution.map((entry) => entry.share)).toEqual([0, 0, 0, 33.3, 33.3, 33.3]);
    const unanswered = report.benefits.find((row) => row.topic === "LifeInsurance")!;
    expect(unanswered).toMatchObject({
      satisfaction: 0,
      comparison: "-%",
      hideBar: false,
      ci: null,
      benchmarkNote: DATA_UNAVAILABLE_TOOLTIP,
    });
  });
});

describe("company report edge cases", () => {
  it("gives zeros, nulls and hidden bars for an empty aggregate, never NaN", () => {
    const report = computeCompanyReport(createEmptyAggregate(), null);
    expect(report.responses).toBe(0);
    expect(report.love).toMatchObject({ score: 0, percent: 0, answers: 0, benchmark: 0, comparison: "-%", hideBar: true, ci: null });
    expect(report.love.benchmarkNote).toBe(BENCHMARK_MISSING_TOOLTIP);
    expect(report.recommend.enps).toBeNull();
    expect(report.recommend.shares).toEqual({ recommend: 0, neutral: 0, wontRecommend: 0 });
    expect(report.top5).toEqual([]);
    expect(report.low5).toEqual([]);
    for (const value of numbersIn(report)) expect(Number.isFinite(value)).toBe(true);
    for (const value of numbersIn(computeCompanyReport(createEmptyAggregate(), MEDIUM_2025))) expect(Number.isFinite(value)).toBe(true);
  });

  it("marks a SPARK area whose items were only partly answered", () => {
    const report = computeCompanyReport(aggregateOf([{ lowi_teamwork: "Agree" }, { lowi_teamwork: "Strongly Agree" }]), MEDIUM_2025);
    const systemic = report.sparkAreas.find((row) => row.topic === "SystemicCollaboration")!;
    expect(systemic).toMatchObject({ score: 4.5, answers: 2, benchmarkNote: DATA_UNAVAILABLE_TOOLTIP });
    expect(report.competencies[0].benchmarkNote).toBeNull();
  });
});
