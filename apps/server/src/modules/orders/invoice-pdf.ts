/**
 * An order's invoice as a PDF (issue 12 item 6): the company, the order number, the lines, the totals in dollars, the
 * issue and due dates in MM/dd/yyyy and the agreement's payment terms (accounts §9: payment within 30 days, 1.5 %
 * monthly interest when late; the named constants in packages/shared/src/legal/saas-agreement.ts). Pure apart from
 * pdf-lib. Standard fonts only, through pdfSafeText, like the order form PDF.
 */
import { LATE_INTEREST_PERCENT_PER_MONTH, PAYMENT_DUE_DAYS, formatDollars, formatOrderFormDate } from "@hearth/shared";
import type { PDFFont, PDFPage } from "pdf-lib";
import { pdfSafeText, wrapText } from "../legal/order-form-pdf.js";

const loadPdfLib = () => import("pdf-lib");

const PAGE_WIDTH = 612; // US Letter
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const BODY_SIZE = 10.5;
const LINE_HEIGHT = 15;

export interface InvoiceCompany {
  name: string | null;
  legalName: string | null;
  address: string | null;
  phone: string | null;
}

export interface InvoiceLine {
  name: string;
  detail: string | null;
  quantity: number;
  unitPrice: number;
  isPlanIncluded: boolean;
}

export interface InvoiceInput {
  number: string;
  status: string;
  issuedAt: Date;
  dueAt: Date;
  subtotal: number;
  total: number;
  company: InvoiceCompany;
  lines: readonly InvoiceLine[];
  paidAt: Date | null;
}

/** The payment terms printed on every invoice, from the agreement's constants. */
export function invoicePaymentTerms(): string {
  return (
    `Payment is due within ${PAYMENT_DUE_DAYS} days of the invoice date. ` +
    `An amount not paid when due bears interest of ${LATE_INTEREST_PERCENT_PER_MONTH}% per month, or the highest rate ` +
    "the law allows if that is lower, from the due date until it is paid."
  );
}

export async function renderInvoicePdf(invoice: InvoiceInput): Promise<Uint8Array> {
  const pdf = await loadPdfLib();
  const doc = await pdf.PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
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
  const draw = (text: string, x: number, font: PDFFont = regular, size = BODY_SIZE, color = ink) =>
    page.drawText(pdfSafeText(text), { x, y, size, font, color });
  const drawRight = (text: string, right: number, font: PDFFont = regular) => {
    const safe = pdfSafeText(text);
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, BODY_SIZE), y, size: BODY_SIZE, font, color: ink });
  };

  draw("Invoice", MARGIN, bold, 22);
  y -= 28;
  const facts: [string, string][] = [
    ["Invoice number", invoice.number],
    ["Issue date", formatOrderFormDate(invoice.issuedAt)],
    ["Due date", formatOrderFormDate(invoice.dueAt)],
    ["Status", invoice.paidAt ? `Paid on ${formatOrderFormDate(invoice.paidAt)}` : invoice.status],
  ];
  for (const [label, value] of facts) {
    draw(label, MARGIN, bold);
    draw(value, MARGIN + 120, regular);
    y -= LINE_HEIGHT;
  }
  y -= 10;
  draw("Bill to", MARGIN, bold);
  y -= LINE_HEIGHT;
  const company = [invoice.company.legalName ?? invoice.company.name, invoice.company.address, invoice.company.phone].filter(
    (value): value is string => Boolean(value?.trim()),
  );
  for (const value of company.length ? company : ["Not provided"]) {
    for (const line of wrapText(value, regular, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN)) {
      draw(line, MARGIN);
      y -= LINE_HEIGHT;
    }
  }

  y -= 16;
  const qtyRight = PAGE_WIDTH - MARGIN - 190;
  const unitRight = PAGE_WIDTH - MARGIN - 95;
  const amountRight = PAGE_WIDTH - MARGIN;
  draw("Item", MARGIN, bold);
  drawRight("Qty", qtyRight, bold);
  drawRight("Unit price", unitRight, bold);
  drawRight("Amount", amountRight, bold);
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.5, color: rule });
  y -= LINE_HEIGHT;
  for (const line of invoice.lines) {
    const label = line.detail ? `${line.name} (${line.detail})` : line.name;
    const labelLines = wrapText(
      line.isPlanIncluded ? `${label} - included in the plan` : label,
      regular,
      BODY_SIZE,
      qtyRight - MARGIN - 40,
    );
    ensure(labelLines.length * LINE_HEIGHT + 4);
    const top = y;
    for (const [index, text] of labelLines.entries()) {
      page.drawText(text, { x: MARGIN, y: top - index * LINE_HEIGHT, size: BODY_SIZE, font: regular, color: ink });
    }
    drawRight(String(line.quantity), qtyRight);
    drawRight(formatDollars(line.unitPrice), unitRight);
    drawRight(formatDollars(line.unitPrice * line.quantity), amountRight);
    y = top - labelLines.length * LINE_HEIGHT - 4;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: PAGE_WIDTH - MARGIN, y: y + 8 }, thickness: 0.5, color: rule });
  y -= 6;
  ensure(3 * LINE_HEIGHT);
  drawRight("Subtotal", unitRight, bold);
  drawRight(formatDollars(invoice.subtotal), amountRight);
  y -= LINE_HEIGHT;
  drawRight("Total due (USD)", unitRight, bold);
  drawRight(formatDollars(invoice.total), amountRight, bold);
  y -= 2 * LINE_HEIGHT;

  ensure(LINE_HEIGHT);
  draw("Payment terms", MARGIN, bold);
  y -= LINE_HEIGHT;
  for (const line of wrapText(invoicePaymentTerms(), regular, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN)) {
    ensure(LINE_HEIGHT);
    draw(line, MARGIN);
    y -= LINE_HEIGHT;
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    each.drawText(pdfSafeText(`Invoice ${invoice.number} - page ${index + 1} of ${pages.length}`), {
      x: MARGIN,
      y: 28,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return doc.save({ useObjectStreams: false });
}
