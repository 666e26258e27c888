/**
 * Choosing a benchmark block (year and size fallbacks, spec surveys §5 and §8) and recomputing benchmarks from
 * companies' own aggregates. See docs/decisions/0013-benchmarks.md.
 */
import { COMPANY_SIZES, type CompanySize, DEFAULT_COMPANY_SIZE } from "../company-size.js";
import { SPARK_AREAS, type SparkArea } from "../surveys/lowi/areas.js";
import type { ReportAggregate } from "./aggregate.js";
import type { BenchmarkBlock, BenchmarkTable } from "./benchmark-types.js";
import { computeCompanyReport } from "./company-report.js";
import { roundTo } from "./format.js";

/** Name of the error reported when a company has no (valid) size; the benchmark falls back to Medium. */
export const MISSING_COMPANY_SIZE = "Missing companySize";

/** The warning logged (never shown) when a benchmark year is not in the table. */
export function yearNotRegisteredWarning(year: unknown): string {
  return `Year ${year} is not registered`;
}

export interface ResolvedBenchmark {
  /** Null only when the table has no block at all for the size used. */
  benchmark: BenchmarkBlock | null;
  /** The year and size the block is for. */
  year: number | null;
  companySize: CompanySize;
  /** "Year {year} is not registered" when the year fell back; for the caller to log, never to show. */
  warning: string | null;
  /** An Error named "Missing companySize" when the size fell back to Medium; for error reporting. */
  error: Error | null;
}

function isCompanySize(value: unknown): value is CompanySize {
  return typeof value === "string" && (COMPANY_SIZES as readonly string[]).includes(value);
}

/**
 * The benchmark block for a year and company size. An unknown or missing size uses Medium and returns the
 * "Missing companySize" error; a year without a block for that size uses the latest year that has one and returns the
 * "Year {year} is not registered" warning.
 */
export function resolveBenchmark(table: BenchmarkTable, year: number | null | undefined, companySize: unknown): ResolvedBenchmark {
  let error: Error | null = null;
  let size: CompanySize;
  if (isCompanySize(companySize)) {
    size = companySize;
  } else {
    size = DEFAULT_COMPANY_SIZE;
    error = new Error(`Company size ${JSON.stringify(companySize ?? null)} is not one of ${COMPANY_SIZES.join(", ")}; using Medium`);
    error.name = MISSING_COMPANY_SIZE;
  }

  const exact = typeof year === "number" && Object.hasOwn(table, year) ? table[year][size] : undefined;
  if (exact) return { benchmark: exact, year: year as number, companySize: size, warning: null, error };

  const registered = Object.keys(table)
    .map(Number)
    .filter((candidate) => Number.isInteger(candidate) && table[candidate][size] !== undefined)
    .sort((a, b) => b - a);
  const latest = registered[0];
  return {
    benchmark: latest === undefined ? null : table[latest][size]!,
    year: latest ?? null,
    companySize: size,
    warning: yearNotRegisteredWarning(year),
    error,
  };
}

function yearOf(value: number | string | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  return Number.isFinite(time) ? date.getUTCFullYear() : null;
}

/** The benchmark (and comparison) year of a survey: its end date's year, else its creation date's year (UTC). */
export function benchmarkYearForSurvey(survey: {
  endDate?: number | string | Date | null;
  createdAt?: number | string | Date | null;
}): number | null {
  return yearOf(survey.endDate) ?? yearOf(survey.createdAt);
}

/** A size band needs at least this many companies before its benchmarks are recomputed from their surveys. */
export const MIN_COMPANIES_FOR_RECOMPUTED_BENCHMARK = 5;

export interface CompanyBenchmarkInput {
  size: CompanySize;
  year: number;
  aggregate: ReportAggregate;
}

export interface RecomputedBenchmarkBand {
  year: number;
  companySize: CompanySize;
  /** Companies in the band with at least one response. */
  companies: number;
  /** Null when `companies` is below MIN_COMPANIES_FOR_RECOMPUTED_BENCHMARK. */
  benchmark: BenchmarkBlock | null;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Recomputes one block per (year, size) band from companies' aggregates. Every company weighs the same (the mean of
 * the company-level scores as their reports show them, to two decimals, so one large company does not become the
 * benchmark); a company counts for a figure only when
 * it has answers for it. Recommend counts are the mean of the companies' shares, per 1,000. Scores are rounded to three
 * decimals. Group areas (do well / do better rows) carry no 1..5 score and are not recomputed. Bands are sorted by
 * year, then by size order; bands with fewer than 5 companies with responses get `benchmark: null`.
 */
