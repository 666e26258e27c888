/** The pattern rule of comment lists (decision 0053), checked without a database. */
import { createRandom } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { atomId, chooseListableGroups, type ListAtom, type ListPerson } from "./listable-groups.js";

/** Seeded (mulberry32, shared): the same population on every run. */
const random = createRandom;

const person = (answers: Record<string, string>, recommendTag = "recommend", counts = true): ListPerson => ({
  answers,
  recommendTag,
  countsTowardThreshold: counts,
});

/** Every pattern (tag, and for each kept atom whether the person has it), counted independently of the code. */
function patternSizes(people: readonly ListPerson[], atoms: ReadonlySet<string>, tagsShown: boolean) {
  const kept = [...atoms].map((id) => id.split("\u0000") as [string, string]);
  const sizes = new Map<string, { all: number; counting: number }>();
  for (const one of people) {
    const pattern = [
      tagsShown ? String(one.recommendTag) : "",
      ...kept.map(([key, value]) => (one.answers[key] === value ? "1" : "0")),
    ].join("|");
    const size = sizes.get(pattern) ?? { all: 0, counting: 0 };
    size.all++;
    if (one.countsTowardThreshold) size.counting++;
    sizes.set(pattern, size);
  }
  return [...sizes.values()];
}

describe("chooseListableGroups", () => {
  it("keeps an atom only while every pattern holds at least k counting people, and never an empty one", () => {
    const people = [
      ...Array.from({ length: 6 }, () => person({ q: "Agree", g: "Woman" })),
      ...Array.from({ length: 5 }, () => person({ q: "Agree", g: "Man" })),
      person({ q: "Disagree", g: "Man" }),
    ];
    const candidates: ListAtom[] = [
      { key: "g", value: "Woman" },
      { key: "g", value: "Man" },
      { key: "g", value: "Other" },
      { key: "q", value: "Disagree" },
      { key: "q", value: "Agree" },
    ];
    const groups = chooseListableGroups(people, candidates, 5);
    expect(groups.wholeListable).toBe(true);
    expect(groups.tagsShown).toBe(true);
    // Woman splits 6 / 6; Man then adds nothing new; nobody is Other; Disagree is one person; Agree would split the
    // men 5 / 1.
    expect([...groups.atoms].sort()).toEqual([atomId("g", "Man"), atomId("g", "Woman")].sort());
  });

  it("hides the recommend tag when a tag class is small, and splits nothing below k counting commenters", () => {
    const people = [...Array.from({ length: 7 }, () => person({ q: "A" })), person({ q: "A" }, "won't recommend")];
    expect(chooseListableGroups(people, [], 5)).toMatchObject({ wholeListable: true, tagsShown: false });
    // Below k commenters (or k responses that count) no split is listable, the tag's included.
    const padded = [
      ...Array.from({ length: 3 }, () => person({ q: "A" })),
      ...Array.from({ length: 4 }, () => person({ q: "A" }, "recommend", false)),
    ];
    expect(chooseListableGroups(padded, [{ key: "q", value: "A" }], 5)).toMatchObject({ tagsShown: false, atoms: new Set() });
    const mixed = [
      ...Array.from({ length: 5 }, () => person({ q: "A" })),
      ...Array.from({ length: 2 }, () => person({ q: "B" }, "recommend", false)),
    ];
    // B's pattern would hold two people, none counting: not listable.
    expect(chooseListableGroups(mixed, [{ key: "q", value: "B" }], 5).atoms.size).toBe(0);
  });

  it("leaves no pattern of 1..k−1 people on 150 random skewed populations, each at k = 3 and 5", () => {
    const draw = random(53);
    for (let round = 0; round < 150; round++) {
      const size = 20 + Math.floor(draw() * 200);
      const keys = Array.from({ length: 2 + Math.floor(draw() * 4) }, (_, index) => ({
        key: `k${index}`,
        values: Array.from({ length: 2 + Math.floor(draw() * 5) }, (_, value) => `v${value}`),
      }));
      const people = Array.from({ length: size }, () => {
        const answers: Record<string, string> = {};
        for (const { key, values } of keys) {
          if (draw() < 0.2) continue;
          answers[key] = values[Math.min(values.length - 1, Math.floor(-Math.log(draw()) * 1.3))];
        }
        const tag = draw() < 0.9 ? "recommend" : draw() < 0.5 ? "neutral" : "won't recommend";
        return person(answers, tag, draw() < 0.95);
      });
      const candidates = keys.flatMap(({ key, values }) => values.map((value) => ({ key, value })));
      for (const k of [3, 5]) {
        const groups = chooseListableGroups(people, candidates, k);
        if (!groups.wholeListable) continue;
        for (const pattern of patternSizes(people, groups.atoms, groups.tagsShown)) {
          expect(pattern.all === 0 || pattern.counting >= k).toBe(true);
        }
        // Deterministic: the same people give the same set.
        expect(chooseListableGroups(people, candidates, k).atoms).toEqual(groups.atoms);
      }
    }
  });
});
