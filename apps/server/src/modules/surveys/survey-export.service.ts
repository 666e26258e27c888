import { type SurveyField, hasFeature, neutralizeCell, slugify } from "@hearth/shared";
import Papa from "papaparse";
import type { AppContext } from "../../app-context.js";
import { type Actor, featureUserOf } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { buildXlsx } from "../../lib/xlsx.js";
import { readFeatureTenant } from "../billing/billing.service.js";
import { findTenant } from "../company/company.repo.js";
import { publishedResponsePages } from "../reports/published-responses.js";
import type { SurveyRow } from "./surveys.repo.js";
import { requireSurvey } from "./surveys.service.js";

/** A file name that is safe in a Content-Disposition header. */
export function exportFileName(surveyName: string, extension: string): string {
  return `${slugify(surveyName) || "survey"}-responses.${extension}`;
}

/**
 * The question keys a response export carries: every question except the cohort questions (`filter: true`, the
 * demographics). A row-level export with cohort columns would let anyone read a group below the company's
 * visibility threshold (or tie a row to the only person of a small cohort); cohort breakdowns are exported from the
 * report pages instead, through the suppression plan (docs/decisions/0015).
 */
export function exportedKeys(fields: readonly SurveyField[]): string[] {
  return fields.filter((field) => field.filter !== true).map((field) => field.key);
}

/**
 * CSV of a survey's responses: one row per response, one column per question key, plus a day. Only the published
 * responses are exported — the first ⌊n / k⌋ · k by arrival, as in the reports — and `submitted_on` is the day the
 * response's block of k closed, not its own day (docs/decisions/0022). No identity is ever exported — responses are
 * stored without one — and no cohort answer (see `exportedKeys`).
 */
export async function* exportSurveyCsv(ctx: AppContext, actor: Actor, survey: SurveyRow): AsyncGenerator<string> {
  const keys = exportedKeys(survey.fields as SurveyField[]);
  yield `\uFEFF${Papa.unparse([["submitted_on", ...keys]])}\r\n`;
  for await (const rows of publishedResponsePages(ctx, actor.tenantId, survey.id)) {
    const lines = rows.map((row) => [row.blockDay, ...keys.map((key) => neutralizeCell(row.answers[key] ?? ""))]);
    yield `${Papa.unparse(lines)}\r\n`;
  }
}

export async function checkExportAllowed(ctx: AppContext, actor: Actor, surveyId: string) {
  const { db } = ctx.database;
  const tenant = await findTenant(db, actor.tenantId);
  if (!tenant) throw notFound("Company not found");
  const features = await readFeatureTenant(db, tenant);
  if (!hasFeature(featureUserOf(actor), features, "DataExport")) {
    throw new AppError("PLAN_UPGRADE_REQUIRED", "Exporting data needs a higher plan.", { status: 403, fields: { feature: "DataExport" } });
  }
  return requireSurvey(db, actor.tenantId, surveyId);
}

/** The same table as the CSV, as an Excel workbook (built in memory: fine for tens of thousands of rows). */
export async function exportSurveyXlsx(ctx: AppContext, actor: Actor, survey: SurveyRow): Promise<Buffer> {
  const keys = exportedKeys(survey.fields as SurveyField[]);
  const rows: string[][] = [["submitted_on", ...keys]];
  for await (const page of publishedResponsePages(ctx, actor.tenantId, survey.id)) {
    for (const row of page) rows.push([row.blockDay, ...keys.map((key) => row.answers[key] ?? "")]);
  }
  return buildXlsx(survey.name, rows);
}
