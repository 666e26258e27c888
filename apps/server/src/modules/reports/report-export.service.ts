/**
 * Report downloads: the company report as a PDF laid out like the page (score header, score cards, bar lists,
 * recommend and benefits), and every report table as CSV. Both read the same numbers as the pages, through the same
 * anonymity rules (a hidden group downloads as the notice, never as numbers).
 */
import {
  collectPlaceholderValues,
  type CompanyReport,
  fillPlaceholders,
  type ReportCsvTable,
  type ReportFilter,
  type ScoreRow,
  reportCsvFileName,
  reportPdfFileName,
  formatPercent,
  formatScore,
} from "@hearth/shared";
import Papa from "papaparse";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { commentLabelsShown, getSentimentReport, getThematicReport, listComments } from "../comments/comments.service.js";
import { Layout, loadPdfLib, MARGIN, palette, pdfText } from "./report-pdf-layout.js";
import { drawReportSection, type ReportPdfSectionSource } from "./report-pdf-sections.js";
import { findReportSurvey, findReportTenant } from "./reports.repo.js";
import { getBreakdownReport, getCompanyReport, getTeamReport } from "./reports.service.js";

function csv(rows: (string | number | null)[][]): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet; a quote mark keeps it text.
  const safe = rows.map((row) => row.map((cell) => (typeof cell === "string" && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : (cell ?? ""))));
  return `\uFEFF${Papa.unparse(safe, { newline: "\r\n" })}\r\n`;
}

const scoreTable = (rows: readonly ScoreRow[]) => [
  ["Name", "Topic", "Score (out of 5)", "Percent of 5", "Benchmark", "Comparison", "CI 95% low", "CI 95% high", "Answers"],
  ...rows.map((row) => [
    row.name,
    row.topic,
    row.score,
    row.percent,
    row.benchmark,
    row.comparison,
    row.ci?.low ?? null,
    row.ci?.high ?? null,
    row.answers,
  ]),
];

/**
 * A question's text as respondents read it ({{company_name}} and the survey's meta fields filled), for the CSV columns
 * that name questions (issue 25 item 6). Called after the report call has checked the caller's access.
 */
async function questionFiller(ctx: AppContext, actor: Actor, surveyId: string): Promise<(text: string) => string> {
  const [row, company] = await Promise.all([
    findReportSurvey(ctx.database.db, actor.tenantId, surveyId),
    findReportTenant(ctx.database.db, actor.tenantId),
  ]);
  const values = collectPlaceholderValues({ metaFields: row?.metaFields, companyName: company?.companyName });
  return (text: string) => fillPlaceholders(text, values);
}

/** The survey's name for a download's file name (the caller's access was checked by the report call before). */
async function surveyNameOf(ctx: AppContext, actor: Actor, surveyId: string): Promise<string> {
  return (await findReportSurvey(ctx.database.db, actor.tenantId, surveyId))?.name ?? "";
}

