import { describe, expect, it } from "vitest";
import { addFilter, filterQuery, filtersKey, parseFilterParam, readFilters, removeFilter, writeFilters } from "./report-filters";

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
