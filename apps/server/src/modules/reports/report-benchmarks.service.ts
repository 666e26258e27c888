/**
 * Benchmarks for reports: the reference table with the bands recomputed from companies laid over it, each survey's
 * comparison block with the spec's fallbacks, and the recompute job's work (docs/decisions/0013).
 */
import {
  type BenchmarkBlock,
  type BenchmarkTable,
  benchmarkYearForSurvey,
  type CompanyBenchmarkInput,
  computeBenchmarksFromCompanies,
  REFERENCE_BENCHMARKS,
  resolveBenchmark,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import {
  findReportSurvey,
  listClosedLowiSurveysOfAllCompanies,
  listRecomputedBenchmarks,
  type ReportSurveyRow,
  type ReportTenantRow,
  replaceRecomputedBenchmarks,
} from "./reports.repo.js";
import { readSurveyState } from "./survey-state.js";

interface ReportLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}
let logger: ReportLogger | null = null;

/** Where benchmark warnings go (spec surveys §8: logged, never shown); set once when the routes are registered. */
export function setReportLogger(log: ReportLogger): void {
  logger = log;
}

let recomputedCache: { at: number; table: BenchmarkTable; recomputed: Set<string> } | null = null;

/** The reference table with every band recomputed from at least 5 companies laid over it (cached 5 minutes). */
async function benchmarkTable(ctx: AppContext): Promise<{ table: BenchmarkTable; recomputed: Set<string> }> {
  if (recomputedCache && Date.now() - recomputedCache.at < 300_000) return recomputedCache;
  const rows = await listRecomputedBenchmarks(ctx.database.db);
  const table: Record<number, Record<string, BenchmarkBlock>> = {};
  for (const [year, sizes] of Object.entries(REFERENCE_BENCHMARKS)) table[Number(year)] = { ...(sizes as Record<string, BenchmarkBlock>) };
  const recomputed = new Set<string>();
  for (const row of rows) {
    if (!row.data) continue;
    table[row.year] ??= {};
    table[row.year][row.companySize] = row.data as BenchmarkBlock;
    recomputed.add(`${row.year}:${row.companySize}`);
  }
  recomputedCache = { at: Date.now(), table: table as BenchmarkTable, recomputed };
  return recomputedCache;
}

/** Drops the cached benchmark table (after the recompute job). */
export function forgetBenchmarkTable(): void {
  recomputedCache = null;
}

export async function surveyBenchmark(ctx: AppContext, survey: ReportSurveyRow, tenant: ReportTenantRow) {
  const { table, recomputed } = await benchmarkTable(ctx);
  const year = benchmarkYearForSurvey({ endDate: survey.endDate, createdAt: survey.createdAt });
  const resolved = resolveBenchmark(table, year, tenant.companySize);
  // Spec surveys §8: the year warning is logged only; a missing size is reported as an error and Medium is used.
  if (resolved.warning) logger?.info({ surveyId: survey.id }, resolved.warning);
  if (resolved.error) logger?.error({ err: resolved.error, tenantId: tenant.id }, resolved.error.name);
  const source: "reference" | "recomputed" = recomputed.has(`${resolved.year}:${resolved.companySize}`) ? "recomputed" : "reference";
  return { ...resolved, source };
}

/**
 * Recomputes benchmarks from every company's closed LOWI surveys (the latest per company and year), keeping only the
 * size bands with at least 5 companies (spec §9, issue #5 item 2). A survey with fewer published respondents than its
 * own visibility threshold does not count: its numbers are never shown, so they do not shape anyone's benchmark either.
 */
export async function recomputeBenchmarks(ctx: AppContext, now = new Date()): Promise<{ bands: number; companies: number }> {
  const { db } = ctx.database;
  const surveys = await listClosedLowiSurveysOfAllCompanies(db, now);
  const seen = new Set<string>();
  const inputs: CompanyBenchmarkInput[] = [];
  for (const row of surveys) {
    const year = benchmarkYearForSurvey({ endDate: row.endDate, createdAt: row.createdAt });
    if (year === null || seen.has(`${row.tenantId}:${year}`)) continue;
    const meta = await findReportSurvey(db, row.tenantId, row.surveyId);
    if (!meta) continue;
    // The survey's own threshold and published responses, as its reports show them (decision 0022).
    const { state, threshold } = await readSurveyState(ctx, meta);
    if (state.all.responses < threshold) continue;
    seen.add(`${row.tenantId}:${year}`);
    inputs.push({ size: row.companySize as CompanyBenchmarkInput["size"], year, aggregate: state.all });
  }
  const bands = computeBenchmarksFromCompanies(inputs).filter((band) => band.benchmark !== null);
  await replaceRecomputedBenchmarks(
    db,
    bands.map((band) => ({ companySize: band.companySize, year: band.year, companies: band.companies, data: band.benchmark })),
  );
  forgetBenchmarkTable();
  return { bands: bands.length, companies: inputs.length };
}
