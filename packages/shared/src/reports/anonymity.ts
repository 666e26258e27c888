/**
 * Anonymity that holds for reports (issue #5, docs/decisions/0015): which cohort groups may show numbers.
 *
 * A group is the whole survey, one cohort filter `key=value`, or two filters on different keys. A group is shown
 * only when it has at least k respondents (the company's visibility threshold) AND its number cannot be used,
 * together with the numbers of other shown groups, to work out the size of a group of 1..k−1 people by
 * differencing. `planSuppression` decides this once per survey from cell counts; every score, breakdown, filter
 * list, comment list and export asks the plan before it shows anything about a group.
 */
import type { SurveyField } from "../surveys/survey-field.js";
import { PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";

export const DEFAULT_VISIBILITY_THRESHOLD = 5;
export const MIN_VISIBILITY_THRESHOLD = 3;
/** Largest threshold a company may choose (a sanity bound, not a spec value). */
export const MAX_VISIBILITY_THRESHOLD = 100;
/** A report may be narrowed by at most this many cohort filters at once; the API refuses more. */
export const MAX_REPORT_FILTERS = 2;

/** Spec screens §8, word for word. */
export const HIDDEN_NOTICE_TEMPLATE = "{page} are hidden as the number available falls below the visibility threshold.";

/** "Comments are hidden as the number available falls below the visibility threshold." */
export function formatHiddenNotice(page: string): string {
  return HIDDEN_NOTICE_TEMPLATE.replace("{page}", page);
}

/** The company's threshold as stored (null or missing: the default); never below the minimum. */
export function normalizeVisibilityThreshold(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return DEFAULT_VISIBILITY_THRESHOLD;
  return Math.min(MAX_VISIBILITY_THRESHOLD, Math.max(MIN_VISIBILITY_THRESHOLD, Math.floor(value)));
}

/** What an API answer carries instead of numbers for a group that may not be shown. */
export const TOO_SMALL: { readonly hidden: true } = Object.freeze({ hidden: true as const });
export type TooSmall = typeof TOO_SMALL;

export function isTooSmall(value: unknown): value is TooSmall {
  return typeof value === "object" && value !== null && (value as { hidden?: unknown }).hidden === true;
}

// ---------------------------------------------------------------------------------------------------------------
// Cohorts and their counts

/** One filterable question: its key and the values a report may filter by (options minus "Prefer not to say"). */
export interface CohortDimension {
  key: string;
  values: readonly string[];
}

/** A respondent's cohorts: key → the answer given (anything not in the dimension's values counts as unanswered). */
export type RespondentCohorts = Readonly<Record<string, string | null | undefined>>;

/**
 * Cell counts of a survey's respondents. Only queryable cells are stored (zero counts may be left out); the
 * "unanswered" cells (no answer, "Prefer not to say" or an unknown value) are what is left of a parent:
 * `unanswered(A) = total − Σ single[A][v]`, `(A=v, B unanswered) = single[A][v] − Σ_w pairs[AB][v,w]`.
 */
export interface CohortCounts {
  /** Dimensions sorted by key, values in option order. */
  dimensions: CohortDimension[];
  total: number;
  /** key → value → respondents with that answer. */
  single: Record<string, Record<string, number>>;
  /** pairKey(A, B) → pairValueKey(v, w) (in the pair's sorted key order) → respondents with both answers. */
  pairs: Record<string, Record<string, number>>;
}

const SEPARATOR = "\u0000";

/** The `pairs` key of two cohort keys, independent of their order. */
export function pairKey(keyA: string, keyB: string): string {
  return keyA < keyB ? `${keyA}${SEPARATOR}${keyB}` : `${keyB}${SEPARATOR}${keyA}`;
}

/** The inner key of a pair cell; `valueA` belongs to the key that sorts first. */
export function pairValueKey(valueA: string, valueB: string): string {
  return `${valueA}${SEPARATOR}${valueB}`;
}

function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The report dimensions of a survey: its Radio questions marked `filter: true`. "Prefer not to say" is not a
 * value anyone may filter by (docs/decisions/0015): it is counted as unanswered, so nobody can single out the
 * people who declined.
 */
export function cohortDimensionsFromFields(fields: readonly Pick<SurveyField, "key" | "answerType" | "radioOptions" | "filter">[]) {
  return normalizeDimensions(
    fields
      .filter((field) => field.filter === true && field.answerType === "Radio")
      .map((field) => ({ key: field.key, values: field.radioOptions })),
  );
}

/** Sorted by key, duplicates and unfilterable values ("Prefer not to say", empty, containing NUL) removed. */
export function normalizeDimensions(dimensions: readonly CohortDimension[]): CohortDimension[] {
  const byKey = new Map<string, CohortDimension>();
  for (const dimension of dimensions) {
    if (byKey.has(dimension.key) || dimension.key.includes(SEPARATOR)) continue;
    const values = [...new Set(dimension.values)].filter(
      (value) => value !== "" && value !== PREFER_NOT_TO_SAY && !value.includes(SEPARATOR),
    );
    byKey.set(dimension.key, { key: dimension.key, values });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A respondent's filterable cohorts: key → value, keys without a filterable answer left out. */
export function respondentCohortsOf(answers: RespondentCohorts, dimensions: readonly CohortDimension[]): Record<string, string> {
  const cohorts = dict<string>();
  for (const dimension of dimensions) {
    const answer = own(answers as Record<string, string | null | undefined>, dimension.key);
    if (typeof answer === "string" && dimension.values.includes(answer)) cohorts[dimension.key] = answer;
  }
  return cohorts;
}

export function emptyCohortCounts(dimensions: readonly CohortDimension[]): CohortCounts {
  return { dimensions: normalizeDimensions(dimensions), total: 0, single: dict(), pairs: dict() };
}

function addTo(record: Record<string, Record<string, number>>, outer: string, inner: string, amount: number) {
  let cells = own(record, outer);
  if (cells === undefined) {
    cells = dict<number>();
    record[outer] = cells;
  }
  cells[inner] = (own(cells, inner) ?? 0) + amount;
}

function cloneCounts(counts: CohortCounts): CohortCounts {
  const copy = emptyCohortCounts(counts.dimensions);
  copy.total = counts.total;
  for (const [outer, cells] of Object.entries(counts.single))
    for (const [inner, n] of Object.entries(cells)) addTo(copy.single, outer, inner, n);
  for (const [outer, cells] of Object.entries(counts.pairs))
    for (const [inner, n] of Object.entries(cells)) addTo(copy.pairs, outer, inner, n);
  return copy;
}

function foldInto(counts: CohortCounts, answers: RespondentCohorts) {
  const cohorts = respondentCohortsOf(answers, counts.dimensions);
  counts.total += 1;
  const keys = counts.dimensions.map((dimension) => dimension.key).filter((key) => Object.hasOwn(cohorts, key));
  for (let i = 0; i < keys.length; i++) {
    addTo(counts.single, keys[i], cohorts[keys[i]], 1);
    for (let j = i + 1; j < keys.length; j++)
      addTo(counts.pairs, pairKey(keys[i], keys[j]), pairValueKey(cohorts[keys[i]], cohorts[keys[j]]), 1);
  }
}

/** Counts of a batch of respondents (each a key → answer map) over the given dimensions. */
export function countCohorts(respondents: Iterable<RespondentCohorts>, dimensions: readonly CohortDimension[]): CohortCounts {
  const counts = emptyCohortCounts(dimensions);
  for (const respondent of respondents) foldInto(counts, respondent);
  return counts;
}

/** New counts with one more respondent (pure; for batches use `countCohorts` and `mergeCohortCounts`). */
export function foldCohortCounts(counts: CohortCounts, respondent: RespondentCohorts): CohortCounts {
  const copy = cloneCounts(counts);
  foldInto(copy, respondent);
  return copy;
}

function sameDimensions(a: readonly CohortDimension[], b: readonly CohortDimension[]): boolean {
  return (
    a.length === b.length &&
    a.every((d, i) => d.key === b[i].key && d.values.length === b[i].values.length && d.values.every((v, j) => v === b[i].values[j]))
  );
}

/** Sum of two counts over the same dimensions (throws otherwise: counts of different questions do not add). */
export function mergeCohortCounts(a: CohortCounts, b: CohortCounts): CohortCounts {
  if (!sameDimensions(normalizeDimensions(a.dimensions), normalizeDimensions(b.dimensions))) {
    throw new Error("Cohort counts over different dimensions cannot be merged");
  }
  const merged = cloneCounts(a);
  merged.total += b.total;
  for (const [outer, cells] of Object.entries(b.single))
    for (const [inner, n] of Object.entries(cells)) addTo(merged.single, outer, inner, n);
  for (const [outer, cells] of Object.entries(b.pairs))
    for (const [inner, n] of Object.entries(cells)) addTo(merged.pairs, outer, inner, n);
  return merged;
}

// ---------------------------------------------------------------------------------------------------------------
// The cell lattice: whole, singles (values and the unanswered cell), pairs (values × values, with unanswered)

/** Index of the "unanswered" level of a dimension: one past its last value. */
interface Lattice {
  dimensions: CohortDimension[];
  /** Number of levels of each dimension (values + unanswered). */
  levels: number[];
  /** First cell id of each dimension's singles. */
  singleBase: number[];
  /** First cell id of each pair table (i < j), row-major over levels[i] × levels[j]. */
  pairBase: Map<number, number>;
  cellCount: number;
}

function buildLattice(dimensions: CohortDimension[]): Lattice {
  const levels = dimensions.map((dimension) => dimension.values.length + 1);
  const singleBase: number[] = [];
  let next = 1;
  for (const size of levels) {
    singleBase.push(next);
    next += size;
  }
  const pairBase = new Map<number, number>();
  for (let i = 0; i < dimensions.length; i++) {
    for (let j = i + 1; j < dimensions.length; j++) {
      pairBase.set(i * dimensions.length + j, next);
      next += levels[i] * levels[j];
    }
  }
  return { dimensions, levels, singleBase, pairBase, cellCount: next };
}

const singleCell = (lattice: Lattice, i: number, a: number) => lattice.singleBase[i] + a;
const pairCell = (lattice: Lattice, i: number, a: number, j: number, b: number) =>
  i < j
    ? lattice.pairBase.get(i * lattice.dimensions.length + j)! + a * lattice.levels[j] + b
    : lattice.pairBase.get(j * lattice.dimensions.length + i)! + b * lattice.levels[i] + a;

interface Line {
  parent: number;
  cells: number[];
}

/** Every "line": a parent group and its partition by one more key (the unanswered cell included). */
function buildLines(lattice: Lattice): Line[] {
  const lines: Line[] = [];
  const n = lattice.dimensions.length;
  for (let i = 0; i < n; i++) {
    lines.push({ parent: 0, cells: Array.from({ length: lattice.levels[i] }, (_, a) => singleCell(lattice, i, a)) });
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      for (let a = 0; a < lattice.levels[i]; a++) {
        lines.push({
          parent: singleCell(lattice, i, a),
          cells: Array.from({ length: lattice.levels[j] }, (_, b) => pairCell(lattice, i, a, j, b)),
        });
      }
    }
  }
  return lines;
}

/** Sizes of every cell, the unanswered ones derived; throws on counts that do not add up. */
function cellSizes(lattice: Lattice, counts: CohortCounts): number[] {
  const sizes = new Array<number>(lattice.cellCount).fill(0);
  sizes[0] = counts.total;
  const { dimensions, levels } = lattice;
  const check = (value: number) => {
    if (!Number.isInteger(value) || value < 0) throw new Error("Cohort counts are inconsistent");
    return value;
  };
  check(counts.total);
  for (let i = 0; i < dimensions.length; i++) {
    const values = dimensions[i].values;
    let answered = 0;
    for (let a = 0; a < values.length; a++) {
      const size = check(own(own(counts.single, dimensions[i].key), values[a]) ?? 0);
      sizes[singleCell(lattice, i, a)] = size;
      answered += size;
    }
    sizes[singleCell(lattice, i, values.length)] = check(counts.total - answered);
  }
  for (let i = 0; i < dimensions.length; i++) {
    for (let j = i + 1; j < dimensions.length; j++) {
      const table = own(counts.pairs, pairKey(dimensions[i].key, dimensions[j].key));
      const ni = levels[i] - 1;
      const nj = levels[j] - 1;
      for (let a = 0; a < ni; a++) {
        for (let b = 0; b < nj; b++)
          sizes[pairCell(lattice, i, a, j, b)] = check(own(table, pairValueKey(dimensions[i].values[a], dimensions[j].values[b])) ?? 0);
      }
      for (let a = 0; a < ni; a++) {
        let row = 0;
        for (let b = 0; b < nj; b++) row += sizes[pairCell(lattice, i, a, j, b)];
        sizes[pairCell(lattice, i, a, j, nj)] = check(sizes[singleCell(lattice, i, a)] - row);
      }
      let cornerColumn = 0;
      for (let b = 0; b <= nj; b++) {
        let column = 0;
        for (let a = 0; a < ni; a++) column += sizes[pairCell(lattice, i, a, j, b)];
        const colTotal = b < nj ? sizes[singleCell(lattice, j, b)] : sizes[singleCell(lattice, j, nj)];
        const rest = check(colTotal - column);
        sizes[pairCell(lattice, i, ni, j, b)] = rest;
        cornerColumn += rest;
      }
      if (cornerColumn !== sizes[singleCell(lattice, i, ni)]) throw new Error("Cohort counts are inconsistent");
    }
  }
  return sizes;
}

function isQueryable(lattice: Lattice, cell: number): boolean {
  if (cell === 0) return true;
  const { dimensions, levels, singleBase } = lattice;
  for (let i = 0; i < dimensions.length; i++) {
    if (cell >= singleBase[i] && cell < singleBase[i] + levels[i]) return cell - singleBase[i] < levels[i] - 1;
  }
  for (let i = 0; i < dimensions.length; i++) {
    for (let j = i + 1; j < dimensions.length; j++) {
      const base = lattice.pairBase.get(i * dimensions.length + j)!;
      if (cell >= base && cell < base + levels[i] * levels[j]) {
        const offset = cell - base;
        return Math.floor(offset / levels[j]) < levels[i] - 1 && offset % levels[j] < levels[j] - 1;
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// The plan

/** Why a group shows no numbers. Server-side only: the company sees the same notice for both reasons. */
export type HiddenReason = "below-threshold" | "complementary";

export type GroupVisibility = { visible: true; size: number } | { visible: false; reason: HiddenReason };

export interface CohortFilter {
  key: string;
  value: string;
}

export interface SuppressionPlan {
  threshold: number;
  dimensions: CohortDimension[];
  whole: GroupVisibility;
  /** key → value → visibility of the group `key=value`. */
  single: Record<string, Record<string, GroupVisibility>>;
  /** pairKey(A, B) → pairValueKey(v, w) → visibility of `A=v ∧ B=w`. */
  pairs: Record<string, Record<string, GroupVisibility>>;
}

/**
 * Decides which groups show numbers (docs/decisions/0015).
 *
 * 1. Primary: a group of 1..k−1 respondents is hidden.
 * 2. Complementary, to a fixpoint: the attacker knows every shown group's size and — assumed, to be safe — which
 *    cells are empty. Propagating "parent = Σ cells" over every line, a cell becomes known when it is the only
 *    unknown member of a line. A violation is a known cell of 1..k−1 respondents, or a line with a known parent
 *    whose unknown cells hold 1..k−1 respondents together. Each violation hides the smallest shown non-empty cell
 *    of its line (ties by position), or of the line that made a member known; hides only grow, so it ends.
 * 3. Empty groups are shown (as no respondents) when every single-filter group they belong to is empty or has k+
 *    respondents: an empty group exposes no one, and it tells nothing about a small group's members.
 */
export function planSuppression(counts: CohortCounts, threshold: number = DEFAULT_VISIBILITY_THRESHOLD): SuppressionPlan {
  const k = normalizeVisibilityThreshold(threshold);
  const allDimensions = normalizeDimensions(counts.dimensions);
  // A question nobody answered adds only "group = the same group, unanswered" relations: it tells an attacker
  // nothing, so it stays out of the lattice (where its degenerate lines would only cost hides). Its groups are empty.
  const dimensions = allDimensions.filter((dimension) =>
    dimension.values.some((value) => (own(own(counts.single, dimension.key), value) ?? 0) > 0),
  );
  const lattice = buildLattice(dimensions);
  const sizes = cellSizes(lattice, { ...counts, dimensions });
  const lines = buildLines(lattice);
  const queryable = Array.from({ length: lattice.cellCount }, (_, cell) => isQueryable(lattice, cell));
  const visible = sizes.map((size, cell) => queryable[cell] && size >= k && sizes[0] >= k);
  const primary = sizes.map((size, cell) => queryable[cell] && size > 0 && size < k);
  const linesOf: number[][] = Array.from({ length: lattice.cellCount }, () => []);
  lines.forEach((line, index) => {
    linesOf[line.parent].push(index);
    for (const cell of line.cells) linesOf[cell].push(index);
  });
  const vectors = basisVectors(lattice);

  for (;;) {
    // What an attacker can know: shown groups, empty cells, and whatever single-unknown lines give.
    const known = sizes.map((size, cell) => visible[cell] || size === 0);
    const derivedBy = new Array<number>(lattice.cellCount).fill(-1);
    const queue = lines.map((_, index) => index);
    const queued = new Array<boolean>(lines.length).fill(true);
    while (queue.length > 0) {
      const index = queue.shift()!;
      queued[index] = false;
      const members = [lines[index].parent, ...lines[index].cells];
      const unknown = members.filter((cell) => !known[cell]);
      if (unknown.length !== 1) continue;
      known[unknown[0]] = true;
      derivedBy[unknown[0]] = index;
      for (const other of linesOf[unknown[0]]) {
        if (!queued[other]) {
          queued[other] = true;
          queue.push(other);
        }
      }
    }

    const violations = new Set<number>();
    for (let cell = 0; cell < lattice.cellCount; cell++) {
      if (known[cell] && !visible[cell] && sizes[cell] > 0 && sizes[cell] < k) violations.add(derivedBy[cell]);
    }
    lines.forEach((line, index) => {
      if (!known[line.parent]) return;
      let rest = 0;
      for (const cell of line.cells) if (!known[cell]) rest += sizes[cell];
      if (rest > 0 && rest < k) violations.add(index);
    });
    violations.delete(-1);
    const toHide = new Set<number>();
    for (const index of [...violations].sort((a, b) => a - b))
      toHide.add(pickCellToHide([index], lines, linesOf, visible, sizes, derivedBy));
    if (toHide.size === 0) {
      // Propagation is blind to combinations of several lines (e.g. a suppressed cell bridging two blocks of a
      // pair table): the exact audit finds everything linear algebra can derive.
      for (const cell of exactLeaks(lattice, lines, sizes, visible, queryable, vectors, k)) {
        toHide.add(pickCellToHide(cell.lines, lines, linesOf, visible, sizes, null));
      }
    }
    if (toHide.size === 0) break;
    for (const cell of toHide) visible[cell] = false;
  }

  const visibilityOf = (cell: number, parents: number[]): GroupVisibility => {
    if (visible[cell]) return { visible: true, size: sizes[cell] };
    if (sizes[cell] === 0 && visible[0] && parents.every((parent) => sizes[parent] === 0 || sizes[parent] >= k))
      return { visible: true, size: 0 };
    return { visible: false, reason: primary[cell] ? "below-threshold" : "complementary" };
  };
  const plan: SuppressionPlan = {
    threshold: k,
    dimensions: allDimensions,
    whole: visible[0] ? { visible: true, size: sizes[0] } : { visible: false, reason: primary[0] ? "below-threshold" : "complementary" },
    single: dict(),
    pairs: dict(),
  };
  const activeIndex = new Map(dimensions.map((dimension, index) => [dimension.key, index]));
  /** The lattice cell of `key=value`, or null for a question nobody answered (its groups are empty). */
  const singleOf = (key: string, value: string): number | null => {
    const i = activeIndex.get(key);
    if (i === undefined) return null;
    return singleCell(lattice, i, dimensions[i].values.indexOf(value));
  };
  const emptyVisibility = (parents: number[]): GroupVisibility =>
    visible[0] && parents.every((parent) => sizes[parent] === 0 || sizes[parent] >= k)
      ? { visible: true, size: 0 }
      : { visible: false, reason: "complementary" };
  for (const dimension of allDimensions) {
    const groups = dict<GroupVisibility>();
    for (const value of dimension.values) {
      const cell = singleOf(dimension.key, value);
      groups[value] = cell === null ? emptyVisibility([0]) : visibilityOf(cell, [0]);
    }
    plan.single[dimension.key] = groups;
  }
  for (let i = 0; i < allDimensions.length; i++) {
    for (let j = i + 1; j < allDimensions.length; j++) {
      const [first, second] = [allDimensions[i], allDimensions[j]];
      const groups = dict<GroupVisibility>();
      const ai = activeIndex.get(first.key);
      const bj = activeIndex.get(second.key);
      for (const valueA of first.values) {
        for (const valueB of second.values) {
          const cellA = singleOf(first.key, valueA);
          const cellB = singleOf(second.key, valueB);
          const parents = [0, ...(cellA === null ? [] : [cellA]), ...(cellB === null ? [] : [cellB])];
          groups[pairValueKey(valueA, valueB)] =
            ai !== undefined && bj !== undefined
              ? visibilityOf(
                  pairCell(lattice, ai, dimensions[ai].values.indexOf(valueA), bj, dimensions[bj].values.indexOf(valueB)),
                  parents,
                )
              : emptyVisibility(parents);
        }
      }
      plan.pairs[pairKey(first.key, second.key)] = groups;
    }
  }
  return plan;
}

/**
 * The shown cell to hide for a violation: in the violating lines, the smallest shown non-empty cell (ties by
 * position), else a shown parent; otherwise the same search in the lines that made a hidden member known (the
 * derivation when propagation found it, every line through that member otherwise); last, the whole survey.
 */
function pickCellToHide(
  start: number[],
  lines: Line[],
  linesOf: number[][],
  visible: boolean[],
  sizes: number[],
  derivedBy: number[] | null,
): number {
  const seen = new Set<number>();
  const queue = [...start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current < 0 || seen.has(current)) continue;
    seen.add(current);
    const line = lines[current];
    let best = -1;
    for (const cell of line.cells) {
      if (visible[cell] && sizes[cell] > 0 && (best < 0 || sizes[cell] < sizes[best] || (sizes[cell] === sizes[best] && cell < best)))
        best = cell;
    }
    if (best >= 0) return best;
    if (visible[line.parent]) return line.parent;
    for (const cell of [line.parent, ...line.cells]) {
      if (visible[cell] || sizes[cell] === 0) continue;
      if (derivedBy !== null) queue.push(derivedBy[cell]);
      else queue.push(...linesOf[cell]);
    }
  }
  return 0;
}

/**
 * Each cell as a combination of the queryable groups (a basis of every count over at most two keys):
 * (A unanswered) = whole − Σ_v (A=v); (A=v ∧ B unanswered) = (A=v) − Σ_w (A=v ∧ B=w); and so on.
 */
function basisVectors(lattice: Lattice): Map<number, number>[] {
  const vectors: Map<number, number>[] = Array.from({ length: lattice.cellCount }, () => new Map());
  const addInto = (target: Map<number, number>, source: Map<number, number>, factor: number) => {
    for (const [column, value] of source) {
      const next = (target.get(column) ?? 0) + factor * value;
      if (next === 0) target.delete(column);
      else target.set(column, next);
    }
  };
  vectors[0].set(0, 1);
  const { dimensions, levels } = lattice;
  for (let i = 0; i < dimensions.length; i++) {
    const none = singleCell(lattice, i, levels[i] - 1);
    addInto(vectors[none], vectors[0], 1);
    for (let a = 0; a < levels[i] - 1; a++) {
      vectors[singleCell(lattice, i, a)].set(singleCell(lattice, i, a), 1);
      addInto(vectors[none], vectors[singleCell(lattice, i, a)], -1);
    }
  }
  for (let i = 0; i < dimensions.length; i++) {
    for (let j = i + 1; j < dimensions.length; j++) {
      const ni = levels[i] - 1;
      const nj = levels[j] - 1;
      for (let a = 0; a < ni; a++)
        for (let b = 0; b < nj; b++) vectors[pairCell(lattice, i, a, j, b)].set(pairCell(lattice, i, a, j, b), 1);
      for (let a = 0; a <= ni; a++) {
        const rest = vectors[pairCell(lattice, i, a, j, nj)];
        addInto(rest, vectors[singleCell(lattice, i, a)], 1);
        for (let b = 0; b < nj; b++) {
          if (a === ni) {
            const column = vectors[pairCell(lattice, i, ni, j, b)];
            addInto(column, vectors[singleCell(lattice, j, b)], 1);
            for (let a2 = 0; a2 < ni; a2++) addInto(column, vectors[pairCell(lattice, i, a2, j, b)], -1);
          }
          addInto(rest, vectors[pairCell(lattice, i, a, j, b)], -1);
        }
      }
    }
  }
  return vectors;
}

/** Two primes near 10⁶: products stay exact in doubles; a vector counts as derivable if it is under either. */
const AUDIT_PRIMES = [1_000_003, 999_983];

function modInverse(value: number, prime: number): number {
  let [a, b, x, y] = [value % prime, prime, 1, 0];
  while (b !== 0) {
    const q = Math.floor(a / b);
    [a, b] = [b, a - q * b];
    [x, y] = [y, x - q * y];
  }
  return ((x % prime) + prime) % prime;
}

/** A sparse row-reduced basis modulo a prime: every pivot column is zero in every other row. */
class SparseSpan {
  private readonly rows = new Map<number, Map<number, number>>();
  constructor(private readonly prime: number) {}

  private reduce(vector: Map<number, number>): Map<number, number> {
    const p = this.prime;
    const result = new Map<number, number>();
    for (const [column, value] of vector) {
      const v = ((value % p) + p) % p;
      if (v !== 0) result.set(column, v);
    }
    for (const column of [...result.keys()]) {
      const factor = result.get(column);
      const row = this.rows.get(column);
      if (factor === undefined || row === undefined) continue;
      for (const [c, value] of row) {
        const next = ((((result.get(c) ?? 0) - factor * value) % p) + p) % p;
        if (next === 0) result.delete(c);
        else result.set(c, next);
      }
    }
    return result;
  }

  insert(vector: Map<number, number>) {
    const reduced = this.reduce(vector);
    if (reduced.size === 0) return;
    const p = this.prime;
    let pivot = -1;
    for (const column of reduced.keys()) if (pivot < 0 || column < pivot) pivot = column;
    const inverse = modInverse(reduced.get(pivot)!, p);
    for (const [column, value] of reduced) reduced.set(column, (value * inverse) % p);
    for (const row of this.rows.values()) {
      const factor = row.get(pivot);
      if (factor === undefined) continue;
      for (const [c, value] of reduced) {
        const next = ((((row.get(c) ?? 0) - factor * value) % p) + p) % p;
        if (next === 0) row.delete(c);
        else row.set(c, next);
      }
    }
    this.rows.set(pivot, reduced);
  }

  contains(vector: Map<number, number>): boolean {
    return this.reduce(vector).size === 0;
  }
}

/**
 * Everything an attacker can derive exactly from the shown sizes and the empty cells, by any linear
 * combination: the cells of 1..k−1 respondents it would know, and the lines whose unknown rest would be 1..k−1.
 * Each finding comes with the lines to search for a cell to hide.
 */
function exactLeaks(
  lattice: Lattice,
  lines: Line[],
  sizes: number[],
  visible: boolean[],
  queryable: boolean[],
  vectors: Map<number, number>[],
  k: number,
): { lines: number[] }[] {
  // Known coordinates (shown or empty queryable groups) drop out; the unknowns are the other queryable groups.
  const unknownPart = (vector: Map<number, number>) => {
    const part = new Map<number, number>();
    for (const [column, value] of vector) if (!visible[column] && sizes[column] > 0) part.set(column, value);
    return part;
  };
  const spans = AUDIT_PRIMES.map((prime) => new SparseSpan(prime));
  for (let cell = 0; cell < lattice.cellCount; cell++) {
    if (queryable[cell] || sizes[cell] !== 0) continue;
    const part = unknownPart(vectors[cell]);
    if (part.size > 0) for (const span of spans) span.insert(part);
  }
  const known = sizes.map((size, cell) => {
    if (size === 0 || visible[cell]) return true;
    const part = unknownPart(vectors[cell]);
    return spans.some((span) => span.contains(part));
  });
  const findings: { lines: number[] }[] = [];
  const linesThrough = (cell: number) => lines.flatMap((line, index) => (line.parent === cell || line.cells.includes(cell) ? [index] : []));
  for (let cell = 0; cell < lattice.cellCount; cell++) {
    if (known[cell] && !visible[cell] && sizes[cell] > 0 && sizes[cell] < k) findings.push({ lines: linesThrough(cell) });
  }
  lines.forEach((line, index) => {
    if (!known[line.parent]) return;
    let rest = 0;
    for (const cell of line.cells) if (!known[cell]) rest += sizes[cell];
    if (rest > 0 && rest < k) findings.push({ lines: [index] });
  });
  return findings;
}

// ---------------------------------------------------------------------------------------------------------------
// Asking the plan

export type ReportFilterError = "TOO_MANY_FILTERS" | "DUPLICATE_FILTER_KEY" | "UNKNOWN_FILTER";

/** Why a filter list cannot be asked for (null: it can, though its group may still be hidden). */
export function reportFilterError(plan: Pick<SuppressionPlan, "dimensions">, filters: readonly CohortFilter[]): ReportFilterError | null {
  if (filters.length > MAX_REPORT_FILTERS) return "TOO_MANY_FILTERS";
  if (filters.length === 2 && filters[0].key === filters[1].key) return "DUPLICATE_FILTER_KEY";
  for (const filter of filters) {
    const dimension = plan.dimensions.find((candidate) => candidate.key === filter.key);
    if (dimension === undefined || !dimension.values.includes(filter.value)) return "UNKNOWN_FILTER";
  }
  return null;
}

/** The plan's entry for a group (undefined for filters that cannot be asked for). */
export function groupVisibility(plan: SuppressionPlan, filters: readonly CohortFilter[]): GroupVisibility | undefined {
  if (reportFilterError(plan, filters) !== null) return undefined;
  if (filters.length === 0) return plan.whole;
  if (filters.length === 1) return own(own(plan.single, filters[0].key), filters[0].value);
  const [first, second] = filters[0].key < filters[1].key ? filters : [filters[1], filters[0]];
  return own(own(plan.pairs, pairKey(first.key, second.key)), pairValueKey(first.value, second.value));
}

/** True only for a group that may show numbers; invalid filter lists (3+, unknown, same key twice) are never visible. */
export function isGroupVisible(plan: SuppressionPlan, filters: readonly CohortFilter[]): boolean {
  return groupVisibility(plan, filters)?.visible === true;
}

/**
 * Values of `key` a filter list may offer: those whose group is visible and has respondents — alone, or together
 * with `within` (the filter already chosen). Hidden values are not offered at all; empty ones would show nothing.
 */
export function visibleCohortValues(plan: SuppressionPlan, key: string, within?: CohortFilter): string[] {
  const dimension = plan.dimensions.find((candidate) => candidate.key === key);
  if (dimension === undefined || (within !== undefined && within.key === key)) return [];
  return dimension.values.filter((value) => {
    const group = groupVisibility(plan, within === undefined ? [{ key, value }] : [within, { key, value }]);
    return group?.visible === true && group.size > 0;
  });
}

export interface HiddenExplanation {
  hidden: true;
  /** The spec's notice for the page, e.g. "Scores are hidden as the number available falls below the visibility threshold." */
  notice: string;
  threshold: number;
}

/**
 * What the UI says for a group: null when it is visible, otherwise the notice. Primary and complementary hides
 * read the same, so the notice never tells which hidden group is the small one.
 */
export function explainHidden(plan: SuppressionPlan, filters: readonly CohortFilter[], page: string): HiddenExplanation | null {
  if (isGroupVisible(plan, filters)) return null;
  return { hidden: true, notice: formatHiddenNotice(page), threshold: plan.threshold };
}

/** `compute()` for a visible group, `TOO_SMALL` otherwise: the one gate every report number passes through. */
export function guardGroup<T>(plan: SuppressionPlan, filters: readonly CohortFilter[], compute: () => T): T | TooSmall {
  return isGroupVisible(plan, filters) ? compute() : TOO_SMALL;
}
