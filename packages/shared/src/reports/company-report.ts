/**
 * The Company report (LOWI™ score, SPARK scores, competencies, recommend, group areas, benefits) computed from a
 * `ReportAggregate` alone. Formulas: docs/decisions/0012-score-engine.md.
 */
import { SPARK_AREA_LABELS, SPARK_AREAS, type SparkArea } from "../surveys/lowi/areas.js";
import { type RecommendValue, normalizeRecommendAnswer } from "../surveys/lowi/recommend.js";
import { AGREE_SCALE, BENEFIT_SCALE, RECOMMEND_OPTIONS, RECOMMENDATION_OPTIONS } from "../surveys/scales.js";
import { countOf, type ReportAggregate } from "./aggregate.js";
import { type BenchmarkBlock, type BenchmarkTooltip, benchmarkTooltip, type RecommendBenchmark } from "./benchmark-types.js";
import { formatComparison, isBarHidden, percentOfMax, roundTo, shareOf, toShares } from "./format.js";
import {
  LOWI_BENEFIT_ROWS,
  LOWI_COMPETENCY_ITEMS,
  LOWI_GROUP_ROWS,
  LOWI_LOVE_ITEMS,
  LOWI_RECOMMEND_KEY,
  type LowiScoredItem,
} from "./lowi-keys.js";
import { type ConfidenceInterval, confidenceInterval95, emptyMoments, type Moments } from "./statistics.js";

/** How many items the top and low score lists show (spec surveys §9). */
export const TOP_LIST_SIZE = 5;

/**
 * One score out of 5 with everything the page shows beside it; the field names follow `scoreRowSchema` in
 * contracts/reports.ts. `score` is 0 when nothing was answered.
 */
export interface ComputedScoreRow {
  /** Display name ("Psychological Safety", "Manager", "Systemic Collaboration"). */
  name: string;
  /** Benchmark topic or area key. */
  topic: string;
  /** Mean on 1..5, rounded to two decimals; 0 when `answers` is 0. */
  score: number;
  /** Score as a percent of 5, one decimal (from the unrounded mean). */
  percent: number;
  /** Answers the score is the mean of. */
  answers: number;
  /** The benchmark on the same scale; 0 when there is none. */
  benchmark: number;
  /** `formatComparison(mean, benchmark)`, from the unrounded mean. */
  comparison: string;
  hideBar: boolean;
  ci: ConfidenceInterval | null;
  /** Which of the spec's two tooltips applies, if any (`benchmarkTooltip`). */
  benchmarkNote: BenchmarkTooltip | null;
}

/** A competency or love item. */
export interface ComputedItemRow extends ComputedScoreRow {
  key: string;
  sparkArea: SparkArea;
}

/** A SPARK area; `topic` is the area key. */
export interface ComputedSparkAreaRow extends ComputedScoreRow {
  /** Question keys of the area's items (competencies and love items). */
  keys: string[];
}

export interface RecommendShares {
  recommend: number;
  neutral: number;
  wontRecommend: number;
}

export interface ComputedRecommend {
  recommend: number;
  neutral: number;
  wontRecommend: number;
  /** Answers to the recommend item. */
  total: number;
  shares: RecommendShares;
  /** Recommend share − won't-recommend share (unrounded), rounded to an integer in −100..100; null without answers. */
  enps: number | null;
  /** Answers per value 1 (Very Likely) … 10 (Not at All Likely), with 0 merged into 1 and 11 into 10. */
  distribution: { value: RecommendValue; label: string; count: number; share: number }[];
  /** The benchmark counts (per 1,000 respondents) with their shares and eNPS. */
  benchmark: (RecommendBenchmark & { shares: RecommendShares; enps: number | null }) | null;
  /** enps − benchmark eNPS, in points; null when either is missing. */
  enpsDifference: number | null;
}

