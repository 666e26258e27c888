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
  /** Whether the whole survey's comments may be listed: the plan's verdict on the whole survey (set by the caller). */
  wholeListable: boolean;
  /** Listable atoms, as `atomId(key, value)`. */
  atoms: Set<string>;
  /** Whether rows may show (and lists be narrowed by) the recommend tag: false when a tag class is too small. */
  tagsShown: boolean;
}

export const atomId = (key: string, value: string) => `${key}\u0000${value}`;

/** A partition of the commenters: a class id per person, ids 0..size−1. */
interface Partition {
  classes: Int32Array;
  size: number;
}

/** Features take values 0..FEATURE_WIDTH−1 (an atom: 0/1; the recommend tag: 0..3). */
const FEATURE_WIDTH = 4;

/**
 * Refines a partition by a small integer feature; accepted when every non-empty refined class holds at least k
 * counting people. Returns the refined partition, or null when refused. O(people + classes), typed arrays only.
 */
function refine(partition: Partition, people: readonly ListPerson[], feature: (person: ListPerson) => number, k: number): Partition | null {
  const cells = partition.size * FEATURE_WIDTH;
  const members = new Int32Array(cells);
  const counting = new Int32Array(cells);
  const cellOf = new Int32Array(people.length);
  for (let index = 0; index < people.length; index++) {
    const cell = partition.classes[index] * FEATURE_WIDTH + feature(people[index]);
    cellOf[index] = cell;
    members[cell]++;
    if (people[index].countsTowardThreshold) counting[cell]++;
  }
  for (let cell = 0; cell < cells; cell++) if (members[cell] > 0 && counting[cell] < k) return null;
  const renumbered = new Int32Array(cells).fill(-1);
  let size = 0;
  const classes = new Int32Array(people.length);
  for (let index = 0; index < people.length; index++) {
    const cell = cellOf[index];
    if (renumbered[cell] === -1) renumbered[cell] = size++;
    classes[index] = renumbered[cell];
  }
  return { classes, size };
}

/**
 * The listable atoms among `candidates` (tried in the given order: the caller puts organisational cohorts first),
 * for k. Adding an atom (key, value) splits every class by "has value" — values of one key are disjoint, so this is
 * exactly the refinement by that key's kept values — which is why one integer class per person suffices.
 */
export function chooseListableGroups(people: readonly ListPerson[], candidates: readonly ListAtom[], k: number): ListableGroups {
  const atoms = new Set<string>();
  let partition: Partition = { classes: new Int32Array(people.length), size: 1 };
  // The whole survey's list is the plan's to decide (at least k published respondents; a lone comment is one of
  // theirs). Below k commenters every split, the tag's included, is refused by `refine`.
  if (people.length === 0) return { wholeListable: true, atoms, tagsShown: true };
  const tagIndex = (person: ListPerson) => (RECOMMEND_TAGS as readonly string[]).indexOf(person.recommendTag ?? "") + 1;
  const withTags = refine(partition, people, tagIndex, k);
  const tagsShown = withTags !== null;
  if (withTags) partition = withTags;
  for (const atom of candidates) {
    // An atom nobody has is not offered (like the plan's empty values); asking for it is answered hidden.
    if (!people.some((person) => person.answers[atom.key] === atom.value)) continue;
    const next = refine(partition, people, (person) => (person.answers[atom.key] === atom.value ? 1 : 0), k);
    if (!next) continue;
    partition = next;
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
