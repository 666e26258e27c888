/**
 * An order's invoice as a PDF (issue 12 item 6, issue 25 item 2): the seller the operator set (decision 0060), the
 * company, the invoice number, the reference to quote, how to pay, the lines, the totals in dollars, the
 * issue and due dates in MM/dd/yyyy and the agreement's payment terms (accounts §9: payment within 30 days, 1.5 %
 * monthly interest when late; the named constants in packages/shared/src/legal/saas-agreement.ts). Pure apart from
 * pdf-lib. Standard fonts only, through pdfSafeText, like the order form PDF.
 */
import {
  describeHowToPay,
  describeSeller,
  formatDollars,
  formatOrderFormDate,
  LATE_INTEREST_PERCENT_PER_MONTH,
  PAYMENT_DUE_DAYS,
  type SellerDetails,
} from "@hearth/shared";
import { BODY_SIZE, MARGIN, PAGE_WIDTH, PdfWriter, wrapText } from "../../lib/pdf-writer.js";

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
  /** What the buyer quotes with the payment. */
  reference: string;
  seller: SellerDetails;
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
  const out = await PdfWriter.create(`Invoice ${invoice.number}`);
  const { regular, bold } = out;

  const paragraph = (text: string, font = regular) => {
    for (const line of wrapText(text, font, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN)) {
      out.ensure(LINE_HEIGHT);
      out.draw(line, MARGIN, { font });
      out.y -= LINE_HEIGHT;
    }
  };
  const labelled = (label: string, value: string) => {
    const lines = value.split("\n").flatMap((part) => wrapText(part, regular, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN - 120));
    out.ensure(lines.length * LINE_HEIGHT);
    out.draw(label, MARGIN, { font: bold });
    for (const line of lines) {
      out.draw(line, MARGIN + 120);
      out.y -= LINE_HEIGHT;
    }
  };

  out.draw("Invoice", MARGIN, { font: bold, size: 22 });
  out.y -= 28;
  for (const { label, value } of describeSeller(invoice.seller)) labelled(label, value);
  out.y -= 10;
  const dueDate = formatOrderFormDate(invoice.dueAt);
  const facts: [string, string][] = [
    ["Invoice number", invoice.number],
    ["Issue date", formatOrderFormDate(invoice.issuedAt)],
    ["Due date", dueDate],
    ["Reference to quote", invoice.reference],
    ["Status", invoice.paidAt ? `Paid on ${formatOrderFormDate(invoice.paidAt)}` : invoice.status],
  ];
  for (const [label, value] of facts) labelled(label, value);
  out.y -= 10;
  out.draw("Bill to", MARGIN, { font: bold });
  out.y -= LINE_HEIGHT;
  const company = [invoice.company.legalName ?? invoice.company.name, invoice.company.address, invoice.company.phone].filter(
    (value): value is string => Boolean(value?.trim()),
  );
  for (const value of company.length ? company : ["Not provided"]) {
    for (const line of wrapText(value, regular, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN)) {
      out.draw(line, MARGIN);
      out.y -= LINE_HEIGHT;
    }
  }

  out.y -= 16;
  const qtyRight = PAGE_WIDTH - MARGIN - 190;
  const unitRight = PAGE_WIDTH - MARGIN - 95;
  const amountRight = PAGE_WIDTH - MARGIN;
  out.draw("Item", MARGIN, { font: bold });
  out.drawRight("Qty", qtyRight, bold);
  out.drawRight("Unit price", unitRight, bold);
  out.drawRight("Amount", amountRight, bold);
  out.y -= 6;
  out.drawRule();
  out.y -= LINE_HEIGHT;
  for (const line of invoice.lines) {
    const label = line.detail ? `${line.name} (${line.detail})` : line.name;
    const labelLines = wrapText(
      line.isPlanIncluded ? `${label} - included in the plan` : label,
      regular,
      BODY_SIZE,
      qtyRight - MARGIN - 40,
    );
    out.ensure(labelLines.length * LINE_HEIGHT + 4);
    const top = out.y;
    for (const [index, text] of labelLines.entries()) out.draw(text, MARGIN, { y: top - index * LINE_HEIGHT });
    out.drawRight(String(line.quantity), qtyRight);
    out.drawRight(formatDollars(line.unitPrice), unitRight);
    out.drawRight(formatDollars(line.unitPrice * line.quantity), amountRight);
    out.y = top - labelLines.length * LINE_HEIGHT - 4;
  }
  out.drawRule(out.y + 8);
  out.y -= 6;
  out.ensure(3 * LINE_HEIGHT);
  out.drawRight("Subtotal", unitRight, bold);
  out.drawRight(formatDollars(invoice.subtotal), amountRight);
  out.y -= LINE_HEIGHT;
  out.drawRight("Total due (USD)", unitRight, bold);
  out.drawRight(formatDollars(invoice.total), amountRight, bold);
  out.y -= 2 * LINE_HEIGHT;

  if (!invoice.paidAt) {
    paragraph("How to pay", bold);
    for (const part of describeHowToPay(invoice.seller, invoice.reference, dueDate).split("\n")) paragraph(part);
    out.y -= LINE_HEIGHT;
  }
  paragraph("Payment terms", bold);
  paragraph(invoicePaymentTerms());
  return out.finish(`Invoice ${invoice.number}`);
}
