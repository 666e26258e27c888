import { inflateSync } from "node:zlib";
import { buildOrderForm, ORDER_FORM_FIELD_LABELS, SAMPLE_ORDER_FORM_SOURCE } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { pdfSafeText, renderOrderFormPdf, wrapText } from "./order-form-pdf.js";

/** The text a PDF made by pdf-lib shows: every content stream inflated, every `<hex> Tj` decoded, one line each. */
function pdfTextLines(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString("latin1");
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const data = Buffer.from(match[1], "latin1");
    let content: string;
    try {
      content = inflateSync(data).toString("latin1");
    } catch {
      content = data.toString("latin1");
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(Buffer.from(shown[1], "hex").toString("latin1"));
  }
  return lines;
}

const form = buildOrderForm(
  { ...SAMPLE_ORDER_FORM_SOURCE, plan: "Gold", termsAndConditionsAcceptDate: new Date("2025-03-07T15:00:00Z") },
  { feeCents: 5_250_000, today: new Date("2026-11-24T12:00:00Z") },
);

describe("the order form PDF", () => {
  it("is a PDF showing every field's label and value, and the disclaimer", async () => {
    const bytes = await renderOrderFormPdf(form, { companyName: "Ember & Oak" });
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    const lines = pdfTextLines(bytes);
    const text = lines.join(" ");
    expect(lines[0]).toBe("Order Form");
    expect(lines).toContain("Ember & Oak");
    for (const label of Object.values(ORDER_FORM_FIELD_LABELS)) expect(text).toContain(label);
    for (const value of [
      "Jordan Rivera",
      "(555) 010-0142",
      "(555) 010-0100",
      "03/07/2025",
      "jordan.rivera@example.com",
      "$52,500.",
      "1 year from the date payment is received (03/07/2025 to 03/07/2026)",
      "None",
    ]) {
      expect(text).toContain(value);
    }
    expect(text.replace(/\s+/g, " ")).toContain(form.values.services.slice(0, 40));
    expect(text.replace(/\s+/g, " ")).toContain("This Order Form is legally binding.");
    expect(lines.at(-1)).toBe("Order Form - page 1 of 1");
  });

  it("breaks onto more pages when a value is long, numbering every page", async () => {
    const long = buildOrderForm(
      { ...SAMPLE_ORDER_FORM_SOURCE, companyAddress: "Suite ".repeat(600) },
      { feeCents: 100, today: new Date("2026-11-24T12:00:00Z"), additionalTerms: "Term ".repeat(500) },
    );
    const lines = pdfTextLines(await renderOrderFormPdf(long));
    expect(lines.filter((line) => /^Order Form - page \d+ of (\d+)$/.test(line)).length).toBeGreaterThan(1);
  });

  it("writes text the standard fonts can show", () => {
    expect(pdfSafeText("Café “quoted” – ok ✓")).toBe('Cafe "quoted" - ok ?');
    expect(pdfSafeText("LOWI™\t−2")).toBe("LOWI(TM) -2");
  });

  it("wraps words to the width, cutting a word longer than a line", () => {
    const font = { widthOfTextAtSize: (text: string) => text.length };
    expect(wrapText("aa bb cc", font, 1, 5)).toEqual(["aa bb", "cc"]);
    expect(wrapText("abcdefghij", font, 1, 4)).toEqual(["abcd", "efgh", "ij"]);
  });
});
