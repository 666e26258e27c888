/**
 * Benchmark reference data, 2021–2025 × Small/Medium/Large/Enterprise. The spec publishes only love and SPARK scores
 * (and not all of them); every other figure is derived from those by the fixed method below, written down in
 * docs/decisions/0013-benchmarks.md, and marked `source: "derived"`. Arithmetic is done in integer thousandths so the
 * table is the same on every machine.
 */
import { COMPANY_SIZES, type CompanySize } from "../company-size.js";
import { BENEFIT_TOPICS, COMPETENCIES, GROUP_AREAS, LOVE_AREAS, SPARK_AREAS, type SparkArea } from "../surveys/lowi/areas.js";
import type { BenchmarkBlock, BenchmarkSource, BenchmarkTable } from "./benchmark-types.js";

export const BENCHMARK_YEARS = [2021, 2022, 2023, 2024, 2025] as const;

/** The spec's published love / SPARK scores (surveys §9), exactly. 2021 publishes love only. */
export const PUBLISHED_BENCHMARK_SCORES: Readonly<Record<2021 | 2025, Record<CompanySize, { love: number; spark: number | null }>>> = {
  2025: {
    Enterprise: { love: 4.25, spark: 4.2 },
    Large: { love: 4.363, spark: 4.28 },
    Medium: { love: 4.413, spark: 4.4 },
    Small: { love: 4.42, spark: 4.44 },
  },
  2021: {
    Enterprise: { love: 4.3, spark: null },
    Large: { love: 4.3, spark: null },
    Medium: { love: 4.33, spark: null },
    Small: { love: 4.43, spark: null },
  },
};

/** Offsets (hundredths of a point) of each competency topic from the SPARK score; they sum to 0. */
export const COMPETENCY_OFFSETS: Readonly<Record<string, number>> = {
  Teamwork: 10,
  Growth: -12,
  Contribution: 8,
  Inclusivity: 2,
  FutureFocused: -8,
  Competence: 6,
  Perseverance: 5,
  GoalOriented: 0,
  Values: 3,
  Honesty: -4,
  Accountability: 0,
  PsychologicalSafety: -6,
  Appreciation: -10,
  Trust: -7,
  Belonging: 13,
};

/** Offsets (hundredths) of each love topic from the love score; they sum to 0. */
export const LOVE_OFFSETS: Readonly<Record<string, number>> = {
  LoveWorking: 5,
  LoveWorkplace: 0,
  LoveManager: 8,
  LoveCoWorkers: 12,
  LoveCEO: -25,
};

/** Offsets (hundredths) of each group-area topic from the SPARK score. */
export const GROUP_AREA_OFFSETS: Readonly<Record<string, number>> = {
  ParentsCaregivers: -10,
  LGBTQ: 0,
  Diversity: -15,
  YoungProfessionals: -5,
  Women: -5,
  CareerAdvancement: -30,
  Volunteering: -20,
  Neurodiverse: -25,
  Wellness: -10,
  Inclusion: 0,
  DisabledWorkers: -20,
  AfricanAmerican: -15,
  Veterans: -10,
  MentalHealth: -20,
  RemoteWork: 5,
};

/** Benefit satisfaction sits this many hundredths below the SPARK score before each benefit's own offset. */
export const BENEFIT_BASE_OFFSET = -50;

/** Offsets (hundredths) of each benefit topic from the benefit base. */
export const BENEFIT_OFFSETS: Readonly<Record<string, number>> = {
  PaidTimeOff: 25,
  HealthInsurance: 15,
  LifeInsurance: 5,
  DentalInsurance: 10,
  VisionInsurance: 5,
  PaidParentalLeave: 0,
  FertilityBenefits: -30,
  GenderAffirmingSurgery: -35,
  RetirementBenefits: 10,
  HealthcareSpending: -5,
  WellnessPrograms: -10,
  EmployeeRecognition: -15,
  RelocationAssistance: -25,
  CommutingAssistance: -30,
  TelecommutingOptions: 20,
  LongTermDisability: -5,
  ShortTermDisability: -5,
  TuitionReimbursement: -20,
  ChildcareBenefits: -40,
  GymMemberships: -20,
};

/** Recommend counts per 1,000: recommend = 400 + (love − 4) × 500, neutral fixed at 250, won't recommend the rest. */
export const RECOMMEND_PER = 1000;
export const RECOMMEND_NEUTRAL_PER_1000 = 250;

const milli = (value: number) => Math.round(value * 1000);
const fromMilli = (value: number) => value / 1000;
/** Midpoint of two thousandths values, halves rounded up (all values are positive). */
const midpoint = (a: number, b: number) => Math.round((a + b) / 2);
const clampScore = (value: number) => Math.min(5000, Math.max(1000, value));

/** Love and SPARK scores in thousandths for every year and size, with where each came from. */
export function deriveHeadlineScores(): Record<
  number,
  Record<CompanySize, { love: number; spark: number; loveSource: BenchmarkSource; sparkSource: BenchmarkSource }>
