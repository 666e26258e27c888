import { describe, expect, test } from "vitest";
import { answersToSend, buildParts, missingRequired, partOf } from "./parts";
import type { PublicSurveyField } from "./types";

const AGREE = ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"];

function question(key: string, extra: Partial<PublicSurveyField> = {}): PublicSurveyField {
  return {
    key,
    question: `Question ${key}`,
    questionType: "Text",
    answerType: "Radio",
    radioOptions: AGREE,
    topic: null,
    required: false,
    ...extra,
  };
}
const row = (key: string, title: string, radioOptions = AGREE) => question(key, { questionType: "Matrix", title, radioOptions });

describe("buildParts", () => {
  test("single questions go five to a part; Matrix rows with one title share a part under it", () => {
    const fields = [
      ...Array.from({ length: 7 }, (_, i) => question(`q${i}`)),
      row("m1", "Rate these"),
      row("m2", "Rate these"),
      row("n1", "Something else"),
      question("last", { answerType: "Text", radioOptions: [] }),
    ];
    const parts = buildParts(fields);
    expect(parts.map((part) => [part.title ?? null, part.fields.map((field) => field.key)])).toEqual([
      [null, ["q0", "q1", "q2", "q3", "q4"]],
      [null, ["q5", "q6"]],
      ["Rate these", ["m1", "m2"]],
      ["Something else", ["n1"]],
      [null, ["last"]],
    ]);
    expect(parts[2].gridOptions).toEqual(AGREE);
    expect(partOf(parts, "m2")).toBe(2);
    expect(partOf(parts, "nope")).toBe(-1);
  });

  test("a Matrix group whose rows offer different options is not a grid; a Matrix row without a title is a single question", () => {
    const parts = buildParts([row("a", "T"), row("b", "T", ["Yes", "No"]), question("c", { questionType: "Matrix" })]);
    expect(parts).toHaveLength(2);
    expect(parts[0].gridOptions).toBeUndefined();
    expect(parts[1]).toEqual({ fields: [expect.objectContaining({ key: "c" })] });
  });

  test("a long Matrix group is split evenly, each piece under the same title", () => {
    const rows = Array.from({ length: 14 }, (_, i) => row(`r${i}`, "Rate these"));
    const parts = buildParts(rows);
    expect(parts.map((part) => [part.title, part.fields.length, part.piece])).toEqual([
      ["Rate these", 7, { index: 1, count: 2 }],
      ["Rate these", 7, { index: 2, count: 2 }],
    ]);
    expect(parts[1].gridOptions).toEqual(AGREE);
    expect(buildParts(rows.slice(0, 10))[0].piece).toBeUndefined();
    expect(buildParts(Array.from({ length: 21 }, (_, i) => row(`r${i}`, "T"))).map((part) => part.fields.length)).toEqual([7, 7, 7]);
  });

  test("an empty survey has no parts", () => {
    expect(buildParts([])).toEqual([]);
  });
});

describe("answers", () => {
  const fields = [
    question("a", { required: true }),
    question("b", { required: true }),
    question("c"),
    question("d", { answerType: "Text", radioOptions: [] }),
  ];

  test("required questions without an answer (blank text counts as none)", () => {
    expect(missingRequired(fields, { a: "Agree", b: "  " }).map((field) => field.key)).toEqual(["b"]);
  });

  test("only the survey's answered questions are sent", () => {
    expect(answersToSend(fields, { a: "Agree", d: " ", stray: "x" })).toEqual({ a: "Agree" });
  });
});
