import { describe, expect, it } from "vitest";
import { LOWI_FIELDS } from "../surveys/lowi/instrument.js";
import { AGREE_SCALE } from "../surveys/scales.js";
import type { SurveyField } from "../surveys/survey-field.js";
import { cloneAggregate, createEmptyAggregate, foldResponse, mergeAggregates, type ReportAggregate, reviveAggregate } from "./aggregate.js";
import { computeCompanyReport } from "./company-report.js";
import { emptyDriverMoments, foldDriverVector } from "./key-drivers/driver-moments.js";
import { LOWI_DRIVER_SIZE, lowiDriverVectorFromAnswers } from "./key-drivers/lowi-driver-layout.js";

/** A deterministic response: every radio question of the instrument answered from a small linear congruential generator. */
function syntheticResponses(count: number): Record<string, string>[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: count }, () => {
    const answers: Record<string, string> = {};
    for (const field of LOWI_FIELDS) {
      if (field.radioOptions.length === 0) answers[field.key] = "A comment";
      else if (next() < 0.9) answers[field.key] = field.radioOptions[Math.floor(next() * field.radioOptions.length)];
    }
    return answers;
  });
}

describe("folding responses", () => {
  it("counts only offered labels of known choice questions, and every response", () => {
    const aggregate = createEmptyAggregate();
    foldResponse(
      aggregate,
      { lowi_teamwork: " Agree ", lowi_growth: "Maybe", lowi_open_well: "Great", unknown: "Agree", lowi_trust: 4 },
      LOWI_FIELDS,
    );
    foldResponse(aggregate, null, LOWI_FIELDS);
    foldResponse(aggregate, ["Agree"], LOWI_FIELDS);
    expect(aggregate.responses).toBe(3);
    expect(aggregate.histograms).toEqual({ lowi_teamwork: { Agree: 1 } });
    expect(aggregate.composites.spark).toEqual({ n: 1, sum: 4, sumSq: 16 });
    expect(aggregate.composites.love.n).toBe(0);
  });

  it("merges 0 and 1 into Very Likely and 10 and 11 into Not at All Likely", () => {
    const aggregate = createEmptyAggregate();
    for (const answer of ["0", "1", "Very Likely", "10", "11", "Not at All Likely", "12", "5"]) {
      foldResponse(aggregate, { lowi_recommend: answer }, LOWI_FIELDS);
    }
    expect(aggregate.histograms.lowi_recommend).toEqual({ "Very Likely": 3, "Not at All Likely": 3, "5": 1 });
  });

  it("keeps respondent-level means for the love, SPARK and area composites", () => {
    const aggregate = createEmptyAggregate();
    // Love items 5, 4, 4, 5, 2 → mean 20 / 5 = 4; Teamwork 5 and Contribution 3 → SPARK mean 4.
    // Systemic Collaboration holds Teamwork (5), Contribution (3) and Love: Coworkers (5) → 13 / 3.
    const love = ["Strongly Agree", "Agree", "Agree", "Strongly Agree", "Disagree"];
    const answers: Record<string, string> = { lowi_teamwork: "Strongly Agree", lowi_contribution: "Neutral" };
    ["company", "workplace", "manager", "coworkers", "ceo"].forEach((area, index) => {
      answers[`lowi_love_${area}`] = love[index];
    });
    foldResponse(aggregate, answers, LOWI_FIELDS);
    expect(aggregate.composites.love).toEqual({ n: 1, sum: 4, sumSq: 16 });
    expect(aggregate.composites.spark).toEqual({ n: 1, sum: 4, sumSq: 16 });
    expect(aggregate.composites.sparkAreas.SystemicCollaboration.sum).toBeCloseTo(13 / 3, 12);
    expect(aggregate.composites.sparkAreas.Respect.n).toBe(0);
  });

  it("gives the same aggregate folded in one pass or as two merged halves", () => {
    const responses = syntheticResponses(300);
    const whole = createEmptyAggregate();
    for (const answers of responses) foldResponse(whole, answers, LOWI_FIELDS);
    const first = createEmptyAggregate();
    const second = createEmptyAggregate();
    responses.forEach((answers, index) => {
      foldResponse(index < 170 ? first : second, answers, LOWI_FIELDS);
    });
    const merged = mergeAggregates(first, second);

    expect(merged.responses).toBe(300);
    expect(merged.histograms).toEqual(whole.histograms);
    expect(merged.composites.love.n).toBe(whole.composites.love.n);
    expect(merged.composites.love.sum).toBeCloseTo(whole.composites.love.sum, 9);
    expect(merged.composites.sparkAreas.Respect.sumSq).toBeCloseTo(whole.composites.sparkAreas.Respect.sumSq, 9);
    expect(computeCompanyReport(merged, null)).toEqual(computeCompanyReport(whole, null));
    expect(first.responses + second.responses).toBe(300); // the inputs are untouched by the merge
  });

  it("folds the key-driver moments of complete LOWI responses only, as the driver layout reads them", () => {
    const responses = syntheticResponses(300);
    const aggregate = createEmptyAggregate();
    const expected = emptyDriverMoments(LOWI_DRIVER_SIZE);
    for (const answers of responses) {
      foldResponse(aggregate, answers, LOWI_FIELDS);
      const vector = lowiDriverVectorFromAnswers(answers);
      if (vector) foldDriverVector(expected, vector);
    }
    // About 0.9^21 of them answered all 21 driver questions; the rest add nothing to the drivers.
    expect(expected.n).toBeGreaterThan(10);
    expect(expected.n).toBeLessThan(responses.length);
    expect(aggregate.drivers).toEqual(expected);
    const halves = mergeAggregates(
      responses.slice(0, 150).reduce((into, answers) => foldResponse(into, answers, LOWI_FIELDS), createEmptyAggregate()),
      responses.slice(150).reduce((into, answers) => foldResponse(into, answers, LOWI_FIELDS), createEmptyAggregate()),
    );
    expect(halves.drivers?.n).toBe(expected.n);
    expect(halves.drivers?.sum).toEqual(expected.sum);
    // A survey without the whole instrument folds no driver moments.
    const partial = createEmptyAggregate();
    foldResponse(
      partial,
      responses[0],
      LOWI_FIELDS.filter((field) => field.key !== "lowi_recommend"),
    );
    expect(partial.drivers).toBeUndefined();
  });

  it("survives JSON and refuses stored data of another shape", () => {
    const aggregate = createEmptyAggregate();
    for (const answers of syntheticResponses(20)) foldResponse(aggregate, answers, LOWI_FIELDS);
    const stored: unknown = JSON.parse(JSON.stringify(aggregate));
    expect(reviveAggregate(stored)).toEqual(aggregate);
    expect(aggregate.drivers?.n).toBeGreaterThan(0);
    expect(reviveAggregate({ ...(stored as ReportAggregate), version: 1 })).toBeNull();
    expect(reviveAggregate({ ...(stored as ReportAggregate), drivers: { n: 1, sum: [1], cross: [1] } })).toBeNull();
    expect(reviveAggregate({ ...(stored as ReportAggregate), histograms: { lowi_teamwork: { Agree: -1 } } })).toBeNull();
    expect(reviveAggregate("nonsense")).toBeNull();
    const copy = cloneAggregate(aggregate);
    foldResponse(copy, { lowi_teamwork: "Agree" }, LOWI_FIELDS);
    expect(copy.responses).toBe(aggregate.responses + 1);
  });

  it("stays safe with keys and labels named like Object members", () => {
    const fields: SurveyField[] = [
      {
        key: "constructor",
        question: "?",
        questionType: "Text",
        answerType: "Radio",
        radioOptions: ["toString", "Yes"],
        topic: null,
        required: false,
        isDefault: false,
        group: "custom",
      },
      {
        key: "custom_agree",
        question: "?",
        questionType: "Text",
        answerType: "Radio",
        radioOptions: [...AGREE_SCALE],
        topic: null,
        required: false,
        isDefault: false,
        group: "custom",
      },
    ];
    const aggregate = createEmptyAggregate();
    foldResponse(aggregate, { constructor: "toString", custom_agree: "Agree" }, fields);
    foldResponse(aggregate, { custom_agree: "Agree" }, fields);
    expect(aggregate.histograms.constructor).toEqual({ toString: 1 });
    expect(aggregate.histograms.custom_agree).toEqual({ Agree: 2 });
    // An agree-scale question that is not a LOWI item is counted but feeds no composite.
    expect(aggregate.composites.spark.n).toBe(0);
    expect(Object.hasOwn(Object.prototype, "toString") && typeof ({} as Record<string, unknown>).toString).toBe("function");
  });
});