export interface ComputedGroupAreaRow {
  key: string;
  /** Benchmark topic of the area ("ParentsCaregivers"). */
  topic: string;
  /** Display name ("Parents and Caregivers"). */
  name: string;
  /** The matrix row's text. */
  question: string;
  doWell: number;
  doBetter: number;
  notSure: number;
  total: number;
  shares: { doWell: number; doBetter: number; notSure: number };
}

export interface ComputedBenefitRow {
  key: string;
  topic: string;
  /** The matrix row's text ("Paid time off"). */
  name: string;
  /** Mean satisfaction 1..5 over the rated answers (Not Offered left out), two decimals; 0 when none. */
  satisfaction: number;
  percent: number;
  /** Rated answers (not Not Offered). */
  answers: number;
  notOffered: number;
  /** Rated answers as a share of all answers to the row (rated + Not Offered), one decimal; 0 when none. */
  offeredShare: number;
  benchmark: number;
  comparison: string;
  hideBar: boolean;
  ci: ConfidenceInterval | null;
  benchmarkNote: BenchmarkTooltip | null;
  /** Counts and shares of every option, in option order (Very Dissatisfied … Very Satisfied, Not Offered). */
  distribution: { label: string; count: number; share: number }[];
}

export interface ComputedCompanyReport {
  responses: number;
  /** The LOWI™ score: mean of all answers to the 5 love items (0 when none). */
  loveScore: number;
  /** Mean of all answers to the 15 competency items (0 when none). */
  sparkScore: number;
  love: ComputedScoreRow;
  spark: ComputedScoreRow;
  competencies: ComputedItemRow[];
  loveAreas: ComputedItemRow[];
  sparkAreas: ComputedSparkAreaRow[];
  top5: ComputedItemRow[];
  low5: ComputedItemRow[];
  recommend: ComputedRecommend;
  groupAreas: ComputedGroupAreaRow[];
  benefits: ComputedBenefitRow[];
}

export interface CompanyReportOptions {
  /** Length of the top and low lists; default 5. */
  listSize?: number;
}

/** Moments of one question's answers on a scale whose i-th label scores i + 1 (the first `scored` labels only). */
function scaleMoments(aggregate: ReportAggregate, key: string, scale: readonly string[], scored = scale.length): Moments {
  const moments = emptyMoments();
  for (let index = 0; index < scored; index += 1) {
    const count = countOf(aggregate, key, scale[index]);
    if (count === 0) continue;
    const score = index + 1;
    moments.n += count;
    moments.sum += score * count;
    moments.sumSq += score * score * count;
  }
  return moments;
}

function pool(parts: readonly Moments[]): Moments {
  const total = emptyMoments();
  for (const part of parts) {
    total.n += part.n;
    total.sum += part.sum;
    total.sumSq += part.sumSq;
  }
  return total;
}

function exactMean(moments: Moments): number {
  return moments.n > 0 ? moments.sum / moments.n : 0;
}

type ScoreFields = Omit<ComputedScoreRow, "name" | "topic">;

/**
 * Score fields from the pooled answers. The interval comes from `ciMoments` (respondent-level moments for composites,
 * centred on the pooled mean) or, when absent, from the answers themselves.
 */
function summarise(pooled: Moments, benchmarkValue: number | undefined, complete: boolean, ciMoments?: Moments): ScoreFields {
  const mean = exactMean(pooled);
  const benchmark = typeof benchmarkValue === "number" && Number.isFinite(benchmarkValue) ? benchmarkValue : 0;
  return {
    score: roundTo(mean, 2),
    percent: percentOfMax(mean),
    answers: pooled.n,
    benchmark,
    comparison: formatComparison(mean, benchmark),
    hideBar: isBarHidden(mean, benchmark),
    ci: pooled.n > 0 ? confidenceInterval95(ciMoments ?? pooled, mean) : null,
    benchmarkNote: benchmarkTooltip({ benchmark, answered: pooled.n, complete }),
  };
}

interface ItemMoments {
  item: LowiScoredItem;
  moments: Moments;
  row: ComputedItemRow;
}

