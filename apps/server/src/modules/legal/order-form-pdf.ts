/**
 * The Order Form as a PDF (issue 12 item 7): the summary's fields in the spec's order, then the disclaimer. Pure apart
 * from pdf-lib: the same form gives the same pages. Standard fonts only (Windows-1252), like the report PDF.
 */
import type { OrderForm } from "@hearth/shared";
import { BODY_SIZE, MARGIN, PAGE_WIDTH, PdfWriter, pdfSafeText, wrapText } from "../../lib/pdf-writer.js";

export { pdfSafeText, wrapText };

const LABEL_WIDTH = 150;
const LINE_HEIGHT = 14;

export async function renderOrderFormPdf(form: OrderForm, options: { companyName?: string | null } = {}): Promise<Uint8Array> {
  const out = await PdfWriter.create(options.companyName ? `${form.title} - ${options.companyName}` : form.title);
  const { regular, bold } = out;

  out.draw(form.title, MARGIN, { font: bold, size: 22 });
  out.y -= 22;
  if (options.companyName) {
    out.draw(options.companyName, MARGIN, { size: 12, color: out.colors.muted });
    out.y -= 18;
  }
  out.y -= 10;

  const valueX = MARGIN + LABEL_WIDTH;
  const valueWidth = PAGE_WIDTH - MARGIN - valueX;
  // The seller the operator set (decision 0060), or the notice that it is not set.
  for (const line of form.seller ?? []) {
    const valueLines = wrapText(line.value, regular, BODY_SIZE, valueWidth);
    out.ensure(valueLines.length * LINE_HEIGHT + 4);
    out.draw(line.label, MARGIN, { font: bold });
    for (const [index, text] of valueLines.entries()) out.draw(text, valueX, { y: out.y - index * LINE_HEIGHT });
    out.y -= valueLines.length * LINE_HEIGHT + 4;
  }
  if (form.seller) out.y -= 10;
  for (const field of form.fields) {
    const labelLines = wrapText(field.label, bold, BODY_SIZE, LABEL_WIDTH - 12);
    const valueLines = wrapText(field.value, regular, BODY_SIZE, valueWidth);
    const rows = Math.max(labelLines.length, valueLines.length);
    out.ensure(rows * LINE_HEIGHT + 10);
    out.drawRule(out.y + 10);
    // The label's lines, then the value's (a reader that extracts the text gets each whole).
    const top = out.y;
    for (const [index, line] of labelLines.entries()) out.draw(line, MARGIN, { font: bold, y: top - index * LINE_HEIGHT });
    for (const [index, line] of valueLines.entries()) out.draw(line, valueX, { y: top - index * LINE_HEIGHT });
    out.y = top - rows * LINE_HEIGHT - 8;
  }

  out.y -= 10;
  for (const line of wrapText(form.disclaimer, bold, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN)) {
    out.ensure(LINE_HEIGHT);
    out.draw(line, MARGIN, { font: bold });
    out.y -= LINE_HEIGHT;
  }
  return out.finish(form.title);
}
