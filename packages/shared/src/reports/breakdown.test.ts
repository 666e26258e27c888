import { describe, expect, it } from "vitest";
import { LOWI_FIELDS } from "../surveys/lowi/instrument.js";
import { createEmptyAggregate, foldResponse } from "./aggregate.js";
import { computeBreakdown } from "./breakdown.js";

describe("breakdown", () => {
  const aggregate = createEmptyAggregate();
  for (const answers of [
    { lowi_demo_age: "31-35", lowi_recommend: "1" },
    { lowi_demo_age: "31-35", lowi_recommend: "0" },
    { lowi_demo_age: "56 or older", lowi_recommend: "11" },
  ]) {
    foldResponse(aggregate, answers, LOWI_FIELDS);
  }
  const breakdown = computeBreakdown(aggregate, LOWI_FIELDS);

  it("lists every choice question in survey order and leaves out open questions", () => {
    expect(breakdown).toHaveLength(63); // 65 questions less the 2 open ones
    expect(breakdown.some((question) => question.key === "lowi_open_well")).toBe(false);
    expect(breakdown[0]).toMatchObject({ key: "lowi_teamwork", total: 0, group: "agree", topic: "Teamwork" });
  });

  it("gives counts and shares of every option in option order", () => {
    const age = breakdown.find((question) => question.key === "lowi_demo_age")!;
    expect(age.total).toBe(3);
    expect(age.options).toEqual([
      { label: "30 or younger", count: 0, share: 0 },
      { label: "31-35", count: 2, share: 66.7 }, // 2 / 3
      { label: "36-45", count: 0, share: 0 },
      { label: "46-55", count: 0, share: 0 },
      { label: "56 or older", count: 1, share: 33.3 }, // 1 / 3
      { label: "Prefer not to say", count: 0, share: 0 },
    ]);
  });

  it("shows the recommend item on its ten options after the merges", () => {
    const recommend = breakdown.find((question) => question.key === "lowi_recommend")!;
    expect(recommend.options.map((option) => option.count)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(recommend.options[0]).toEqual({ label: "Very Likely", count: 2, share: 66.7 });
  });
});