export async function exportReportTableCsv(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  table: ReportCsvTable,
  filters: ReportFilter[],
  cohort: string | undefined,
): Promise<{ fileName: string; text: string }> {
  // Named after the survey, the table and the filters (packages/shared reports/report-files.ts), read once the report
  // call below has checked the caller's access.
  const named = async (options: { cohort?: string | null } = {}) =>
    reportCsvFileName(await surveyNameOf(ctx, actor, surveyId), table, { filters, cohort: options.cohort });
  if (table === "team") {
    const team = await getTeamReport(ctx, actor, surveyId, cohort);
    // Another survey's columns are its questions: written as respondents read them.
    const fill = await questionFiller(ctx, actor, surveyId);
    const rows: (string | number | null)[][] = [["Cohort", "Responses", ...team.columns.map((column) => fill(column.name))]];
    if (team.overall)
      rows.push(["All respondents", team.overall.responses, ...team.columns.map((column) => team.overall?.scores[column.id] ?? null)]);
    for (const row of team.rows) {
      rows.push(
        row.hidden
          ? [row.value, "Hidden", ...team.columns.map(() => "Hidden")]
          : [row.value, row.responses, ...team.columns.map((column) => row.scores?.[column.id] ?? null)],
      );
    }
    return { fileName: await named({ cohort: team.cohortKey }), text: csv(rows) };
  }
  if (table === "sentiment") {
    const report = await getSentimentReport(ctx, actor, surveyId, filters);
    const fileName = await named();
    if (report.hidden) return { fileName, text: csv([["Notice"], [report.notice]]) };
    const rows: (string | number | null)[][] = [["Question", "Kind", "Label", "Count", "Share (%)"]];
    for (const block of [{ title: "All open questions", ...report.overall }, ...report.questions]) {
      for (const [label, value] of Object.entries(block.sentiment)) rows.push([block.title, "Sentiment", label, value.count, value.share]);
      for (const [label, value] of Object.entries(block.emotion)) rows.push([block.title, "Emotion", label, value.count, value.share]);
    }
    return { fileName, text: csv(rows) };
  }
  if (table === "comments") {
    const list = await listComments(ctx, actor, surveyId, { filters }, { uncapped: true });
    const fileName = await named();
    const fill = await questionFiller(ctx, actor, surveyId);
    const titles = new Map(list.options.openQuestions.map((question) => [question.key, fill(question.title)]));
    const rows: (string | number | null)[][] = [
      ["Comment", "Question", "Question key", "Recommendation", "Recommend tag", "Sentiment", "Emotion", "Topic"],
    ];
    if (list.scope.message) rows.push([list.scope.message]);
    else if (list.notice && list.comments.length === 0) rows.push([list.notice]);
    for (const row of list.comments) {
      const question = titles.get(row.questionKey) ?? row.questionKey;
      rows.push([row.text, question, row.questionKey, row.recommendation, row.recommendTag, row.sentiment, row.emotion, row.topic]);
    }
    return { fileName, text: csv(rows) };
  }
  if (table === "themes") {
    const report = await getThematicReport(ctx, actor, surveyId, filters, undefined);
    const fileName = await named();
    if (report.hidden) return { fileName, text: csv([["Notice"], [report.notice]]) };
    const rows: (string | number | null)[][] = [["Theme", "Topic", "Comments", "Positive", "Neutral", "Negative", "Example"]];
    for (const theme of report.themes) {
      const [first, ...rest] = theme.examples;
      rows.push([
        theme.label,
        theme.topic,
        theme.count,
        theme.sentiment.positive ?? 0,
        theme.sentiment.neutral ?? 0,
        theme.sentiment.negative ?? 0,
        first?.text ?? null,
      ]);
      for (const example of rest) rows.push([theme.label, theme.topic, null, null, null, null, example.text]);
    }
    return { fileName, text: csv(rows) };
  }
  if (table === "breakdown") {
    const breakdown = await getBreakdownReport(ctx, actor, surveyId, filters, commentLabelsShown);
    const fileName = await named();
    if (breakdown.hidden) return { fileName, text: csv([["Notice"], [breakdown.notice]]) };
    const fill = await questionFiller(ctx, actor, surveyId);
    const rows: (string | number | null)[][] = [["Question", "Question key", "Option", "Count", "Share (%)"]];
    for (const question of breakdown.questions) {
      const title = fill(question.title);
      for (const option of question.options) rows.push([title, question.key, option.label, option.count, option.share]);
      for (const [label, count] of Object.entries(question.sentiment ?? {}))
        rows.push([title, question.key, `Sentiment: ${label}`, count, null]);
      for (const [label, count] of Object.entries(question.emotion ?? {}))
        rows.push([title, question.key, `Emotion: ${label}`, count, null]);
    }
    return { fileName, text: csv(rows) };
  }
  const report = await getCompanyReport(ctx, actor, surveyId, filters);
  const fileName = await named();
  if (report.hidden) return { fileName, text: csv([["Notice"], [report.notice]]) };
  if (report.locked) {
    throw new AppError("PLAN_UPGRADE_REQUIRED", "Downloading the company report needs a higher plan.", {
      status: 403,
      fields: { feature: "LOWIReport" },
    });
  }
  switch (table) {
    case "competencies":
      return { fileName, text: csv(scoreTable([report.love, report.spark, ...report.competencies])) };
    case "love-areas":
      return { fileName, text: csv(scoreTable(report.loveAreas)) };
    case "spark-areas":
      return { fileName, text: csv(scoreTable(report.sparkAreas)) };
    case "recommend": {
      const { recommend } = report;
      const rows: (string | number | null)[][] = [
        ["Group", "Count", "Share (%)", "Benchmark share (%)"],
        ["Recommend", recommend.recommend, recommend.shares.recommend, recommend.benchmark?.shares.recommend ?? null],
        ["Neutral", recommend.neutral, recommend.shares.neutral, recommend.benchmark?.shares.neutral ?? null],
        ["Won't recommend", recommend.wontRecommend, recommend.shares.wontRecommend, recommend.benchmark?.shares.wontRecommend ?? null],
        ["eNPS", recommend.enps, null, null],
        [],
        ["Answer", "Count"],
        ...recommend.distribution.map((entry) => [entry.label, entry.count]),
      ];
      return { fileName, text: csv(rows) };
    }
    case "benefits":
      return {
        fileName,
        text: csv([
          ["Benefit", "Topic", "Satisfaction (out of 5)", "Percent of 5", "Benchmark", "Comparison", "Offered (%)", "Answers"],
          ...report.benefits.map((row) => [
            row.name,
            row.topic,
            row.satisfaction,
            row.percent,
            row.benchmark,
            row.comparison,
            row.offeredShare,
            row.answers,
          ]),
        ]),
      };
    case "group-areas":
      return {
        fileName,
        text: csv([
          ["Group", "Topic", "Do Well", "Do Better", "Not Sure", "Do Well (%)", "Do Better (%)", "Not Sure (%)"],
          ...report.groupAreas.map((row) => [
            row.name,
            row.topic,
            row.doWell,
            row.doBetter,
            row.notSure,
            row.shares.doWell,
            row.shares.doBetter,
            row.shares.notSure,
          ]),
        ]),
      };
  }
}

