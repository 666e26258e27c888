import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { matchHeaders } from "./import-fields.js";
import { rejectedRowsCsv, validateImportRows } from "./validate-rows.js";

const NOW = new Date(Date.UTC(2026, 10, 24));
const HEADERS = ["E-mail", "First Name", "Age", "Dept", "Weekly hours", "Shoe size"];

describe("import row validation", () => {
  it("turns rows into people by the mapping and rejects each bad row with every reason", () => {
    const columns = matchHeaders(HEADERS);
    const rows = [
      ["Ana@Example.com", "Ana", "29", "Sales", "20", "38"],
      ["ben@example.com", "Ben", "41", "  Customer   Success ", "", ""],
      ["", "Nobody", "33", "Sales", "40", ""],
      ["not-an-email", "Cy", "33", "Sales", "40", ""],
      ["ana@example.com", "Ana again", "29", "Sales", "20", ""],
      ["dee@example.com", "Dee", "30-35", "Sales", "99", ""],
    ];
    const { accepted, rejected } = validateImportRows(columns, rows, { now: NOW });
    expect(accepted).toEqual([
      {
        email: "ana@example.com",
        firstName: "Ana",
        attributes: { age: "30 or younger", department: "Sales", standard_hours: "20", fte: "0.50" },
      },
      { email: "ben@example.com", firstName: "Ben", attributes: { age: "36-45", department: "Customer Success" } },
    ]);
    expect(rejected.map((row) => [row.line, row.reasons])).toEqual([
      [4, ["Email is empty"]],
      [5, ['"not-an-email" is not an email address']],
      [6, ["ana@example.com appears on an earlier row"]],
      [7, ['Age: "30-35" fits none of the categories', "Standard hours per week: Standard hours run from 1 to 60 a week"]],
    ]);
  });

  it("catches a duplicate across chunks and numbers rows from the chunk's first line", () => {
    const columns = matchHeaders(["email"]);
    const seen = new Set<string>();
    validateImportRows(columns, [["a@example.com"]], { seen, now: NOW });
    const second = validateImportRows(columns, [["b@example.com"], ["A@example.com"]], { seen, firstLine: 3, now: NOW });
    expect(second.accepted.map((person) => person.email)).toEqual(["b@example.com"]);
    expect(second.rejected).toEqual([{ line: 4, values: ["A@example.com"], reasons: ["a@example.com appears on an earlier row"] }]);
  });

  it("rejects every row when no column is the email", () => {
    const { accepted, rejected } = validateImportRows(matchHeaders(["Name", "Dept"]), [["Ana", "Sales"]], { now: NOW });
    expect(accepted).toEqual([]);
    expect(rejected[0].reasons).toEqual(["No column is mapped to Email"]);
  });

  it("writes the rejected rows as a CSV with their reasons, formulas neutralised", () => {
    const columns = matchHeaders(HEADERS);
    const { rejected } = validateImportRows(columns, [["=HYPERLINK(1)", "Eve, Jr.", "29", "Sales", "20", ""]], { now: NOW });
    const csv = rejectedRowsCsv(HEADERS, rejected);
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual([...HEADERS, "Row", "Reasons"]);
    expect(parsed[1]).toEqual(["'=HYPERLINK(1)", "Eve, Jr.", "29", "Sales", "20", "", "2", '"=HYPERLINK(1)" is not an email address']);
  });
});
