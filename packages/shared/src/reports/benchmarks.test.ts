import { describe, expect, it } from "vitest";
import { COMPANY_SIZES, type CompanySize } from "../company-size.js";
import { BENEFIT_TOPICS, COMPETENCIES, GROUP_AREAS, LOVE_AREAS } from "../surveys/lowi/areas.js";
import { LOWI_FIELDS } from "../surveys/lowi/instrument.js";
import { AGREE_SCALE } from "../surveys/scales.js";
import { createEmptyAggregate, foldResponse, type ReportAggregate } from "./aggregate.js";
import { BENCHMARK_YEARS, REFERENCE_BENCHMARKS } from "./benchmark-data.js";
import { BENCHMARK_MISSING_TOOLTIP, type BenchmarkTable, benchmarkTooltip, DATA_UNAVAILABLE_TOOLTIP } from "./benchmark-types.js";
import {
  benchmarkYearForSurvey,
  computeBenchmarksFromCompanies,
  MIN_COMPANIES_FOR_RECOMPUTED_BENCHMARK,
  resolveBenchmark,
} from "./benchmarks.js";

const block = (year: number, size: CompanySize) => REFERENCE_BENCHMARKS[year][size]!;

describe("reference benchmarks", () => {
  it("keeps the spec's published love and SPARK scores exactly", () => {
    const published: [CompanySize, number, number][] = [
      ["Enterprise", 4.25, 4.2],
      ["Large", 4.363, 4.28],
      ["Medium", 4.413, 4.4],
      ["Small", 4.42, 4.44],
    ];
    for (const [size, love, spark] of published) {
      expect(block(2025, size)).toMatchObject({ loveScoreBenchmark: love, sparkScoreBenchmark: spark });
      expect(block(2025, size).sources).toMatchObject({
        loveScoreBenchmark: "spec",
        sparkScoreBenchmark: "spec",
        questionBenchmarks: "derived",
      });
    }
    const love2021: [CompanySize, number][] = [
      ["Enterprise", 4.3],
      ["Large", 4.3],
      ["Medium", 4.33],
      ["Small", 4.43],
    ];
    for (const [size, love] of love2021) {
      expect(block(2021, size).loveScoreBenchmark).toBe(love);
      expect(block(2021, size).sources).toMatchObject({ loveScoreBenchmark: "spec", sparkScoreBenchmark: "derived" });
    }
  });

  it("derives the missing headline scores by the documented method", () => {
    // 2021 SPARK = 2021 love + (2025 SPARK − 2025 love): Large 4.3 + (4.28 − 4.363) = 4.217.
    expect(block(2021, "Large").sparkScoreBenchmark).toBe(4.217);
    // 2023 = 2024 = midpoint of 2021 and 2025: Enterprise love (4.3 + 4.25) / 2 = 4.275.
    expect(block(2023, "Enterprise").loveScoreBenchmark).toBe(4.275);
    // 2022 = midpoint of 2021 and 2023: Enterprise love (4.3 + 4.275) / 2 = 4.2875 → 4.288.
    expect(block(2022, "Enterprise").loveScoreBenchmark).toBe(4.288);
    for (const size of COMPANY_SIZES) {
      expect({ ...block(2023, size), year: 0 }).toEqual({ ...block(2024, size), year: 0 });
      expect(block(2023, size).sources.loveScoreBenchmark).toBe("derived");
    }
  });

  it("covers every year, size and topic, with competency and love topics averaging to the headline scores", () => {
    const topics: string[] = [...[...COMPETENCIES, ...LOVE_AREAS, ...GROUP_AREAS].map((item) => item.topic), ...BENEFIT_TOPICS];
    expect(topics).toHaveLength(55);
    for (const year of BENCHMARK_YEARS) {
      for (const size of COMPANY_SIZES) {
        const entry = block(year, size);
        expect(Object.keys(entry.questionBenchmarks).sort()).toEqual([...topics].sort());
        const mean = (list: readonly { topic: string }[]) =>
          list.reduce((sum, item) => sum + entry.questionBenchmarks[item.topic], 0) / list.length;
        expect(mean(COMPETENCIES)).toBeCloseTo(entry.sparkScoreBenchmark, 9);
        expect(mean(LOVE_AREAS)).toBeCloseTo(entry.loveScoreBenchmark, 9);
        const { recommend, neutral, wontRecommend } = entry.recommendBenchmarks;
        expect(recommend + neutral + wontRecommend).toBe(1000);
      }
    }
  });

  it("derives topic and SPARK area figures from fixed offsets", () => {
    const medium = block(2025, "Medium");
    expect(medium.questionBenchmarks.Teamwork).toBe(4.5); // 4.4 + 0.10
    expect(medium.questionBenchmarks.LoveCEO).toBe(4.163); // 4.413 − 0.25
    expect(medium.questionBenchmarks.CareerAdvancement).toBe(4.1); // 4.4 − 0.30
    expect(medium.questionBenchmarks.ChildcareBenefits).toBe(3.5); // 4.4 − 0.50 − 0.40
    // Respect: Inclusivity 4.42, Psychological Safety 4.34, Appreciation 4.30, Trust 4.33 → 17.39 / 4 = 4.3475 → 4.348.
    expect(medium.sparkAreaBenchmarks.Respect).toBe(4.348);
  });
});