// ------------------------------------------------------------------------------------------------------------------
// PDF

/**
 * The company report as a PDF, then the sections other slices hand in (report-pdf-sections.ts), in their order: they
 * follow the report whether it shows numbers or the hidden notice, since each reads its own figures through the
 * suppression plan.
 */
export async function exportCompanyReportPdf(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  filters: ReportFilter[],
  sources: readonly ReportPdfSectionSource[] = [],
) {
  const report = await getCompanyReport(ctx, actor, surveyId, filters);
  const tenant = await findReportTenant(ctx.database.db, actor.tenantId);
  if (!report.hidden && report.locked) {
    throw new AppError("PLAN_UPGRADE_REQUIRED", "Downloading the company report needs a higher plan.", {
      status: 403,
      fields: { feature: "LOWIReport" },
    });
  }
  const pdf = await loadPdfLib();
  const colors = palette(pdf);
  const { INK, MUTED, EMBER } = colors;
  const doc = await pdf.PDFDocument.create();
  const companyName = tenant?.companyName?.trim() || "Your company";
  doc.setTitle(pdfText(`Company report - ${report.hidden ? "hidden" : report.surveyName}`));
  doc.setAuthor("Hearth");
  doc.setCreationDate(new Date());
  const regular = await doc.embedFont(pdf.StandardFonts.Helvetica);
  const bold = await doc.embedFont(pdf.StandardFonts.HelveticaBold);
  const generated = new Date().toISOString().slice(0, 10);
  const layout = new Layout(colors, doc, regular, bold, `${companyName} - Company report - generated ${generated} by Hearth`);

  layout.text(companyName, { size: 11, color: MUTED, gap: 4 });
  layout.text(report.hidden ? "Company report" : `Company report: ${report.surveyName}`, { size: 20, bold: true, gap: 8 });
  if (filters.length)
    layout.text(`Narrowed to ${filters.map((filter) => `${filter.key} = ${filter.value}`).join(" and ")}`, { color: MUTED });

  const addSections = async () => {
    for (const source of sources) {
      const section = await source(ctx, actor, { surveyId, filters });
      if (section) drawReportSection(layout, section);
    }
  };

  if (report.hidden) {
    layout.text(report.notice, { size: 12, gap: 10 });
    await addSections();
    return { fileName: reportPdfFileName(await surveyNameOf(ctx, actor, surveyId), filters), bytes: await doc.save() };
  }

  if (report.isDemo) layout.text("THIS IS A DEMO PREVIEW", { bold: true, color: EMBER });
  layout.text(
    `${report.responses.toLocaleString("en-US")} responses - benchmark: ${report.benchmarkSize} companies, ${report.benchmarkYear}${report.benchmarkSource === "recomputed" ? " (recomputed from Hearth companies)" : ""}`,
    { color: MUTED, gap: 14 },
  );

  // Score header: the LOWI score large, the SPARK score beside it.
  layout.ensure(90);
  const top = layout.y;
  const card = (x: number, title: string, row: ScoreRow) => {
    layout.page.drawRectangle({ x, y: top - 78, width: 240, height: 78, color: pdf.rgb(0.99, 0.96, 0.94) });
    layout.page.drawText(pdfText(title), { x: x + 12, y: top - 18, size: 10, font: regular, color: MUTED });
    layout.page.drawText(`${formatScore(row.score)} / 5`, { x: x + 12, y: top - 48, size: 24, font: bold, color: INK });
    const detail = `${formatPercent(row.percent)} - benchmark ${row.benchmark > 0 ? formatScore(row.benchmark) : "n/a"} (${row.comparison})`;
    layout.page.drawText(pdfText(detail), { x: x + 12, y: top - 62, size: 8.5, font: regular, color: MUTED });
    if (row.ci)
      layout.page.drawText(`95% interval ${formatScore(row.ci.low)} - ${formatScore(row.ci.high)}`, {
        x: x + 12,
        y: top - 73,
        size: 8.5,
        font: regular,
        color: MUTED,
      });
  };
  card(MARGIN, "LOWI score (Love of Workplace Index)", report.love);
  card(MARGIN + 259, "SPARK score", report.spark);
  layout.y = top - 92;

  layout.heading("Competencies");
  for (const row of report.competencies) layout.scoreBar(row);
  layout.heading("Love areas");
  for (const row of report.loveAreas) layout.scoreBar(row);
  layout.heading("SPARK areas");
  for (const row of report.sparkAreas) layout.scoreBar(row);

  layout.heading("Top 5 and low 5");
  for (const [index, row] of report.top5.entries()) layout.text(`${index + 1}. ${row.name}  ${formatScore(row.score)}`, { gap: 3 });
  layout.y -= 6;
  for (const [index, row] of report.low5.entries())
    layout.text(`${index + 1}. ${row.name}  ${formatScore(row.score)}`, { gap: 3, color: MUTED });

  const { recommend } = report;
  layout.heading("Would recommend as a place to work");
  layout.text(
    `Recommend ${recommend.shares.recommend}% (${recommend.recommend}) - Neutral ${recommend.shares.neutral}% (${recommend.neutral}) - Won't recommend ${recommend.shares.wontRecommend}% (${recommend.wontRecommend})`,
  );
  if (recommend.enps !== null) layout.text(`eNPS ${recommend.enps > 0 ? "+" : ""}${recommend.enps}`, { bold: true });
  if (recommend.benchmark) {
    layout.text(
      `Benchmark: recommend ${recommend.benchmark.shares.recommend}%, neutral ${recommend.benchmark.shares.neutral}%, won't recommend ${recommend.benchmark.shares.wontRecommend}%`,
      { color: MUTED },
    );
  }

  layout.heading("Benefits Matrix");
  for (const row of report.benefits) {
    layout.scoreBar({ ...row, score: row.satisfaction, ci: null } as unknown as ScoreRow);
  }

  if (report.responseRate) {
    layout.heading("Response rate");
    layout.text(
      `${report.responseRate.responded.toLocaleString("en-US")} of ${report.responseRate.invited.toLocaleString("en-US")} invited (${report.responseRate.rate}%)`,
    );
  }
  if (report.hiddenCohorts.length > 0) {
    layout.y -= 8;
    layout.text("Some cohorts are hidden as the number available falls below the visibility threshold.", { color: MUTED, size: 9 });
  }
  await addSections();
  return { fileName: reportPdfFileName(report.surveyName, filters), bytes: await doc.save() };
}

export type { CompanyReport };