/**
 * Ranks items by their exact (unrounded) mean — highest first for `top`, lowest first for `low` — with equal means
 * kept in instrument order (the order of COMPETENCIES). Items nobody answered are left out.
 */
function rank(items: readonly ItemMoments[], direction: "top" | "low", size: number): ComputedItemRow[] {
  return items
    .map((entry, order) => ({ entry, order, mean: exactMean(entry.moments) }))
    .filter(({ entry }) => entry.moments.n > 0)
    .sort((a, b) => (direction === "top" ? b.mean - a.mean : a.mean - b.mean) || a.order - b.order)
    .slice(0, Math.max(0, size))
    .map(({ entry }) => entry.row);
}

/** Net score from the three counts: (recommend − won't recommend) / total × 100, rounded half away from zero. */
export function computeEnps(counts: RecommendBenchmark): number | null {
  const total = counts.recommend + counts.neutral + counts.wontRecommend;
  if (!(total > 0)) return null;
  return roundTo(((counts.recommend - counts.wontRecommend) / total) * 100, 0);
}

function recommendShares(counts: RecommendBenchmark): RecommendShares {
  const [recommend, neutral, wontRecommend] = toShares([counts.recommend, counts.neutral, counts.wontRecommend]);
  return { recommend, neutral, wontRecommend };
}

function recommendSection(aggregate: ReportAggregate, benchmark: BenchmarkBlock | null): ComputedRecommend {
  const byValue = new Array<number>(11).fill(0);
  const histogram = Object.hasOwn(aggregate.histograms, LOWI_RECOMMEND_KEY) ? aggregate.histograms[LOWI_RECOMMEND_KEY] : {};
  // Labels are normalised again, so a histogram holding "0", "1", "11" or numbers (imports) merges like the fold does.
  for (const [label, count] of Object.entries(histogram)) {
    const value = normalizeRecommendAnswer(label);
    if (value !== null && Number.isFinite(count) && count > 0) byValue[value] += count;
  }
  const counts = byValue.slice(1);
  const shares = toShares(counts);
  const tags: RecommendBenchmark = {
    recommend: byValue[1] + byValue[2],
    neutral: byValue[3] + byValue[4],
    wontRecommend: counts.slice(4).reduce((sum, count) => sum + count, 0),
  };
  const enps = computeEnps(tags);
  const reference = benchmark?.recommendBenchmarks ?? null;
  const referenceEnps = reference ? computeEnps(reference) : null;
  return {
    ...tags,
    total: counts.reduce((sum, count) => sum + count, 0),
    shares: recommendShares(tags),
    enps,
    distribution: RECOMMEND_OPTIONS.map((label, index) => ({
      value: (index + 1) as RecommendValue,
      label,
      count: counts[index],
      share: shares[index],
    })),
    benchmark: reference ? { ...reference, shares: recommendShares(reference), enps: referenceEnps } : null,
    enpsDifference: enps !== null && referenceEnps !== null ? enps - referenceEnps : null,
  };
}

function groupAreaRows(aggregate: ReportAggregate): ComputedGroupAreaRow[] {
  return LOWI_GROUP_ROWS.map((row) => {
    const [doWell, doBetter, notSure] = RECOMMENDATION_OPTIONS.map((label) => countOf(aggregate, row.key, label));
    const [doWellShare, doBetterShare, notSureShare] = toShares([doWell, doBetter, notSure]);
    return {
      key: row.key,
      topic: row.topic,
      name: row.name,
      question: row.question,
      doWell,
      doBetter,
      notSure,
      total: doWell + doBetter + notSure,
      shares: { doWell: doWellShare, doBetter: doBetterShare, notSure: notSureShare },
    };
  });
}

