import { describe, expect, it } from "vitest";
import { EXPORT_SUBMITTED_ON, isResponseExportKeyRow, responseExportHeaderRows } from "./response-export.js";

const fields = [
  { key: "lowi_love_work", question: "I love   working at {{company_name}}." },
  { key: "custom_x", question: "" },
];
const fill = (text: string) => text.replace("{{company_name}}", "Willow Works");

describe("the response export's header (issue 25 item 6)", () => {
  it("puts the question texts first, filled, and the keys under them", () => {
    expect(responseExportHeaderRows(fields, ["lowi_love_work", "custom_x"], fill)).toEqual([
      ["Submitted on", "I love working at Willow Works.", "custom_x"],
      ["submitted_on", "lowi_love_work", "custom_x"],
    ]);
  });

  it("recognises its own key row when the file comes back as an import", () => {
    const [texts, keys] = responseExportHeaderRows(fields, ["lowi_love_work"], fill);
    expect(isResponseExportKeyRow(texts, keys)).toBe(true);
    expect(isResponseExportKeyRow(texts, ["2026-11-20", "Agree"])).toBe(false);
    expect(isResponseExportKeyRow(["Email"], [EXPORT_SUBMITTED_ON.key])).toBe(false);
    expect(isResponseExportKeyRow(texts, undefined)).toBe(false);
  });
});
