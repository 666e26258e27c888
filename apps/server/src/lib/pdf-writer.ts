/**
 * What the server's generated documents (the order form, invoices) share: US Letter pages, pdf-lib's standard fonts
 * (Windows-1252 only, so every text goes through pdfSafeText), wrapping, a page break when a block does not fit, and
 * page numbers. pdf-lib is imported when the first document is made: loading it is slow for every start.
 */
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";

const loadPdfLib = () => import("pdf-lib");

export const PAGE_WIDTH = 612; // US Letter
export const PAGE_HEIGHT = 792;
export const MARGIN = 56;
export const BODY_SIZE = 10.5;

/** Standard PDF fonts cover Windows-1252 only: anything else becomes its closest plain letter, or "?". */
export function pdfSafeText(text: string): string {
  return (
    text
      // before NFKD, which would make the mark a bare "TM"
      .replace(/\u2122/g, "(TM)")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014\u2212]/g, "-")
      .replace(/\t/g, " ")
      .replace(/[^\x20-\x7e\xa0-\xff]/g, "?")
  );
}

/** Splits a text into lines no wider than `width` at `size` (words longer than a line are cut). */
export function wrapText(text: string, font: Pick<PDFFont, "widthOfTextAtSize">, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafeText(text).split(/\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** A document being written top to bottom: `y` is where the next line's baseline goes. */
export class PdfWriter {
  page: PDFPage;
  y = PAGE_HEIGHT - MARGIN;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly colors: { ink: RGB; muted: RGB; rule: RGB },
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  static async create(title: string): Promise<PdfWriter> {
    const pdf = await loadPdfLib();
    const doc = await pdf.PDFDocument.create();
    doc.setTitle(pdfSafeText(title));
    doc.setCreator("Hearth");
    doc.setProducer("Hearth");
    const regular = await doc.embedFont(pdf.StandardFonts.Helvetica);
    const bold = await doc.embedFont(pdf.StandardFonts.HelveticaBold);
    return new PdfWriter(doc, regular, bold, {
      ink: pdf.rgb(0.11, 0.1, 0.12),
      muted: pdf.rgb(0.42, 0.4, 0.44),
      rule: pdf.rgb(0.85, 0.84, 0.83),
    });
  }

  /** Starts a new page when `height` more points would not fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Draws a text at x on the current line (at `y` unless given). */
  draw(text: string, x: number, options: { font?: PDFFont; size?: number; color?: RGB; y?: number } = {}): void {
    this.page.drawText(pdfSafeText(text), {
      x,
      y: options.y ?? this.y,
      size: options.size ?? BODY_SIZE,
      font: options.font ?? this.regular,
      color: options.color ?? this.colors.ink,
    });
  }

  /** Draws a text ending at `right` on the current line. */
  drawRight(text: string, right: number, font: PDFFont = this.regular): void {
    const safe = pdfSafeText(text);
    this.draw(safe, right - font.widthOfTextAtSize(safe, BODY_SIZE), { font });
  }

  /** A thin rule across the text width at `at` (default: the current line). */
  drawRule(at = this.y): void {
    this.page.drawLine({ start: { x: MARGIN, y: at }, end: { x: PAGE_WIDTH - MARGIN, y: at }, thickness: 0.5, color: this.colors.rule });
  }

  /** Numbers every page at its foot ("<label> - page 2 of 3") and answers the file. */
  finish(label: string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((each, index) => {
      each.drawText(pdfSafeText(`${label} - page ${index + 1} of ${pages.length}`), {
        x: MARGIN,
        y: 28,
        size: 8,
        font: this.regular,
        color: this.colors.muted,
      });
    });
    return this.doc.save({ useObjectStreams: false });
  }
}
