/**
 * Row validation of a demographics import (issue 14 item 2): each row becomes a person's attributes by the column
 * mapping, or is rejected with every reason found — a missing or malformed email (the key), a second row for the same
 * email, a value that cannot be placed. The browser runs it while parsing (to show and download the rejected rows)
 * and the server runs it again before committing, so both agree on what is imported. Decision 0040 has the rules.
 */
import Papa from "papaparse";
import { neutralizeCell } from "../csv-cells.js";
import { isValidEmail, normalizeEmail } from "../invitations/recipients.js";
import { type AttributeResult, cleanAttribute, resolveFte } from "./attributes.js";
import { mapDemographicValue } from "./demographic-values.js";
import { type ColumnMatch, findImportField } from "./import-fields.js";

export interface ImportedPerson {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Field key → the value as imported: a survey category for a demographic, a cleaned value for an attribute. */
  attributes: Record<string, string>;
}

export interface RejectedImportRow {
  /** The row's number in the file, counting the header as row 1 (as a spreadsheet shows it). */
  line: number;
  values: readonly string[];
  reasons: string[];
}

export interface RowValidation {
  accepted: ImportedPerson[];
  rejected: RejectedImportRow[];
}

/** Validates rows in order; `seen` carries the emails of earlier chunks so a duplicate across chunks is caught too. */
export function validateImportRows(
  columns: readonly ColumnMatch[],
  rows: readonly (readonly string[])[],
  options: { firstLine?: number; seen?: Set<string>; now?: Date } = {},
): RowValidation {
  const seen = options.seen ?? new Set<string>();
  const now = options.now ?? new Date();
  const firstLine = options.firstLine ?? 2;
  const emailColumn = columns.findIndex((column) => column.field === "email");
  const hoursColumn = columns.findIndex((column) => column.field === "standard_hours");
  const accepted: ImportedPerson[] = [];
  const rejected: RejectedImportRow[] = [];
  rows.forEach((values, index) => {
    const reasons: string[] = [];
    const raw = (column: number) => (column >= 0 ? (values[column] ?? "").trim() : "");
    const email = normalizeEmail(raw(emailColumn));
    if (emailColumn < 0) reasons.push("No column is mapped to Email");
    else if (email === "") reasons.push("Email is empty");
    else if (!isValidEmail(email)) reasons.push(`"${raw(emailColumn)}" is not an email address`);
    else if (seen.has(email)) reasons.push(`${email} appears on an earlier row`);
    const person: ImportedPerson = { email, attributes: {} };
    columns.forEach((column, at) => {
      const field = column.field ? findImportField(column.field) : null;
      const value = raw(at);
      if (!field || field.key === "email" || value === "") return;
      if (field.key === "first_name") person.firstName = value.slice(0, 100);
      else if (field.key === "last_name") person.lastName = value.slice(0, 100);
      else if (field.category) {
        const category = mapDemographicValue(field.category, value, now);
        if (category) person.attributes[field.key] = category;
        else reasons.push(`${field.label}: "${value}" fits none of the categories`);
      } else if (field.kind) {
        const result: AttributeResult =
          field.kind === "fte"
            ? resolveFte(value, hoursColumn >= 0 ? raw(hoursColumn) : undefined)
            : cleanAttribute(field.kind, value, now);
        if (result.ok) person.attributes[field.key] = result.value;
        else reasons.push(`${field.label}: ${result.reason}`);
      }
    });
    // FTE from the hours when the file has no FTE column of its own
    if (!("fte" in person.attributes) && person.attributes.standard_hours && !columns.some((column) => column.field === "fte")) {
      const fte = resolveFte(undefined, person.attributes.standard_hours);
      if (fte.ok) person.attributes.fte = fte.value;
    }
    if (reasons.length > 0) {
      rejected.push({ line: firstLine + index, values, reasons });
      return;
    }
    seen.add(email);
    accepted.push(person);
  });
  return { accepted, rejected };
}

/** The rejected rows as a CSV to download: the file's own columns, then the row number and the reasons. */
export function rejectedRowsCsv(headers: readonly string[], rejected: readonly RejectedImportRow[]): string {
  const rows = rejected.map((row) => [...headers.map((_, index) => row.values[index] ?? ""), String(row.line), row.reasons.join("; ")]);
  return `${Papa.unparse(
    [[...headers, "Row", "Reasons"], ...rows].map((cells) => cells.map(neutralizeCell)),
    { newline: "\r\n" },
  )}\r\n`;
}
