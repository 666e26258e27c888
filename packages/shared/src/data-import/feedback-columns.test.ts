import { describe, expect, it } from "vitest";
import { surveyFieldSchema } from "../surveys/survey-field.js";
import {
  checkFeedbackColumn,
  feedbackFieldKeys,
  feedbackSurveyFields,
  feedbackTypeOfField,
  IDENTITY_NOTE,
  optionsForType,
  profileFeedbackColumns,
  readFeedbackRows,
} from "./feedback-columns.js";

const HEADERS = ["Work Email", "Department", "How happy are you? (1-5)", "What should we change?", "Badge", "Full name"];
const rows = Array.from({ length: 30 }, (_, index) => [
  `person${index}@example.com`,
  ["Sales", "Support", "Engineering"][index % 3],
  String((index % 5) + 1),
  `Comment number ${index} about the canteen`,
  `B${1000 + index}`,
  `Person ${index}`,
]);

describe("feedback column profiles", () => {
  const profiles = profileFeedbackColumns(HEADERS, rows);

  it("infers comment, choice and rating, and marks the columns that identify a person", () => {
    expect(profiles.map((profile) => profile.type)).toEqual([null, "choice", "rating", "comment", null, null]);
    expect(profiles[0].identity).toBe(IDENTITY_NOTE);
    expect(profiles[0].allowed).toEqual([]);
    expect(profiles[1]).toMatchObject({ values: ["Sales", "Support", "Engineering"], filled: 30, allowed: ["choice", "comment"] });
    expect(profiles[2]).toMatchObject({ scale: ["1", "2", "3", "4", "5"], allowed: ["rating", "comment", "choice"] });
    expect(optionsForType(profiles[2], "rating")).toEqual(["1", "2", "3", "4", "5"]);
    expect(profiles[3].allowed).toEqual(["comment", "choice"]);
    // a code unique to every row (a badge number) identifies its holder
    expect(profiles[4].identity).toBe(IDENTITY_NOTE);
  });

  it("takes a rating scale's every point, and a column of addresses under any header as an identity", () => {
    const [scale, mails] = profileFeedbackColumns(
      ["Score", "Contact"],
      [
        ["0", "a@example.com"],
        ["10", "b@example.com"],
        ["7", ""],
      ],
    );
    expect(scale.scale).toHaveLength(11);
    expect(mails.type).toBeNull();
  });

  it("reads a few different short answers as comments, not as a choice", () => {
    const [answers] = profileFeedbackColumns(["Feedback"], [["Great team"], ["More pay"], ["Fine"]]);
    expect(answers.type).toBe("comment");
  });
});

describe("feedback questions and rows", () => {
  const columns = [
    { index: 1, header: "Department", type: "choice" as const, options: ["Sales", "Support", "Engineering"] },
    { index: 2, header: "How happy are you? (1-5)", type: "rating" as const, options: ["1", "2", "3", "4", "5"] },
    { index: 3, header: "What should we change?", type: "comment" as const, options: [] },
  ];

  it("makes valid, unique question keys and fields, the small choice a cohort", () => {
    expect(feedbackFieldKeys(["Department", "department", "2024 score", "É", ""])).toEqual([
      "department",
      "department_2",
      "q_2024_score",
      "e_q",
      "q_5",
    ]);
    const fields = feedbackSurveyFields(columns);
    for (const field of fields) expect(surveyFieldSchema.safeParse(field).success).toBe(true);
    expect(fields.map((field) => [field.key, field.answerType, field.filter])).toEqual([
      ["department", "Radio", true],
      ["how_happy_are_you_1_5", "Radio", false],
      ["what_should_we_change", "Text", false],
    ]);
    expect(fields.map(feedbackTypeOfField)).toEqual(["choice", "rating", "comment"]);
  });

  it("refuses a person's column, a rating that is no scale and options on a comment", () => {
    expect(checkFeedbackColumn({ index: 0, header: "Work Email", type: "comment", options: [] })).toMatch(/identifies a person/);
    expect(checkFeedbackColumn({ index: 2, header: "Score", type: "rating", options: ["1", "3"] })).toMatch(/not a rating scale/);
    expect(checkFeedbackColumn({ index: 3, header: "Why", type: "comment", options: ["x"] })).toMatch(/no options/);
    expect(checkFeedbackColumn({ index: 1, header: "Dept", type: "choice", options: ["A", "A"] })).toMatch(/twice/);
    for (const column of columns) expect(checkFeedbackColumn(column)).toBeNull();
  });

  it("turns rows into answers and rejects empty rows and unknown values with their reasons", () => {
    const keys = feedbackFieldKeys(columns.map((column) => column.header));
    const result = readFeedbackRows(
      columns,
      keys,
      [
        ["a@x.com", "Sales", "4", " Nice "],
        ["b@x.com", "", "", ""],
        ["c@x.com", "Legal", "9", "ok"],
      ],
      2,
    );
    expect(result.answers).toEqual([{ department: "Sales", how_happy_are_you_1_5: "4", what_should_we_change: "Nice" }]);
    expect(result.rejected.map((row) => [row.line, row.reasons])).toEqual([
      [3, ["No answer in the selected columns"]],
      [4, ['Department: "Legal" is not one of the column\'s values', 'How happy are you? (1-5): "9" is not one of the column\'s values']],
    ]);
  });
});