function benefitRows(aggregate: ReportAggregate, benchmark: BenchmarkBlock | null): ComputedBenefitRow[] {
  return LOWI_BENEFIT_ROWS.map((row) => {
    const counts = BENEFIT_SCALE.map((label) => countOf(aggregate, row.key, label));
    const shares = toShares(counts);
    const moments = scaleMoments(aggregate, row.key, BENEFIT_SCALE, 5);
    const notOffered = counts[5];
    const summary = summarise(moments, benchmark?.questionBenchmarks[row.topic], true);
    return {
      key: row.key,
      topic: row.topic,
      name: row.question,
      satisfaction: summary.score,
      percent: summary.percent,
      answers: moments.n,
      notOffered,
      offeredShare: shareOf(moments.n, moments.n + notOffered),
      benchmark: summary.benchmark,
      comparison: summary.comparison,
      hideBar: summary.hideBar,
      ci: summary.ci,
      benchmarkNote: summary.benchmarkNote,
      distribution: BENEFIT_SCALE.map((label, index) => ({ label, count: counts[index], share: shares[index] })),
    };
  });
}

/** Name and topic of the two headline rows. */
export const LOVE_SCORE_ROW = { name: "Love of Workplace Index", topic: "LoveScore" } as const;
export const SPARK_SCORE_ROW = { name: "SPARK", topic: "SparkScore" } as const;

/**
 * The Company report numbers from one aggregate and the resolved benchmark block (null: no benchmark, every benchmark
 * 0 and every comparison "-%"). Never NaN: an empty group gives scores 0, ci null, eNPS null and shares 0.
 */
export function computeCompanyReport(
  aggregate: ReportAggregate,
  benchmark: BenchmarkBlock | null,
  options: CompanyReportOptions = {},
): ComputedCompanyReport {
  const listSize = options.listSize ?? TOP_LIST_SIZE;
  const itemMoments = (items: readonly LowiScoredItem[]): ItemMoments[] =>
    items.map((item) => {
      const moments = scaleMoments(aggregate, item.key, AGREE_SCALE);
      const row: ComputedItemRow = {
        key: item.key,
        name: item.name,
        topic: item.topic,
        sparkArea: item.sparkArea,
        ...summarise(moments, benchmark?.questionBenchmarks[item.topic], true),
      };
      return { item, moments, row };
    });
  const competencies = itemMoments(LOWI_COMPETENCY_ITEMS);
  const loveItems = itemMoments(LOWI_LOVE_ITEMS);
  const allAnswered = (entries: readonly ItemMoments[]) => entries.every((entry) => entry.moments.n > 0);
  const pooled = (entries: readonly ItemMoments[]) => pool(entries.map((entry) => entry.moments));
  const { composites } = aggregate;

  const sparkAreas = SPARK_AREAS.map((area): ComputedSparkAreaRow => {
    const members = [...competencies, ...loveItems].filter((entry) => entry.item.sparkArea === area);
    return {
      name: SPARK_AREA_LABELS[area],
      topic: area,
      keys: members.map((entry) => entry.item.key),
      ...summarise(pooled(members), benchmark?.sparkAreaBenchmarks[area], allAnswered(members), composites.sparkAreas[area]),
    };
  });
  const love = {
    ...LOVE_SCORE_ROW,
    ...summarise(pooled(loveItems), benchmark?.loveScoreBenchmark, allAnswered(loveItems), composites.love),
  };
  const spark = {
    ...SPARK_SCORE_ROW,
    ...summarise(pooled(competencies), benchmark?.sparkScoreBenchmark, allAnswered(competencies), composites.spark),
  };

  return {
    responses: aggregate.responses,
    loveScore: love.score,
    sparkScore: spark.score,
    love,
    spark,
    competencies: competencies.map((entry) => entry.row),
    loveAreas: loveItems.map((entry) => entry.row),
    sparkAreas,
    top5: rank(competencies, "top", listSize),
    low5: rank(competencies, "low", listSize),
    recommend: recommendSection(aggregate, benchmark),
    groupAreas: groupAreaRows(aggregate),
    benefits: benefitRows(aggregate, benchmark),
  };
}
