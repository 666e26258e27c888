/**
 * Which groups a comment list may be asked for (docs/decisions/0017, extended by 0053 to answer filters).
 *
 * A comment list is a set of identifiable rows, not a count: two lists can be intersected, subtracted or united, in
 * any number. So the rule is about the finest partition an attacker can build from every list the API would give:
 * each comment's *membership pattern* — for every listable atom (a cohort value, or an answer option of a choice
 * question), whether its author has it — plus the recommend tag that every row shows. An atom is listable only if,
 * with it, every non-empty pattern still holds at least k respondents who count toward thresholds. Every list the
 * API answers, and every set combination of such lists, is then a union of patterns: never 1..k−1 people.
 */
import { RECOMMEND_TAGS } from "@hearth/shared";

/** One group a list can be narrowed by: a cohort value or an answer option. */
export interface ListAtom {
  key: string;
  value: string;
}

/** One commenting respondent: the answers the atoms read, the recommend tag their rows show, and whether they count. */
export interface ListPerson {
  answers: Readonly<Record<string, unknown>>;
  recommendTag: string | null;
  countsTowardThreshold: boolean;
}

export interface ListableGroups {
  /** False when the whole survey's comments come from 1..k−1 counting respondents: nothing is listed at all. */
  wholeListable: boolean;
  /** Listable atoms, as `atomId(key, value)`. */
  atoms: Set<string>;
  /** Whether rows may show (and lists be narrowed by) the recommend tag: false when a tag class is too small. */
  tagsShown: boolean;
}

export const atomId = (key: string, value: string) => `${key}\u0000${value}`;

/**
 * Refines a partition (class id per person) by a small integer feature; accepted when every non-empty refined class
 * holds at least k counting people. Returns the new class ids, or null when refused.
 */
function refine(classes: Int32Array, people: readonly ListPerson[], feature: (person: ListPerson) => number, k: number): Int32Array | null {
  const width = 8;
  const counting = new Map<number, number>();
  const keys = new Float64Array(people.length);
  for (let index = 0; index < people.length; index++) {
    const key = classes[index] * width + feature(people[index]);
    keys[index] = key;
    const before = counting.get(key) ?? 0;
    counting.set(key, before + (people[index].countsTowardThreshold ? 1 : 0));
  }
  for (const size of counting.values()) if (size < k) return null;
  const renumbered = new Map<number, number>();
  const next = new Int32Array(people.length);
  for (let index = 0; index < people.length; index++) {
    let id = renumbered.get(keys[index]);
    if (id === undefined) {
      id = renumbered.size;
      renumbered.set(keys[index], id);
    }
    next[index] = id;
  }
  return next;
}

/**
 * The listable atoms among `candidates` (tried in the given order: the caller puts organisational cohorts first),
 * for k. Adding an atom (key, value) splits every class by "has value" — values of one key are disjoint, so this is
 * exactly the refinement by that key's kept values — which is why one integer class per person suffices.
 */
export function chooseListableGroups(people: readonly ListPerson[], candidates: readonly ListAtom[], k: number): ListableGroups {
  const atoms = new Set<string>();
  let classes: Int32Array | null = new Int32Array(people.length);
  const counting = people.filter((person) => person.countsTowardThreshold).length;
  if (people.length === 0) return { wholeListable: true, atoms, tagsShown: true };
  if (counting < k) return { wholeListable: false, atoms, tagsShown: false };
  const tagIndex = (person: ListPerson) => {
    const index = (RECOMMEND_TAGS as readonly string[]).indexOf(person.recommendTag ?? "");
    return index + 1;
  };
  const withTags = refine(classes, people, tagIndex, k);
  const tagsShown = withTags !== null;
  if (withTags) classes = withTags;
  for (const atom of candidates) {
    const next = refine(classes, people, (person) => (person.answers[atom.key] === atom.value ? 1 : 0), k);
    if (!next) continue;
    classes = next;
    atoms.add(atomId(atom.key, atom.value));
  }
  return { wholeListable: true, atoms, tagsShown };
}

/** The number of distinct counting respondents behind a list of comments (by response id). */
export function countingRespondents(comments: readonly { responseId: string; countsTowardThreshold: boolean }[]): {
  all: number;
  counting: number;
} {
  const all = new Set<string>();
  const counting = new Set<string>();
  for (const comment of comments) {
    all.add(comment.responseId);
    if (comment.countsTowardThreshold) counting.add(comment.responseId);
  }
  return { all: all.size, counting: counting.size };
}
