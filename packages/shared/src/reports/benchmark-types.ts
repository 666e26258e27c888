/** The shape of benchmark reference data and the two benchmark tooltips (spec surveys §3 Benchmarks, §8). */
import type { CompanySize } from "../company-size.js";
import type { SparkArea } from "../surveys/lowi/areas.js";

/**
 * Where a block of figures comes from: printed in the spec, derived from the spec's figures by the fixed method of
 * docs/decisions/0013-benchmarks.md (reference data, not measured), or recomputed from companies' own surveys.
 */
export type BenchmarkSource = "spec" | "derived" | "recomputed";

/** Recommend-to-a-friend benchmark counts, per 1,000 respondents. */
export interface RecommendBenchmark {
  recommend: number;
  neutral: number;
  wontRecommend: number;
}

/** One size band's benchmarks for one year; scores on the 1..5 scale. */
export interface BenchmarkBlock {
  year: number;
  companySize: CompanySize;
  /** Score per question topic (competency, love, group-area and benefit topics). */
  questionBenchmarks: Record<string, number>;
  sparkAreaBenchmarks: Record<SparkArea, number>;
  loveScoreBenchmark: number;
  sparkScoreBenchmark: number;
  recommendBenchmarks: RecommendBenchmark;
  /** The source of each figure, per block of the figures above. */
  sources: {
    questionBenchmarks: BenchmarkSource;
    sparkAreaBenchmarks: BenchmarkSource;
    loveScoreBenchmark: BenchmarkSource;
    sparkScoreBenchmark: BenchmarkSource;
    recommendBenchmarks: BenchmarkSource;
  };
}

/** Benchmarks by year, then by company size. A size missing in a year is "not registered" for that size. */
export type BenchmarkTable = Readonly<Record<number, Partial<Record<CompanySize, BenchmarkBlock>>>>;

/** Tooltip of a row whose benchmark year has no figure for the question (spec surveys §8). */
export const BENCHMARK_MISSING_TOOLTIP = "The comparison year does not have benchmark data for this question.";
/** Tooltip of a row whose own data is missing in part or in whole (spec surveys §8). */
export const DATA_UNAVAILABLE_TOOLTIP = "Some of the data is unavailable for comparison as it wasn't collected or asked of your employees.";
export type BenchmarkTooltip = typeof BENCHMARK_MISSING_TOOLTIP | typeof DATA_UNAVAILABLE_TOOLTIP;

/**
 * Which tooltip a report row shows: no benchmark figure (missing, 0 or not a number) → the first; otherwise, when the
 * row's own data is missing (no answers) or only partly there (`complete: false`, e.g. a SPARK area some of whose items
 * were not answered) → the second; otherwise none.
 */
export function benchmarkTooltip(row: {
  benchmark: number | null | undefined;
  answered: number;
  complete?: boolean;
}): BenchmarkTooltip | null {
  if (!row.benchmark || !Number.isFinite(row.benchmark)) return BENCHMARK_MISSING_TOOLTIP;
  if (!(row.answered > 0) || row.complete === false) return DATA_UNAVAILABLE_TOOLTIP;
  return null;
}
