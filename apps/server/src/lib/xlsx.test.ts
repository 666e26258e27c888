import { describe, expect, it } from "vitest";
import { readZip } from "../test/read-zip.js";
import { buildXlsx } from "./xlsx.js";

describe("xlsx writer", () => {
  it("packages a workbook with one sheet of inline text cells", () => {
    const workbook = buildXlsx("Culture: 2026?", [
      ["submitted_on", "q1"],
      ["2026-11-01", "Strongly Agree & more <b>"],
      ["2026-11-02", ""],
    ]);
    expect(workbook.subarray(0, 2).toString()).toBe("PK");
    const files = readZip(workbook);
    expect(Object.keys(files)).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/workbook.xml",
      "xl/_rels/workbook.xml.rels",
      "xl/worksheets/sheet1.xml",
    ]);
    expect(files["xl/workbook.xml"]).toContain('name="Culture  2026 "');
    const sheet = files["xl/worksheets/sheet1.xml"];
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve">Strongly Agree &amp; more &lt;b&gt;</t></is></c>');
    expect(sheet).toContain('<row r="3"><c r="A3"');
    expect(sheet).not.toContain('r="B3"');
  });
});