export function computeBenchmarksFromCompanies(companies: readonly CompanyBenchmarkInput[]): RecomputedBenchmarkBand[] {
  const bands = new Map<string, { year: number; size: CompanySize; aggregates: ReportAggregate[] }>();
  for (const company of companies) {
    if (!isCompanySize(company.size) || !Number.isInteger(company.year) || !(company.aggregate?.responses > 0)) continue;
    const id = `${company.year}:${company.size}`;
    let band = bands.get(id);
    if (!band) {
      band = { year: company.year, size: company.size, aggregates: [] };
      bands.set(id, band);
    }
    band.aggregates.push(company.aggregate);
  }

  const result: RecomputedBenchmarkBand[] = [];
  for (const band of bands.values()) {
    const entry: RecomputedBenchmarkBand = { year: band.year, companySize: band.size, companies: band.aggregates.length, benchmark: null };
    if (band.aggregates.length >= MIN_COMPANIES_FOR_RECOMPUTED_BENCHMARK)
      entry.benchmark = recomputeBlock(band.year, band.size, band.aggregates);
    result.push(entry);
  }
  return result.sort((a, b) => a.year - b.year || COMPANY_SIZES.indexOf(a.companySize) - COMPANY_SIZES.indexOf(b.companySize));
}

function recomputeBlock(year: number, companySize: CompanySize, aggregates: readonly ReportAggregate[]): BenchmarkBlock {
  const reports = aggregates.map((aggregate) => computeCompanyReport(aggregate, null));
  /** Mean of the companies' shown scores where they had answers, to three decimals; 0 when no company had any. */
  const meanScore = (rows: readonly ({ score: number; answers: number } | undefined)[]) =>
    roundTo(mean(rows.filter((row) => row !== undefined && row.answers > 0).map((row) => row!.score)) ?? 0, 3);

  const questionBenchmarks: Record<string, number> = {};
  const rowsByTopic = new Map<string, { score: number; answers: number }[]>();
  for (const report of reports) {
    const rows = [
      ...report.competencies,
      ...report.loveAreas,
      ...report.benefits.map((row) => ({ topic: row.topic, score: row.satisfaction, answers: row.answers })),
    ];
    for (const row of rows) {
      const list = rowsByTopic.get(row.topic) ?? [];
      list.push(row);
      rowsByTopic.set(row.topic, list);
    }
  }
  for (const [topic, rows] of rowsByTopic) {
    if (rows.some((row) => row.answers > 0)) questionBenchmarks[topic] = meanScore(rows);
  }

  const sparkAreaBenchmarks = {} as Record<SparkArea, number>;
  for (const area of SPARK_AREAS)
    sparkAreaBenchmarks[area] = meanScore(reports.map((report) => report.sparkAreas.find((row) => row.topic === area)));

  const withRecommend = reports.filter((report) => report.recommend.total > 0);
  const shareMean = (pick: (report: (typeof reports)[number]) => number) =>
    mean(withRecommend.map((report) => pick(report) / report.recommend.total)) ?? 0;
  const recommend = Math.round(shareMean((report) => report.recommend.recommend) * 1000);
  const neutral = Math.round(shareMean((report) => report.recommend.neutral) * 1000);

  return {
    year,
    companySize,
    questionBenchmarks,
    sparkAreaBenchmarks,
    loveScoreBenchmark: meanScore(reports.map((report) => report.love)),
    sparkScoreBenchmark: meanScore(reports.map((report) => report.spark)),
    recommendBenchmarks:
      withRecommend.length === 0
        ? { recommend: 0, neutral: 0, wontRecommend: 0 }
        : { recommend, neutral, wontRecommend: 1000 - recommend - neutral },
    sources: {
      questionBenchmarks: "recomputed",
      sparkAreaBenchmarks: "recomputed",
      loveScoreBenchmark: "recomputed",
      sparkScoreBenchmark: "recomputed",
      recommendBenchmarks: "recomputed",
    },
  };
}
