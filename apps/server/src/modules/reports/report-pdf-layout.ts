/**
 * The company report PDF's page layout: A4 pages with the footer and page number, a cursor that moves down and starts
 * a new page when the next piece does not fit, headings, score bars, and paragraphs that wrap to the page's width (the
 * server's shared wrapText, lib/pdf-writer.ts). Text is written with the standard fonts, so it goes through pdfText first.
 */
import { formatScore, type ScoreRow } from "@hearth/shared";
import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib";
import { pdfSafeText, wrapText } from "../../lib/pdf-writer.js";

// pdf-lib is imported when the first PDF is made: loading it takes most of a second, which every start would pay.
export const loadPdfLib = () => import("pdf-lib");
export type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;

export function palette(pdf: PdfLib) {
  return {
    INK: pdf.rgb(0.11, 0.1, 0.12),
    MUTED: pdf.rgb(0.42, 0.4, 0.44),
    EMBER: pdf.rgb(0.8, 0.29, 0.13),
    TRACK: pdf.rgb(0.93, 0.92, 0.91),
    BENCH: pdf.rgb(0.2, 0.24, 0.3),
  };
}
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 48;

/** Standard PDF fonts cover Windows-1252 only: the one rule of the PDFs (lib/pdf-writer.ts). */
export const pdfText = pdfSafeText;

export interface ParagraphStyle {
  size?: number;
  bold?: boolean;
  color?: Color;
  /** Points from the left margin, for every line of the paragraph. */
  indent?: number;
  /** Space after the paragraph's last line. */
  gap?: number;
}

export class Layout {
  page: PDFPage;
  y: number;
  constructor(
    readonly colors: ReturnType<typeof palette>,
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.page = this.addPage();
    this.y = PAGE_HEIGHT - MARGIN;
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    page.drawText(pdfText(this.footer), { x: MARGIN, y: 24, size: 8, font: this.regular, color: this.colors.MUTED });
    page.drawText(`Page ${this.doc.getPageCount()}`, {
      x: PAGE_WIDTH - MARGIN - 40,
      y: 24,
      size: 8,
      font: this.regular,
      color: this.colors.MUTED,
    });
    return page;
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.addPage();
      this.y = PAGE_HEIGHT - MARGIN;
    }
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: Color; x?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    this.ensure(size + 4);
    this.page.drawText(pdfText(value), {
      x: options.x ?? MARGIN,
      y: this.y - size,
      size,
      font: options.bold ? this.bold : this.regular,
      color: options.color ?? this.colors.INK,
    });
    this.y -= size + (options.gap ?? 6);
  }

  /** Text of any length: wrapped to the page's width, each line on the next page when this one is full. */
  paragraph(value: string, style: ParagraphStyle = {}): void {
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    const font = style.bold ? this.bold : this.regular;
    // The text's own line breaks are kept (pdfText would write them as "?"); then each line wraps at spaces.
    const width = PAGE_WIDTH - 2 * MARGIN - indent;
    const lines = value.split(/\r\n|\r|\n/).flatMap((line) => wrapText(pdfText(line), font, size, width));
    lines.forEach((line, index) => {
      this.ensure(size + 4);
      if (line) {
        this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color: style.color ?? this.colors.INK });
      }
      this.y -= size + (index === lines.length - 1 ? (style.gap ?? 6) : 3);
    });
  }

  heading(value: string): void {
    this.ensure(40);
    this.y -= 10;
    this.text(value, { size: 14, bold: true, gap: 8 });
  }

  /** One row: name, score out of 5, a bar with the benchmark marked, the comparison. */
  scoreBar(row: ScoreRow): void {
    this.ensure(20);
    const top = this.y;
    const barX = MARGIN + 200;
    const barWidth = 190;
    this.page.drawText(pdfText(row.name), { x: MARGIN, y: top - 10, size: 9.5, font: this.regular, color: this.colors.INK });
    this.page.drawText(formatScore(row.score), { x: MARGIN + 160, y: top - 10, size: 9.5, font: this.bold, color: this.colors.INK });
    if (!row.hideBar) {
      this.page.drawRectangle({ x: barX, y: top - 11, width: barWidth, height: 8, color: this.colors.TRACK });
      this.page.drawRectangle({
        x: barX,
        y: top - 11,
        width: (barWidth * Math.max(0, Math.min(5, row.score))) / 5,
        height: 8,
        color: this.colors.EMBER,
      });
      if (row.benchmark > 0) {
        const at = barX + (barWidth * Math.min(5, row.benchmark)) / 5;
        this.page.drawRectangle({ x: at - 0.75, y: top - 14, width: 1.5, height: 14, color: this.colors.BENCH });
      }
    }
    const right = `${row.benchmark > 0 ? `bench ${formatScore(row.benchmark)}  ` : ""}${row.comparison}`;
    this.page.drawText(pdfText(right), { x: barX + barWidth + 12, y: top - 10, size: 8.5, font: this.regular, color: this.colors.MUTED });
    this.y -= 18;
  }
}
