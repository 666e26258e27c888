import { describe, expect, it } from "vitest";
import { companyPdfUrl, csvExportUrl, fileNameFromDisposition } from "./report-files";

describe("report downloads", () => {
  it("builds the PDF and CSV addresses with the page's filters", () => {
    const filters = [{ key: "gender", value: "Woman" }];
    expect(companyPdfUrl("s1", [])).toBe("/api/reports/s1/company.pdf");
    expect(companyPdfUrl("s1", filters)).toBe("/api/reports/s1/company.pdf?filter=gender%3AWoman");
    expect(csvExportUrl("s1", "benefits", { filters })).toBe("/api/reports/s1/export/benefits.csv?filter=gender%3AWoman");
    expect(csvExportUrl("s 1", "group-areas")).toBe("/api/reports/s%201/export/group-areas.csv");
  });

  it("sends the team table its cohort rather than filters", () => {
    expect(csvExportUrl("s1", "team", { filters: [{ key: "age", value: "31-35" }], cohort: "department" })).toBe(
      "/api/reports/s1/export/team.csv?cohort=department",
    );
    expect(csvExportUrl("s1", "team", { cohort: null })).toBe("/api/reports/s1/export/team.csv");
  });

  it("prefers the server's file name", () => {
    expect(fileNameFromDisposition('attachment; filename="report.csv"', "x.csv")).toBe("report.csv");
    expect(fileNameFromDisposition("attachment; filename=report.pdf", "x.pdf")).toBe("report.pdf");
    expect(fileNameFromDisposition("attachment; filename=\"a.csv\"; filename*=UTF-8''caf%C3%A9.csv", "x.csv")).toBe("café.csv");
    expect(fileNameFromDisposition(null, "x.csv")).toBe("x.csv");
    expect(fileNameFromDisposition("inline", "x.csv")).toBe("x.csv");
  });
});
