/**
 * Sections other slices add to the end of the company report PDF. A slice above the reports (action plans, decision
 * 0078) may not be imported from here, so it hands in a source of sections through app.ts (registerReportRoutes'
 * options); the reports draw what the source returns. A section is words only: the source decides what the reader may
 * see, the reports decide how it looks and where pages break.
 */
import type { ReportFilter } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import type { Layout } from "./report-pdf-layout.js";

export interface ReportPdfParagraph {
  text: string;
  /** "title" starts an entry (larger and bold), "label" is bold, "note" is smaller and grey. */
  tone?: "title" | "label" | "body" | "note";
  /** Steps in from the margin, for lines that belong to the one above (an entry's actions). */
  level?: 0 | 1 | 2;
}

/** Paragraphs that belong together; an entry begins on a new page rather than leave its title alone at the bottom. */
export interface ReportPdfEntry {
  paragraphs: ReportPdfParagraph[];
}

export interface ReportPdfSection {
  heading: string;
  entries: ReportPdfEntry[];
}

export interface ReportPdfSectionInput {
  surveyId: string;
  /** The filters the report is narrowed to. */
  filters: readonly ReportFilter[];
}

/**
 * Gives the section for this reader and survey, or null when there is none to show (a company whose plan lacks the
 * feature). The caller has already read the company report, so the reader may see the survey's report.
 */
export type ReportPdfSectionSource = (ctx: AppContext, actor: Actor, input: ReportPdfSectionInput) => Promise<ReportPdfSection | null>;

const STYLES = {
  title: { size: 12, bold: true, gap: 5 },
  label: { size: 10, bold: true, gap: 4 },
  body: { size: 10, bold: false, gap: 4 },
  note: { size: 9, bold: false, gap: 4 },
} as const;
const LEVEL_INDENT = 14;
/** Room an entry needs at its start, so its title and first facts share a page: the title and six lines under it. */
const ENTRY_START = 110;
/** Room the section's heading takes (Layout.heading). */
const HEADING = 40;

export function drawReportSection(layout: Layout, section: ReportPdfSection): void {
  // The heading goes to the next page with its first entry rather than stay alone at the bottom of this one.
  layout.ensure(HEADING + ENTRY_START);
  layout.heading(section.heading);
  for (const entry of section.entries) {
    layout.ensure(ENTRY_START);
    for (const paragraph of entry.paragraphs) {
      const tone = paragraph.tone ?? "body";
      const style = STYLES[tone];
      layout.paragraph(paragraph.text, {
        ...style,
        indent: (paragraph.level ?? 0) * LEVEL_INDENT,
        color: tone === "note" ? layout.colors.MUTED : layout.colors.INK,
      });
    }
    layout.y -= 8;
  }
}