> {
  const result: ReturnType<typeof deriveHeadlineScores> = {};
  for (const year of BENCHMARK_YEARS) result[year] = {} as (typeof result)[number];
  for (const size of COMPANY_SIZES) {
    const love2025 = milli(PUBLISHED_BENCHMARK_SCORES[2025][size].love);
    const spark2025 = milli(PUBLISHED_BENCHMARK_SCORES[2025][size].spark!);
    const love2021 = milli(PUBLISHED_BENCHMARK_SCORES[2021][size].love);
    // 2021 SPARK: the 2021 love score plus the 2025 gap between SPARK and love.
    const spark2021 = love2021 + (spark2025 - love2025);
    // 2023 and 2024 are identical (spec): the midpoint of 2021 and 2025. 2022: the midpoint of 2021 and 2023.
    const love2023 = midpoint(love2021, love2025);
    const spark2023 = midpoint(spark2021, spark2025);
    const love2022 = midpoint(love2021, love2023);
    const spark2022 = midpoint(spark2021, spark2023);
    result[2025][size] = { love: love2025, spark: spark2025, loveSource: "spec", sparkSource: "spec" };
    result[2024][size] = { love: love2023, spark: spark2023, loveSource: "derived", sparkSource: "derived" };
    result[2023][size] = { love: love2023, spark: spark2023, loveSource: "derived", sparkSource: "derived" };
    result[2022][size] = { love: love2022, spark: spark2022, loveSource: "derived", sparkSource: "derived" };
    result[2021][size] = { love: love2021, spark: spark2021, loveSource: "spec", sparkSource: "derived" };
  }
  return result;
}

/** A full block from a love and a SPARK score (thousandths) by the offsets above. */
export function deriveBenchmarkBlock(
  year: number,
  companySize: CompanySize,
  loveMilli: number,
  sparkMilli: number,
  sources: { love: BenchmarkSource; spark: BenchmarkSource },
): BenchmarkBlock {
  const questions: Record<string, number> = {};
  for (const { topic } of COMPETENCIES) questions[topic] = clampScore(sparkMilli + COMPETENCY_OFFSETS[topic] * 10);
  for (const { topic } of LOVE_AREAS) questions[topic] = clampScore(loveMilli + LOVE_OFFSETS[topic] * 10);
  for (const { topic } of GROUP_AREAS) questions[topic] = clampScore(sparkMilli + GROUP_AREA_OFFSETS[topic] * 10);
  for (const topic of BENEFIT_TOPICS) questions[topic] = clampScore(sparkMilli + (BENEFIT_BASE_OFFSET + BENEFIT_OFFSETS[topic]) * 10);

  // A SPARK area: the mean of its member topics (its competencies and love items), to the nearest thousandth.
  const sparkAreaBenchmarks = {} as Record<SparkArea, number>;
  for (const area of SPARK_AREAS) {
    const members = [...COMPETENCIES, ...LOVE_AREAS].filter((item) => item.sparkArea === area).map((item) => questions[item.topic]);
    sparkAreaBenchmarks[area] = fromMilli(Math.round(members.reduce((sum, value) => sum + value, 0) / members.length));
  }

  const recommend = Math.min(RECOMMEND_PER - RECOMMEND_NEUTRAL_PER_1000, Math.max(0, Math.round(400 + (loveMilli - 4000) / 2)));
  const questionBenchmarks: Record<string, number> = {};
  for (const [topic, value] of Object.entries(questions)) questionBenchmarks[topic] = fromMilli(value);
  return {
    year,
    companySize,
    questionBenchmarks,
    sparkAreaBenchmarks,
    loveScoreBenchmark: fromMilli(loveMilli),
    sparkScoreBenchmark: fromMilli(sparkMilli),
    recommendBenchmarks: {
      recommend,
      neutral: RECOMMEND_NEUTRAL_PER_1000,
      wontRecommend: RECOMMEND_PER - RECOMMEND_NEUTRAL_PER_1000 - recommend,
    },
    sources: {
      questionBenchmarks: "derived",
      sparkAreaBenchmarks: "derived",
      loveScoreBenchmark: sources.love,
      sparkScoreBenchmark: sources.spark,
      recommendBenchmarks: "derived",
    },
  };
}

function buildReferenceTable(): BenchmarkTable {
  const headline = deriveHeadlineScores();
  const table: Record<number, Partial<Record<CompanySize, BenchmarkBlock>>> = {};
  for (const year of BENCHMARK_YEARS) {
    table[year] = {};
    for (const size of COMPANY_SIZES) {
      const { love, spark, loveSource, sparkSource } = headline[year][size];
      table[year][size] = deriveBenchmarkBlock(year, size, love, spark, { love: loveSource, spark: sparkSource });
    }
  }
  return table;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The reference benchmarks shipped with Hearth, frozen (recomputed bands replace a block, never edit it). */
export const REFERENCE_BENCHMARKS: BenchmarkTable = deepFreeze(buildReferenceTable());
