import {
  collectPlaceholderValues,
  EXPORT_COMMENT_HEADER,
  fillPlaceholders,
  type SurveyField,
  hasFeature,
  neutralizeCell,
  responseExportHeaderRows,
  slugify,
} from "@hearth/shared";
import { createHmac } from "node:crypto";
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
 * In an anonymous survey the written answers leave the answer rows (decision 0052): they are exported in a section of
 * their own (question key and text), shuffled, so a comment cannot be joined to an answer vector even inside a visible
 * group. Other surveys keep them in their rows.
 */
function exportLayout(survey: SurveyRow): { keys: string[]; commentKeys: string[] } {
  const keys = exportedKeys(survey.fields as SurveyField[]);
  if (!survey.isAnonymous) return { keys, commentKeys: [] };
  const text = new Set((survey.fields as SurveyField[]).filter((field) => field.answerType === "Text").map((field) => field.key));
  return { keys: keys.filter((key) => !text.has(key)), commentKeys: keys.filter((key) => text.has(key)) };
}

/**
 * The two header rows (question texts, then keys: `responseExportHeaderRows`, decision 0068) and each key's question
 * text, with {{company_name}} and the survey's meta fields filled as respondents saw them.
 */
async function exportHeader(ctx: AppContext, actor: Actor, survey: SurveyRow, keys: readonly string[]) {
  const tenant = await findTenant(ctx.database.db, actor.tenantId);
  const values = collectPlaceholderValues({ metaFields: survey.metaFields, companyName: tenant?.companyName });
  const fill = (text: string) => fillPlaceholders(text, values);
  const fields = survey.fields as SurveyField[];
  const questionOf = (key: string) => responseExportHeaderRows(fields, [key], fill)[0][1];
  return { rows: responseExportHeaderRows(fields, keys, fill), questionOf };
}

/**
 * Detached comments in the order of HMAC(AUTH_SECRET, survey ‖ response id ‖ question): unrelated to the rows' order
 * (their random ids) or to arrival without the server's secret, and the same in every download of the same published
 * responses, so two exports agree.
 */
class DetachedComments {
  private readonly items: { order: string; key: string; text: string }[] = [];
  constructor(
    private readonly secret: string,
    private readonly surveyId: string,
  ) {}
  add(responseId: string, key: string, text: string | undefined): void {
    if (!text?.trim()) return;
    const order = createHmac("sha256", this.secret).update(`${this.surveyId}\u0000${responseId}\u0000${key}`).digest("hex");
    this.items.push({ order, key, text });
  }
  /** The section's rows: its header, then the question's text, its key and the comment. */
  rows(questionOf: (key: string) => string, neutralize: (text: string) => string): string[][] {
    this.items.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    return [[...EXPORT_COMMENT_HEADER], ...this.items.map((item) => [neutralize(questionOf(item.key)), item.key, neutralize(item.text)])];
  }
}

/**
 * CSV of a survey's responses: one row per response, one column per question, plus a day; two header rows, the
 * questions' texts then their keys (decision 0068). Only the published
 * responses are exported — the same blocks as the reports (decisions 0022, 0052) — and `submitted_on` is the day the
 * response's block closed, not its own day. No identity is ever exported — responses are stored without one — and no
 * cohort answer (see `exportedKeys`). An anonymous survey's comments follow in their own section, detached.
 */
export async function* exportSurveyCsv(ctx: AppContext, actor: Actor, survey: SurveyRow): AsyncGenerator<string> {
  const { keys, commentKeys } = exportLayout(survey);
  const comments = new DetachedComments(ctx.env.AUTH_SECRET, survey.id);
  const header = await exportHeader(ctx, actor, survey, keys);
  yield `\uFEFF${Papa.unparse(header.rows.map((row) => row.map(neutralizeCell)))}\r\n`;
  for await (const rows of publishedResponsePages(ctx, actor.tenantId, survey.id)) {
    const lines = rows.map((row) => [row.blockDay, ...keys.map((key) => neutralizeCell(row.answers[key] ?? ""))]);
    for (const row of rows) for (const key of commentKeys) comments.add(row.id, key, row.answers[key]);
    if (lines.length > 0) yield `${Papa.unparse(lines)}\r\n`;
  }
  if (commentKeys.length > 0) yield `\r\n${Papa.unparse(comments.rows(header.questionOf, neutralizeCell))}\r\n`;
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
  const { keys, commentKeys } = exportLayout(survey);
  const header = await exportHeader(ctx, actor, survey, keys);
  const rows: string[][] = [...header.rows];
  const comments = new DetachedComments(ctx.env.AUTH_SECRET, survey.id);
  for await (const page of publishedResponsePages(ctx, actor.tenantId, survey.id)) {
    for (const row of page) {
      rows.push([row.blockDay, ...keys.map((key) => row.answers[key] ?? "")]);
      for (const key of commentKeys) comments.add(row.id, key, row.answers[key]);
    }
  }
  if (commentKeys.length > 0) rows.push([], ...comments.rows(header.questionOf, (text) => text));
  return buildXlsx(survey.name, rows);
}
