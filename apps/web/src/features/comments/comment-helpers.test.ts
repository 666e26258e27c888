import { describe, expect, it } from "vitest";
import {
  commentsRequest,
  initialSearch,
  pickerReducer,
  restoreFilters,
  revealedCount,
  searchReducer,
  serialiseFilters,
  truncateComment,
} from "./comment-helpers";

describe("truncateComment", () => {
  it("keeps comments of up to 100 characters whole", () => {
    const text = "x".repeat(100);
    expect(truncateComment(text)).toEqual({ text, cut: false });
  });
  it("cuts longer ones at a word near the limit and marks them", () => {
    const text = `${"word ".repeat(30)}end`;
    const result = truncateComment(text);
    expect(result.cut).toBe(true);
    expect(result.text.endsWith("…")).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(101);
    expect(result.text).not.toContain("wor…");
  });
  it("cuts a single long word at 100 characters", () => {
    expect(truncateComment("a".repeat(150)).text).toBe(`${"a".repeat(100)}…`);
  });
});

describe("searchReducer (debounced search)", () => {
  it("is filtering from a keystroke until the debounce settles", () => {
    let state = searchReducer(initialSearch, { type: "typed", value: "pay" });
    expect(state).toEqual({ typed: "pay", applied: "", filtering: true });
    state = searchReducer(state, { type: "settled" });
    expect(state).toEqual({ typed: "pay", applied: "pay", filtering: false });
  });
  it("is not filtering when the text goes back to what is applied", () => {
    let state = searchReducer({ typed: "pay", applied: "pay", filtering: false }, { type: "typed", value: "pay " });
    expect(state.filtering).toBe(false);
    state = searchReducer(state, { type: "cleared" });
    expect(state).toEqual(initialSearch);
  });
});

describe("filter serialisation", () => {
  const options = {
    cohorts: [{ key: "lowi_demo_gender", value: "Woman", label: "Gender: Woman" }],
    openQuestions: [{ key: "lowi_open_well" }],
    answerQuestions: [{ key: "lowi_recommend", options: ["Very Likely", "2"] }],
  };
  it("drops unknown values, questions and cohorts no longer offered", () => {
    const restored = restoreFilters(
      {
        sentiments: ["negative", "furious" as never],
        cohorts: [
          { key: "lowi_demo_gender", value: "Woman" },
          { key: "lowi_demo_gender", value: "Man" },
        ],
        questionKeys: ["lowi_open_well", "gone"],
        questions: { lowi_recommend: ["Very Likely", "11"], gone: ["x"] },
      },
      options,
    );
    expect(restored).toEqual({
      sentiments: ["negative"],
      cohorts: [{ key: "lowi_demo_gender", value: "Woman" }],
      questionKeys: ["lowi_open_well"],
      questions: { lowi_recommend: ["Very Likely"] },
    });
  });
  it("leaves cohorts undefined when none were saved, and keeps an empty selection empty", () => {
    expect(restoreFilters({ emotions: ["Fear"] }, options).cohorts).toBeUndefined();
    expect(restoreFilters({ cohorts: [] }, options).cohorts).toEqual([]);
    expect(restoreFilters(null, options)).toEqual({});
  });
  it("serialises the same filters the same way whatever their order", () => {
    expect(serialiseFilters({ sentiments: ["negative", "positive"], emotions: ["Fear"] })).toBe(
      serialiseFilters({ emotions: ["Fear"], sentiments: ["positive", "negative"] }),
    );
    expect(serialiseFilters({ sentiments: ["negative"] })).not.toBe(serialiseFilters({ sentiments: ["positive"] }));
  });
  it("builds the request with the search term and report filters only when present", () => {
    expect(commentsRequest({ sentiments: ["neutral"] }, "  ", [])).toEqual({ sentiments: ["neutral"] });
    expect(commentsRequest({}, " pay ", [{ key: "a", value: "b" }])).toEqual({ search: "pay", filters: [{ key: "a", value: "b" }] });
  });
});

describe("cohort picker", () => {
  it("reveals 100 items at once, then 100 more per second, never more than the limit", () => {
    expect(revealedCount(40, 0)).toBe(40);
    expect(revealedCount(250, 0)).toBe(100);
    expect(revealedCount(250, 5)).toBe(100);
    expect(revealedCount(250, 1, 300)).toBe(200);
  });
  it("goes saved → open → loading → saved, saves only with a change and a cohort, and closes on error", () => {
    let state = pickerReducer("saved", { type: "open" });
    expect(state).toBe("open");
    expect(pickerReducer(state, { type: "close", selected: 0, changed: true })).toBe("saved");
    expect(pickerReducer(state, { type: "close", selected: 2, changed: false })).toBe("saved");
    state = pickerReducer(state, { type: "close", selected: 2, changed: true });
    expect(state).toBe("loading");
    expect(pickerReducer(state, { type: "done" })).toBe("saved");
    expect(pickerReducer(state, { type: "failed" })).toBe("closed");
  });
});
