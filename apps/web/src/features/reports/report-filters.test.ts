import { describe, expect, it } from "vitest";
import {
  addFilter,
  cohortValueOptions,
  filterQuery,
  filtersKey,
  parseFilterParam,
  readFilters,
  removeFilter,
  writeFilters,
} from "./report-filters";

describe("report filter parameters", () => {
  it("splits key and value at the first colon", () => {
    expect(parseFilterParam("gender:Woman")).toEqual({ key: "gender", value: "Woman" });
    expect(parseFilterParam("shift:09:00-17:00")).toEqual({ key: "shift", value: "09:00-17:00" });
  });

  it("refuses parameters without a key, a value or within the length limits", () => {
    for (const raw of ["", "gender", ":Woman", "gender:", " :x", "gender: ", `${"k".repeat(81)}:v`, `k:${"v".repeat(201)}`]) {
      expect(parseFilterParam(raw)).toBeNull();
    }
  });

  it("reads at most two filters, one per cohort, skipping malformed ones", () => {
    const params = new URLSearchParams("filter=nope&filter=age%3A31-35&filter=age%3A36-45&page=2&filter=gender%3AMan&filter=region%3AWest");
    expect(readFilters(params)).toEqual([
      { key: "age", value: "31-35" },
      { key: "gender", value: "Man" },
    ]);
    expect(readFilters(new URLSearchParams("tab=1"))).toEqual([]);
  });

  it("writes filters as repeated parameters and keeps everything else", () => {
    const next = writeFilters(new URLSearchParams("filter=old%3Ax&upgrade=true"), [
      { key: "age", value: "31-35" },
      { key: "team", value: "R&D: West" },
    ]);
    expect(next.get("upgrade")).toBe("true");
    expect(next.getAll("filter")).toEqual(["age:31-35", "team:R&D: West"]);
    expect(readFilters(new URLSearchParams(next.toString()))).toEqual([
      { key: "age", value: "31-35" },
      { key: "team", value: "R&D: West" },
    ]);
  });

  it("round-trips through an API query string", () => {
    expect(filterQuery([])).toBe("");
    expect(filterQuery([{ key: "gender", value: "Non-binary & other" }])).toBe("filter=gender%3ANon-binary+%26+other");
  });

  it("adds, replaces and removes filters without going past two", () => {
    const one = addFilter([], { key: "age", value: "31-35" });
    const two = addFilter(one, { key: "gender", value: "Man" });
    expect(addFilter(two, { key: "age", value: "56 or older" })).toEqual([
      { key: "age", value: "56 or older" },
      { key: "gender", value: "Man" },
    ]);
    expect(addFilter(two, { key: "region", value: "West" })).toEqual(two);
    expect(removeFilter(two, "age")).toEqual([{ key: "gender", value: "Man" }]);
    expect(filtersKey(two)).toBe("age:31-35|gender:Man");
  });
});

describe("cohort value options", () => {
  const cohort = {
    key: "age",
    label: "What is your age?",
    values: [
      { value: "30 or younger", visible: true },
      { value: "31-35", visible: true },
      { value: "56 or older", visible: false },
    ],
  };

  it("keeps hidden values in the list, disabled", () => {
    expect(cohortValueOptions(cohort)).toEqual([
      { value: "30 or younger", label: "30 or younger", disabled: false },
      { value: "31-35", label: "31-35", disabled: false },
      { value: "56 or older", label: "56 or older", disabled: true },
    ]);
  });

  it("also disables values the report hides for the current filters, matching the cohort key", () => {
    const hidden = [
      { key: "age", value: "31-35" },
      { key: "region", value: "30 or younger" },
    ];
    expect(cohortValueOptions(cohort, hidden).map((option) => option.disabled)).toEqual([false, true, true]);
    expect(cohortValueOptions(undefined, hidden)).toEqual([]);
  });
});
