import { describe, expect, it } from "vitest";
import { reportCsvFileName, reportFileSlug, reportPdfFileName } from "./report-files.js";

describe("report download file names (the server's Content-Disposition and the web's fallback)", () => {
  it("names files after the survey, the table and the filters", () => {
    expect(reportFileSlug("Acme LOWI™ Survey — 2026!")).toBe("acme-lowi-survey-2026");
    expect(reportFileSlug("Équipe Café")).toBe("equipe-cafe");
    expect(reportFileSlug("!!!")).toBe("survey");
    expect(reportFileSlug("x".repeat(70)).length).toBe(60);
    expect(reportCsvFileName("Acme LOWI 2026", "love-areas")).toBe("acme-lowi-2026-love-areas.csv");
    expect(reportCsvFileName("Acme LOWI 2026", "benefits", { filters: [{ key: "age", value: "56 or older" }] })).toBe(
      "acme-lowi-2026-benefits-age-56-or-older.csv",
    );
    expect(reportPdfFileName("Acme", [{ key: "gender", value: "Woman" }])).toBe("acme-company-report-gender-woman.pdf");
  });

  it("names the team table after its cohort, not the page's filters", () => {
    expect(reportCsvFileName("Acme LOWI 2026", "team", { filters: [{ key: "age", value: "31-35" }], cohort: "department" })).toBe(
      "acme-lowi-2026-team-department.csv",
    );
    expect(reportCsvFileName("Acme LOWI 2026", "team")).toBe("acme-lowi-2026-team.csv");
  });
});
