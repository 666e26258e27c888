import { describe, expect, it } from "vitest";
import {
  MAX_CHANGE_TEXT,
  MAX_SURVEY_CHANGES,
  type SurveyVersion,
  clipChangeText,
  describeSurveyChangeHeading,
  diffSurveyVersions,
  readSurveyChanges,
} from "./survey-changes.js";

const question = (key: string, text: string, extra: Partial<SurveyVersion["fields"][number]> = {}) => ({
  key,
  question: text,
  radioOptions: [] as string[],
  required: true,
  ...extra,
});

// 12/08/2026 end of day in New York, and a week later.
const endDate = Date.UTC(2026, 11, 9, 4, 59);
const base: SurveyVersion = {
  name: "Culture check",
  description: "Our yearly survey.",
  endDate,
  draft: false,
  metaFields: { company_name: "Acme" },
  fields: [
    question("q_one", "How are you?"),
    question("q_two", "What helps you?", { required: false }),
    question("q_three", "Pick a team", { radioOptions: ["Sales", "Support"] }),
    question("q_four", "Anything else?"),
  ],
};
const diff = (after: Partial<SurveyVersion>, before = base) => diffSurveyVersions(before, { ...before, ...after }, "America/New_York");
const summaries = (after: Partial<SurveyVersion>) => diff(after).changes.map((one) => one.summary);

describe("survey change log rule", () => {
  it("finds nothing when nothing changed, spaces around a name included", () => {
    expect(diff({})).toEqual({ changes: [], moreChanges: 0 });
    expect(diff({ name: " Culture check " }).changes).toEqual([]);
    expect(diff({ fields: base.fields.map((field) => ({ ...field })) }).changes).toEqual([]);
  });

  it("names the name, description and status changes with before and after", () => {
    expect(diff({ name: "Culture check 2027" }).changes).toEqual([
      { field: "Name", before: "Culture check", after: "Culture check 2027", summary: "Name “Culture check” → “Culture check 2027”" },
    ]);
    expect(summaries({ description: "" })).toEqual(["Description “Our yearly survey.” → (empty)"]);
    expect(diff({ draft: false }, { ...base, draft: true }).changes).toEqual([
      { field: "Status", before: "Draft", after: "Published", summary: "Published" },
    ]);
  });

  it("writes end dates as days in the company's zone, the zone named", () => {
    expect(summaries({ endDate: endDate + 7 * 86_400_000 })).toEqual(["End date 12/08/2026 (Eastern time) → 12/15/2026 (Eastern time)"]);
    expect(diffSurveyVersions(base, { ...base, endDate: endDate + 86_400_000 }, "Asia/Tokyo").changes[0].summary).toBe(
      "End date 12/09/2026 (JST) → 12/10/2026 (JST)",
    );
    expect(summaries({ endDate: null })).toEqual(["End date 12/08/2026 (Eastern time) → none"]);
    expect(summaries({ endDate: endDate - 3_600_000 })).toEqual(["End date moved within 12/08/2026 (Eastern time)"]);
  });

  it("lists meta field changes by their name", () => {
    expect(summaries({ metaFields: { company_name: "Acme Inc", meeting_name: "Offsite" } })).toEqual([
      "Field company_name “Acme” → “Acme Inc”",
      "Field meeting_name (empty) → “Offsite”",
    ]);
  });

  it("says which question was reworded, by its position, with both wordings", () => {
    const fields = base.fields.map((field) => (field.key === "q_four" ? { ...field, question: "Anything else to add?" } : field));
    expect(summaries({ fields })).toEqual(["Question 4 reworded: “Anything else?” → “Anything else to add?”"]);
  });

  it("finds questions added and removed, options changed and required toggled", () => {
    const fields = [
      base.fields[0],
      { ...base.fields[1], required: true },
      { ...base.fields[2], radioOptions: ["Sales", "Support", "Finance"] },
      question("q_five", "Who do you thank?"),
    ];
    expect(summaries({ fields })).toEqual([
      "Question 4 removed: “Anything else?”",
      "Question 2 now required",
      "Question 3 options changed: Sales, Support → Sales, Support, Finance",
      "Question 4 added: “Who do you thank?”",
    ]);
    const optional = summaries({ fields: base.fields.map((field, index) => (index === 0 ? { ...field, required: false } : field)) });
    expect(optional).toEqual(["Question 1 no longer required"]);
  });

  it("counts a reordering as the questions that moved, not every shifted number", () => {
    const [one, two, three, four] = base.fields;
    expect(summaries({ fields: [four, one, two, three] })).toEqual(["Question 1 moved from position 4: “Anything else?”"]);
    expect(summaries({ fields: [two, one, three, four] })).toEqual(["Question 2 moved from position 1: “How are you?”"]);
  });

  it("clips each value and keeps at most the bound of changes, counting the rest", () => {
    const long = "x".repeat(500);
    const [found] = diff({ name: long }).changes;
    expect(found.after).toHaveLength(MAX_CHANGE_TEXT);
    expect(found.after?.endsWith("…")).toBe(true);
    expect(clipChangeText("a\n\n b  c")).toBe("a b c");
    const many = Array.from({ length: 30 }, (_, index) => question(`q_new_${index}`, `New question ${index}`));
    const result = diff({ fields: [...base.fields, ...many] });
    expect(result.changes).toHaveLength(MAX_SURVEY_CHANGES);
    expect(result.moreChanges).toBe(30 - MAX_SURVEY_CHANGES);
  });

  it("reads stored changes defensively and names the entry's survey", () => {
    const data = { surveyName: "Culture check", ...diff({ name: "New name" }) };
    expect(readSurveyChanges(data)).toEqual({ changes: diff({ name: "New name" }).changes, moreChanges: 0 });
    expect(readSurveyChanges({ changes: [null, 3, { summary: "Name “a” → “b”", field: "Name" }], moreChanges: -2 })).toEqual({
      changes: [{ field: "Name", before: null, after: null, summary: "Name “a” → “b”" }],
      moreChanges: 0,
    });
    expect(readSurveyChanges({ changes: "not a list", moreChanges: 1.5 })).toEqual({ changes: [], moreChanges: 0 });
    expect(describeSurveyChangeHeading("update_survey", data)).toBe("Survey edited “Culture check”");
    expect(describeSurveyChangeHeading("archive_survey", { surveyName: " " })).toBe("Survey archived");
    expect(describeSurveyChangeHeading("close_survey", { surveyName: "x".repeat(100) })).toBe(`Survey closed “${"x".repeat(59)}…”`);
    expect(describeSurveyChangeHeading("add_to_cart", {})).toBeNull();
  });
});