describe("choosing a benchmark", () => {
  it("uses the exact year and size when registered", () => {
    const resolved = resolveBenchmark(REFERENCE_BENCHMARKS, 2025, "Small");
    expect(resolved).toMatchObject({ year: 2025, companySize: "Small", warning: null, error: null });
    expect(resolved.benchmark).toBe(block(2025, "Small"));
  });

  it("falls back to the latest registered year for the size, with a warning to log", () => {
    expect(resolveBenchmark(REFERENCE_BENCHMARKS, 2030, "Large")).toMatchObject({
      year: 2025,
      warning: "Year 2030 is not registered",
      error: null,
    });
    expect(resolveBenchmark(REFERENCE_BENCHMARKS, 2019, "Large").year).toBe(2025);
    const sparse: BenchmarkTable = {
      2021: { Small: block(2021, "Small") },
      2022: { Small: block(2022, "Small"), Large: block(2022, "Large") },
      2025: { Large: block(2025, "Large") },
    };
    expect(resolveBenchmark(sparse, 2024, "Small")).toMatchObject({ year: 2022, warning: "Year 2024 is not registered" });
    expect(resolveBenchmark({}, 2024, "Small")).toMatchObject({ benchmark: null, year: null });
  });

  it("uses Medium and returns a Missing companySize error when the size is missing or unknown", () => {
    for (const size of [undefined, null, "", "Huge"]) {
      const resolved = resolveBenchmark(REFERENCE_BENCHMARKS, 2025, size);
      expect(resolved.companySize).toBe("Medium");
      expect(resolved.benchmark).toBe(block(2025, "Medium"));
      expect(resolved.error?.name).toBe("Missing companySize");
    }
  });

  it("takes the year from the end date, else the creation date", () => {
    expect(benchmarkYearForSurvey({ endDate: Date.UTC(2024, 11, 31, 23, 59, 59, 999), createdAt: Date.UTC(2023, 5, 1) })).toBe(2024);
    expect(benchmarkYearForSurvey({ endDate: null, createdAt: "2023-06-01T10:00:00Z" })).toBe(2023);
    expect(benchmarkYearForSurvey({ createdAt: new Date(Date.UTC(2022, 0, 1)) })).toBe(2022);
    expect(benchmarkYearForSurvey({ endDate: "not a date", createdAt: null })).toBeNull();
  });

  it("says which tooltip a row shows", () => {
    expect(BENCHMARK_MISSING_TOOLTIP).toBe("The comparison year does not have benchmark data for this question.");
    expect(DATA_UNAVAILABLE_TOOLTIP).toBe(
      "Some of the data is unavailable for comparison as it wasn't collected or asked of your employees.",
    );
    expect(benchmarkTooltip({ benchmark: null, answered: 5 })).toBe(BENCHMARK_MISSING_TOOLTIP);
    expect(benchmarkTooltip({ benchmark: 0, answered: 0 })).toBe(BENCHMARK_MISSING_TOOLTIP);
    expect(benchmarkTooltip({ benchmark: 4.2, answered: 0 })).toBe(DATA_UNAVAILABLE_TOOLTIP);
    expect(benchmarkTooltip({ benchmark: 4.2, answered: 3, complete: false })).toBe(DATA_UNAVAILABLE_TOOLTIP);
    expect(benchmarkTooltip({ benchmark: 4.2, answered: 3 })).toBeNull();
  });
});

describe("recomputed benchmarks", () => {
  /** A company whose one respondent answers every agree item with `score` and the recommend item with `recommend`. */
  function company(score: number, recommend: string): ReportAggregate {
    const answers: Record<string, string> = { lowi_recommend: recommend };
    for (const field of LOWI_FIELDS) if (field.group === "agree") answers[field.key] = AGREE_SCALE[score - 1];
    return foldResponse(createEmptyAggregate(), answers, LOWI_FIELDS);
  }

  it("needs 5 companies with responses in a band", () => {
    expect(MIN_COMPANIES_FOR_RECOMPUTED_BENCHMARK).toBe(5);
    const bands = computeBenchmarksFromCompanies([
      ...[3, 4, 4, 5].map((score) => ({ size: "Small" as const, year: 2025, aggregate: company(score, "1") })),
      ...[3, 4, 4, 5, 5].map((score, index) => ({
        size: "Medium" as const,
        year: 2025,
        aggregate: company(score, ["1", "1", "1", "4", "9"][index]),
      })),
      { size: "Medium", year: 2025, aggregate: createEmptyAggregate() }, // no responses: not counted
    ]);
    expect(bands.map((band) => [band.year, band.companySize, band.companies])).toEqual([
      [2025, "Small", 4],
      [2025, "Medium", 5],
    ]);
    expect(bands[0].benchmark).toBeNull();
    const medium = bands[1].benchmark!;
    // Company scores 3, 4, 4, 5, 5 → mean 21 / 5 = 4.2 for every agree-based figure.
    expect(medium).toMatchObject({ loveScoreBenchmark: 4.2, sparkScoreBenchmark: 4.2 });
    expect(medium.questionBenchmarks.Teamwork).toBe(4.2);
    expect(medium.sparkAreaBenchmarks.Respect).toBe(4.2);
    // Nobody rated a benefit, so benefit topics are absent rather than 0.
    expect(medium.questionBenchmarks.PaidTimeOff).toBeUndefined();
    // Recommend shares per company: 3 recommend, 1 neutral ("4"), 1 won't ("9") → 600 / 200 / 200 per 1,000.
    expect(medium.recommendBenchmarks).toEqual({ recommend: 600, neutral: 200, wontRecommend: 200 });
    expect(medium.sources.loveScoreBenchmark).toBe("recomputed");
  });
});
