import { describe, expect, it } from "vitest";
import { createRandom } from "./seeded-random.js";

describe("createRandom", () => {
  it("gives the same numbers for the same seed, other numbers for another, all in [0, 1)", () => {
    const take = (seed: number) => {
      const next = createRandom(seed);
      return Array.from({ length: 1000 }, () => next());
    };
    const first = take(42);
    expect(take(42)).toEqual(first);
    expect(take(43)).not.toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(990);
  });
});
