import { describe, expect, it } from "vitest";
import { normalizeLabel } from "./normalize.js";
import {
  availableFields,
  countMappedColumns,
  IMPORT_FIELDS,
  matchHeader,
  matchHeaders,
  NOT_A_VALID_COHORT,
  rememberMapping,
  remapColumn,
} from "./import-fields.js";

describe("header matching", () => {
  it("reads case, accents, spacing, underscores and punctuation as the same header", () => {
    for (const header of ["Email", "EMAIL", " e-mail ", "E_Mail", "Work Email", "email address", "É-mail Address"]) {
      expect(matchHeader(header), header).toBe("email");
    }
    for (const header of ["Department", "DEPT", "Dept. Name", "Départment_Name", "department  name"]) {
      expect(matchHeader(header), header).toBe("department");
    }
    expect(matchHeader("Years of Service")).toBe("tenure");
    // spacing and hyphens inside words do not matter either
    for (const header of ["Work E-mail", "WorkEmail", "work-e-mail", "E-Mail-Address"]) expect(matchHeader(header), header).toBe("email");
    expect(matchHeader("CostCentre")).toBe("cost_centre");
    expect(matchHeader("DeptName")).toBe("department");
    expect(matchHeader("Hire_Date")).toBe("tenure");
    expect(matchHeader("Cost Center")).toBe("cost_centre");
    expect(matchHeader("F.T.E.")).toBe("fte");
    expect(matchHeader("Manager Level 3 Name")).toBe("manager_3");
    expect(matchHeader("Reports To")).toBe("manager_1");
    expect(matchHeader("Standard Hours / Week")).toBe("standard_hours");
    expect(matchHeader("Weekly hours")).toBe("standard_hours");
    expect(matchHeader("Favourite colour")).toBe(null);
  });

  it("gives no spelling to two fields", () => {
    const owners = new Map<string, string>();
    for (const field of IMPORT_FIELDS) {
      for (const spelling of new Set([field.key, field.label, ...field.aliases].map(normalizeLabel))) {
        expect(owners.get(spelling), `"${spelling}" is claimed by ${owners.get(spelling)} and ${field.key}`).toBeUndefined();
        owners.set(spelling, field.key);
      }
    }
  });

  it("gives a field to its first column only and flags the rest", () => {
    const columns = matchHeaders(["Email", "Dept", "Department Name", "Shoe size", "E-mail"]);
    expect(columns.map((column) => [column.field, column.note])).toEqual([
      ["email", null],
      ["department", null],
      [null, "duplicate"],
      [null, "unknown"],
      [null, "duplicate"],
    ]);
    expect(countMappedColumns(columns)).toEqual({ imported: 2, notImported: 3 });
    expect(NOT_A_VALID_COHORT).toBe("This column is not a valid cohort");
  });

  it("remaps a column to a free field or None, never to a field another column uses", () => {
    const columns = matchHeaders(["Email", "Dept", "Site"]);
    const taken = remapColumn(columns, 2, "department");
    expect(taken.error).toBe('Department name is already used by the column "Dept".');
    expect(taken.columns).toEqual(columns);
    const none = remapColumn(columns, 1, null);
    expect(none.error).toBeNull();
    expect(none.columns[1]).toEqual({ header: "Dept", field: null, note: "none" });
    const moved = remapColumn(none.columns, 2, "department");
    expect(moved.columns[2].field).toBe("department");
    expect(availableFields(moved.columns, 1).map((field) => field.key)).not.toContain("department");
    expect(availableFields(moved.columns, 2).map((field) => field.key)).toContain("department");
    expect(remapColumn(columns, 9, null).error).toBe("No such column");
    expect(remapColumn(columns, 0, "shoe_size").error).toBe("No such field");
  });

  it("offers a company's earlier choices first, by header", () => {
    const first = remapColumn(matchHeaders(["Email", "Org", "Site"]), 1, "business_group").columns;
    const withNone = remapColumn(first, 2, null).columns;
    const remembered = rememberMapping(withNone);
    expect(remembered).toEqual({ email: "email", org: "business_group", site: null });
    expect(matchHeaders(["E-mail", "ORG", "site", "Team"], remembered).map((column) => column.field)).toEqual([
      "email",
      "business_group",
      null,
      "team",
    ]);
  });
});
