/**
 * Anonymity that holds for reports (issue #5, docs/decisions/0015): which cohort groups may show numbers.
 *
 * A group is the whole survey, one cohort filter `key=value`, or two filters on different keys. A group is shown
 * only when it has at least k respondents (the company's visibility threshold) AND its number cannot be used,
 * together with the numbers of other shown groups, to work out the size of a group of 1..k−1 people by
 * differencing. `planSuppression` decides this once per survey from cell counts; every score, breakdown, filter
 * list, comment list and export asks the plan before it shows anything about a group.
 */
import { type CohortCounts, type CohortDimension, normalizeDimensions, pairKey, pairValueKey } from "./cohort-counts.js";
import { dict, own } from "./records.js";
import { buildLattice, buildLines, cellSizes, isQueryable, type Line, pairCell, singleCell, unknownRest } from "./cohort-lattice.js";
import { basisVectors, exactLeaks } from "./suppression-audit.js";

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

/**
 * The line report pages show under a survey's name: the threshold the survey was published with and keeps
 * (docs/decisions/0022). Shown beside the spec's notices, never in place of them.
 */
export function formatSurveyThresholdNote(threshold: number): string {
  return `Groups smaller than ${normalizeVisibilityThreshold(threshold)} responses are hidden in this survey.`;
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
 *
 * `counts` are the respondents that count toward the thresholds; `occupancy`, when given, every respondent the figures
 * hold, some of whose answers do not count (decision 0052). Then a group is shown only when it is shown both by the
 * plan over `counts` and by the plan over `counts` with emptiness read from `occupancy` (see `intersectPlans`).
 */
export function planSuppression(
  counts: CohortCounts,
  threshold: number = DEFAULT_VISIBILITY_THRESHOLD,
  occupancy?: CohortCounts,
): SuppressionPlan {
  if (!occupancy || occupancy === counts) return planOver(counts, threshold, counts);
  return intersectPlans(planOver(counts, threshold, counts), planOver(counts, threshold, occupancy));
}

/**
 * With responses that do not count toward the thresholds (decision 0052), two guarantees must hold at once, so a
 * group is shown only when both plans show it (hiding more never lets anyone derive more: what an attacker knows is
 * the span of the shown groups and the empty cells, and it only shrinks):
 *  - over the counting responses alone, with their empty cells known: an attacker who wrote every response that does
 *    not count (and so can subtract them from any shown figure) derives no group of 1..k−1 counting people;
 *  - over every response, empty meaning nobody at all: a response that does not count but is someone else's (an
 *    employee who answered while signed in, a colleague behind the same office address) is never in a derivable
 *    group or remainder without k counting people beside it.
 * Sizes shown are the second plan's: everyone the group's figures hold.
 */
function intersectPlans(independent: SuppressionPlan, everyone: SuppressionPlan): SuppressionPlan {
  const both = (a: GroupVisibility, b: GroupVisibility): GroupVisibility => (a.visible ? b : a);
  const merge = (a: Record<string, Record<string, GroupVisibility>>, b: Record<string, Record<string, GroupVisibility>>) => {
    const merged = dict<Record<string, GroupVisibility>>();
    for (const [key, groups] of Object.entries(b)) {
      const inner = dict<GroupVisibility>();
      for (const [value, group] of Object.entries(groups)) inner[value] = both(a[key]?.[value] ?? group, group);
      merged[key] = inner;
    }
    return merged;
  };
  return {
    threshold: everyone.threshold,
    dimensions: everyone.dimensions,
    whole: both(independent.whole, everyone.whole),
    single: merge(independent.single, everyone.single),
    pairs: merge(independent.pairs, everyone.pairs),
  };
}

/** The plan over `counts` (visibility decided on these), with `occupancy` saying which cells are empty. */
function planOver(counts: CohortCounts, threshold: number, occupancy: CohortCounts): SuppressionPlan {
  const k = normalizeVisibilityThreshold(threshold);
  const allDimensions = normalizeDimensions(counts.dimensions);
  // A question nobody answered adds only "group = the same group, unanswered" relations: it tells an attacker
  // nothing, so it stays out of the lattice (where its degenerate lines would only cost hides). Its groups are empty.
  const dimensions = allDimensions.filter((dimension) =>
    dimension.values.some((value) => (own(own(occupancy.single, dimension.key), value) ?? 0) > 0),
  );
  const lattice = buildLattice(dimensions);
  const sizes = cellSizes(lattice, { ...counts, dimensions });
  // Who is in each cell at all, counting or not: a cell is empty (known, shown as "no respondents") only when nobody
  // is in it, and one holding only responses that do not count is protected like a small one (decision 0052).
  const occupied = occupancy === counts ? sizes : cellSizes(lattice, { ...occupancy, dimensions });
  const lines = buildLines(lattice);
  const queryable = Array.from({ length: lattice.cellCount }, (_, cell) => isQueryable(lattice, cell));
  const visible = sizes.map((size, cell) => queryable[cell] && size >= k && sizes[0] >= k);
  const primary = sizes.map((size, cell) => queryable[cell] && occupied[cell] > 0 && size < k);
  const linesOf: number[][] = Array.from({ length: lattice.cellCount }, () => []);
  lines.forEach((line, index) => {
    linesOf[line.parent].push(index);
    for (const cell of line.cells) linesOf[cell].push(index);
  });
  const vectors = basisVectors(lattice);

  for (;;) {
    // What an attacker can know: shown groups, empty cells, and whatever single-unknown lines give.
    const known = occupied.map((size, cell) => visible[cell] || size === 0);
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
      if (known[cell] && !visible[cell] && occupied[cell] > 0 && sizes[cell] < k) violations.add(derivedBy[cell]);
    }
    lines.forEach((line, index) => {
      if (!known[line.parent]) return;
      const { rest, restOccupied } = unknownRest(line, known, sizes, occupied);
      if (restOccupied > 0 && rest < k) violations.add(index);
    });
    violations.delete(-1);
    const toHide = new Set<number>();
    for (const index of [...violations].sort((a, b) => a - b))
      toHide.add(pickCellToHide([index], lines, linesOf, visible, sizes, occupied, derivedBy));
    if (toHide.size === 0) {
      // Propagation is blind to combinations of several lines (e.g. a suppressed cell bridging two blocks of a
      // pair table): the exact audit finds everything linear algebra can derive.
      for (const cell of exactLeaks(lattice, lines, sizes, occupied, visible, queryable, vectors, k)) {
        toHide.add(pickCellToHide(cell.lines, lines, linesOf, visible, sizes, occupied, null));
      }
    }
    if (toHide.size === 0) break;
    for (const cell of toHide) visible[cell] = false;
  }

  const visibilityOf = (cell: number, parents: number[]): GroupVisibility => {
    if (visible[cell]) return { visible: true, size: occupied[cell] };
    if (occupied[cell] === 0 && visible[0] && parents.every((parent) => occupied[parent] === 0 || sizes[parent] >= k))
      return { visible: true, size: 0 };
    return { visible: false, reason: primary[cell] ? "below-threshold" : "complementary" };
  };
  const plan: SuppressionPlan = {
    threshold: k,
    dimensions: allDimensions,
    whole: visible[0] ? { visible: true, size: occupied[0] } : { visible: false, reason: primary[0] ? "below-threshold" : "complementary" },
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
    visible[0] && parents.every((parent) => occupied[parent] === 0 || sizes[parent] >= k)
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
  occupied: number[],
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
      if (visible[cell] || occupied[cell] === 0) continue;
      if (derivedBy !== null) queue.push(derivedBy[cell]);
      else queue.push(...linesOf[cell]);
    }
  }
  return 0;
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
