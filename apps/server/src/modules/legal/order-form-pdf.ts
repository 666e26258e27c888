/**
 * The Order Form as a PDF (issue 12 item 7): the summary's fields in the spec's order, then the disclaimer. Pure apart
 * from pdf-lib: the same form gives the same pages. Standard fonts only (Windows-1252), like the report PDF.
 */
import type { OrderForm } from "@hearth/shared";
import type { PDFFont, PDFPage } from "pdf-lib";

// pdf-lib is imported when the first PDF is made, as the report export does: loading it is slow for every start.
const loadPdfLib = () => import("pdf-lib");

const PAGE_WIDTH = 612; // US Letter
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const LABEL_WIDTH = 150;
const BODY_SIZE = 10.5;
const LINE_HEIGHT = 14;

/** Standard PDF fonts cover Windows-1252 only: anything else becomes its closest plain letter, or "?". */
export function pdfSafeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
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

export async function renderOrderFormPdf(form: OrderForm, options: { companyName?: string | null } = {}): Promise<Uint8Array> {
  const pdf = await loadPdfLib();
  const doc = await pdf.PDFDocument.create();
  doc.setTitle(options.companyName ? `${form.title} - ${pdfSafeText(options.companyName)}` : form.title);
  doc.setCreator("Hearth");
  doc.setProducer("Hearth");
  const regular = await doc.embedFont(pdf.StandardFonts.Helvetica);
  const bold = await doc.embedFont(pdf.StandardFonts.HelveticaBold);
  const ink = pdf.rgb(0.11, 0.1, 0.12);
  const muted = pdf.rgb(0.42, 0.4, 0.44);
  const rule = pdf.rgb(0.85, 0.84, 0.83);

  let page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
  };
  const draw = (text: string, x: number, font: PDFFont, size = BODY_SIZE, color = ink) => page.drawText(text, { x, y, size, font, color });

  draw(form.title, MARGIN, bold, 22);
  y -= 22;
  if (options.companyName) {
    draw(pdfSafeText(options.companyName), MARGIN, regular, 12, muted);
    y -= 18;
  }
  y -= 10;

  const valueX = MARGIN + LABEL_WIDTH;
  const valueWidth = PAGE_WIDTH - MARGIN - valueX;
  for (const field of form.fields) {
    const labelLines = wrapText(field.label, bold, BODY_SIZE, LABEL_WIDTH - 12);
    const valueLines = wrapText(field.value, regular, BODY_SIZE, valueWidth);
    const rows = Math.max(labelLines.length, valueLines.length);
    ensure(rows * LINE_HEIGHT + 10);
    page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: PAGE_WIDTH - MARGIN, y: y + 10 }, thickness: 0.5, color: rule });
    // The label's lines, then the value's (a reader that extracts the text gets each whole).
    const top = y;
    for (const [index, line] of labelLines.entries())
      page.drawText(line, { x: MARGIN, y: top - index * LINE_HEIGHT, size: BODY_SIZE, font: bold, color: ink });
    for (const [index, line] of valueLines.entries())
      page.drawText(line, { x: valueX, y: top - index * LINE_HEIGHT, size: BODY_SIZE, font: regular, color: ink });
    y = top - rows * LINE_HEIGHT - 8;
  }

  y -= 10;
  for (const line of wrapText(form.disclaimer, bold, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN)) {
    ensure(LINE_HEIGHT);
    draw(line, MARGIN, bold);
    y -= LINE_HEIGHT;
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    each.drawText(`${form.title} - page ${index + 1} of ${pages.length}`, { x: MARGIN, y: 28, size: 8, font: regular, color: muted });
  });
  return doc.save({ useObjectStreams: false });
}
