import { AGREE_SCALE, listPresetFields } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { createRandom } from "@hearth/shared";
import { DEMO_LOWI_RESPONSES, generateLowiAnswers } from "./demo-surveys.js";

describe("demo LOWI responses", () => {
  const fields = listPresetFields("PulseValidation");
  const random = createRandom(7);
  const answers = Array.from({ length: DEMO_LOWI_RESPONSES }, () => generateLowiAnswers(fields, random));
  const agreeKeys = fields.filter((field) => field.group === "agree").map((field) => field.key);
  const meanScore = (rows: Record<string, string>[]) => {
    const scores = rows.flatMap((row) => agreeKeys.map((key) => AGREE_SCALE.indexOf(row[key] as never) + 1));
    return scores.reduce((sum, score) => sum + score, 0) / scores.length;
  };

  it("answers every required question with an offered option", () => {
    for (const row of answers) {
      for (const field of fields) {
        if (field.required) expect(row[field.key], field.key).toBeDefined();
        if (row[field.key] !== undefined && field.answerType === "Radio") expect(field.radioOptions).toContain(row[field.key]);
      }
    }
  });

  it("fills the demographics and writes varied comments", () => {
    for (const field of fields.filter((f) => f.group === "demographic")) {
      const filled = answers.filter((row) => row[field.key]).length;
      expect(filled / answers.length, field.key).toBeGreaterThan(0.9);
    }
    const comments = answers.map((row) => row.lowi_open_better).filter(Boolean);
    expect(comments.length).toBeGreaterThan(150);
    expect(new Set(comments).size).toBeGreaterThan(60);
  });

  it("scores realistically, and differently by cohort", () => {
    const overall = meanScore(answers);
    expect(overall).toBeGreaterThan(3.2);
    expect(overall).toBeLessThan(4.4);
    const sales = answers.filter((row) => row.lowi_demo_job_function === "Sales and Business Development");
    const engineering = answers.filter((row) => row.lowi_demo_job_function === "Engineering and IT");
    expect(sales.length).toBeGreaterThan(5);
    expect(engineering.length).toBeGreaterThan(5);
    expect(meanScore(engineering)).toBeGreaterThan(meanScore(sales) + 0.3);
    const scores = new Set(answers.map((row) => row.lowi_teamwork));
    expect(scores.size).toBeGreaterThanOrEqual(4);
  });
});
