/**
 * A brute-force differencing attacker, for tests (the unit attack test and the server's integration attack across
 * thresholds): exact linear algebra over every group size it was shown. Not used by the application.
 */
import type { CohortFilter } from "./anonymity.js";
import type { CohortDimension, RespondentCohorts } from "./cohort-counts.js";

/** Every group an attacker can ask a report for: the whole survey, each cohort, each pair of cohorts of different keys. */
export function listQueryableGroups(dimensions: readonly CohortDimension[]): CohortFilter[][] {
  const groups: CohortFilter[][] = [[]];
  for (const dimension of dimensions) for (const value of dimension.values) groups.push([{ key: dimension.key, value }]);
  for (let i = 0; i < dimensions.length; i++)
    for (let j = i + 1; j < dimensions.length; j++)
      for (const a of dimensions[i].values)
        for (const b of dimensions[j].values)
          groups.push([
            { key: dimensions[i].key, value: a },
            { key: dimensions[j].key, value: b },
          ]);
  return groups;
}

// ---------------------------------------------------------------------------------------------------------------
// The brute-force attacker: exact linear algebra over every count it can see.

/**
 * Every 1- and 2-filter cell (with the unanswered level) is a linear function of the queryable groups' sizes:
 * the queryable groups (whole, key=v, key=v ∧ key'=w) are a basis of the functions of at most two cohort keys,
 * e.g. (A unanswered) = whole − Σ_v (A=v), (A=v ∧ B unanswered) = (A=v) − Σ_w (A=v ∧ B=w),
 * (A un. ∧ B un.) = whole − Σ A − Σ B + Σ AB. The attacker knows the size of every visible group and, to be
 * as strong as possible, which cells are empty. A target (any cell, any difference "parent minus a cell",
 * "parent minus its visible cells", or a sum of some cells of one line) is known exactly iff its vector lies in the span of what is known —
 * this subsumes any sequence of differencing steps, not only single-unknown propagation.
 */
interface Model {
  /** Index of each queryable group in the basis. */
  index: Map<string, number>;
  size: number;
}

type Vector = Map<number, number>;

function add(target: Vector, source: Vector, factor: number) {
  for (const [column, value] of source) {
    const next = (target.get(column) ?? 0) + factor * value;
    if (next === 0) target.delete(column);
    else target.set(column, next);
  }
}

const ANSWER_NONE = "\u0001unanswered";

interface Cell {
  name: string;
  vector: Vector;
  size: number;
}

function enumerateCells(
  dimensions: CohortDimension[],
  respondents: RespondentCohorts[],
): { model: Model; cells: Cell[]; lines: { parent: Cell; cells: Cell[] }[] } {
  const index = new Map<string, number>();
  const unit = (name: string): Vector => {
    if (!index.has(name)) index.set(name, index.size);
    return new Map([[index.get(name)!, 1]]);
  };
  const levelOf = (respondent: RespondentCohorts, dimension: CohortDimension) => {
    const answer = respondent[dimension.key];
    return typeof answer === "string" && dimension.values.includes(answer) ? answer : ANSWER_NONE;
  };
  const levels = (dimension: CohortDimension) => [...dimension.values, ANSWER_NONE];
  const count = (match: (respondent: RespondentCohorts) => boolean) => respondents.filter(match).length;

  const whole: Cell = { name: "whole", vector: unit("whole"), size: respondents.length };
  const singles = new Map<string, Cell>();
  const singleName = (key: string, value: string) => `${key}=${value}`;
  for (const dimension of dimensions) {
    const unanswered: Vector = new Map(whole.vector);
    for (const value of dimension.values) {
      const cell: Cell = { name: singleName(dimension.key, value), vector: unit(singleName(dimension.key, value)), size: 0 };
      cell.size = count((respondent) => levelOf(respondent, dimension) === value);
      singles.set(cell.name, cell);
      add(unanswered, cell.vector, -1);
    }
    const name = singleName(dimension.key, ANSWER_NONE);
    singles.set(name, { name, vector: unanswered, size: count((respondent) => levelOf(respondent, dimension) === ANSWER_NONE) });
  }
  const pairs = new Map<string, Cell>();
  const pairName = (keyA: string, valueA: string, keyB: string, valueB: string) =>
    keyA < keyB ? `${keyA}=${valueA}&${keyB}=${valueB}` : `${keyB}=${valueB}&${keyA}=${valueA}`;
  for (let i = 0; i < dimensions.length; i++) {
    for (let j = i + 1; j < dimensions.length; j++) {
      const A = dimensions[i];
      const B = dimensions[j];
      for (const a of levels(A)) {
        for (const b of levels(B)) {
          const name = pairName(A.key, a, B.key, b);
          let vector: Vector;
          if (a !== ANSWER_NONE && b !== ANSWER_NONE) vector = unit(name);
          else if (b === ANSWER_NONE && a !== ANSWER_NONE) {
            vector = new Map(singles.get(singleName(A.key, a))!.vector);
            for (const w of B.values) add(vector, pairs.get(pairName(A.key, a, B.key, w))!.vector, -1);
          } else if (a === ANSWER_NONE && b !== ANSWER_NONE) {
            vector = new Map(singles.get(singleName(B.key, b))!.vector);
            for (const v of A.values) add(vector, pairs.get(pairName(A.key, v, B.key, b))!.vector, -1);
          } else {
            vector = new Map(singles.get(singleName(A.key, ANSWER_NONE))!.vector);
            for (const w of B.values) add(vector, pairs.get(pairName(A.key, ANSWER_NONE, B.key, w))!.vector, -1);
          }
          pairs.set(name, { name, vector, size: count((respondent) => levelOf(respondent, A) === a && levelOf(respondent, B) === b) });
        }
      }
    }
  }
  const lines: { parent: Cell; cells: Cell[] }[] = [];
  for (const A of dimensions) {
    lines.push({ parent: whole, cells: levels(A).map((a) => singles.get(singleName(A.key, a))!) });
    for (const B of dimensions) {
      if (A === B) continue;
      for (const a of levels(A)) {
        lines.push({ parent: singles.get(singleName(A.key, a))!, cells: levels(B).map((b) => pairs.get(pairName(A.key, a, B.key, b))!) });
      }
    }
  }
  return { model: { index, size: index.size }, cells: [whole, ...singles.values(), ...pairs.values()], lines };
}

const PRIMES = [1_000_003, 999_983];

function modInverse(value: number, prime: number): number {
  let [a, b, x, y] = [((value % prime) + prime) % prime, prime, 1, 0];
  while (b !== 0) {
    const q = Math.floor(a / b);
    [a, b] = [b, a - q * b];
    [x, y] = [y, x - q * y];
  }
  return ((x % prime) + prime) % prime;
}

/** Row-reduced basis of the known relations over the unknown coordinates, modulo a prime. */
class Span {
  private rows = new Map<number, number[]>();
  constructor(
    private readonly width: number,
    private readonly prime: number,
  ) {}

  private reduce(vector: number[]): number[] {
    const p = this.prime;
    for (let column = 0; column < this.width; column++) {
      const value = vector[column];
      if (value === 0) continue;
      const row = this.rows.get(column);
      if (row === undefined) continue;
      for (let c = column; c < this.width; c++) if (row[c] !== 0) vector[c] = (((vector[c] - value * row[c]) % p) + p) % p;
    }
    return vector;
  }

  insert(vector: number[]) {
    const reduced = this.reduce(vector);
    const pivot = reduced.findIndex((value) => value !== 0);
    if (pivot < 0) return;
    const inverse = modInverse(reduced[pivot], this.prime);
    this.rows.set(
      pivot,
      reduced.map((value) => (value * inverse) % this.prime),
    );
  }

  contains(vector: number[]): boolean {
    return this.reduce(vector).every((value) => value === 0);
  }
}

/**
 * Targets (by name) whose size the attacker knows exactly although it is 1..k−1. `dimensions` are normalized (no
 * "Prefer not to say"); `isVisible` says which queryable groups (whole, one filter, two filters) the attacker was
 * shown the size of — one plan, or several readings together.
 */
export function differencingAttack(
  dimensions: CohortDimension[],
  respondents: RespondentCohorts[],
  k: number,
  isVisible: (filters: CohortFilter[]) => boolean,
): string[] {
  const { model, cells, lines } = enumerateCells(dimensions, respondents);
  const visibleColumns = new Set<number>();
  const groupOf = new Map<string, CohortFilter[]>();
  groupOf.set("whole", []);
  for (const dimension of dimensions)
    for (const value of dimension.values) groupOf.set(`${dimension.key}=${value}`, [{ key: dimension.key, value }]);
  for (const A of dimensions)
    for (const B of dimensions)
      if (A.key < B.key)
        for (const a of A.values)
          for (const b of B.values)
            groupOf.set(`${A.key}=${a}&${B.key}=${b}`, [
              { key: A.key, value: a },
              { key: B.key, value: b },
            ]);
  for (const [name, filters] of groupOf) if (isVisible(filters)) visibleColumns.add(model.index.get(name)!);
  // Unknown coordinates: the hidden queryable groups.
  const unknown = [...model.index.values()].filter((column) => !visibleColumns.has(column));
  const position = new Map(unknown.map((column, i) => [column, i]));
  const project = (vector: Vector, prime: number) => {
    const dense = new Array<number>(unknown.length).fill(0);
    for (const [column, value] of vector) {
      const at = position.get(column);
      if (at !== undefined) dense[at] = ((value % prime) + prime) % prime;
    }
    return dense;
  };
  const spans = PRIMES.map((prime) => {
    const span = new Span(unknown.length, prime);
    for (const cell of cells) if (cell.size === 0) span.insert(project(cell.vector, prime));
    return span;
  });
  const known = (vector: Vector) => spans.some((span, i) => span.contains(project(vector, PRIMES[i])));

  const targets: Cell[] = [...cells];
  for (const line of lines) {
    for (const cell of line.cells) {
      const vector = new Map(line.parent.vector);
      add(vector, cell.vector, -1);
      targets.push({ name: `${line.parent.name} minus ${cell.name}`, vector, size: line.parent.size - cell.size });
    }
    const rest = new Map(line.parent.vector);
    let restSize = line.parent.size;
    for (const cell of line.cells) {
      const name = cell.name;
      const filters = groupOf.get(name);
      if (filters !== undefined && isVisible(filters)) {
        add(rest, cell.vector, -1);
        restSize -= cell.size;
      }
    }
    targets.push({ name: `${line.parent.name} minus its visible cells`, vector: rest, size: restSize });
  }
  // Any few cells of one line together ("A=a and B one of w1, w2"): the subsets of its cells of 1..k−1 people, which
  // only cells below k can form (empty cells add nothing: they are known).
  for (const line of lines) {
    const small = line.cells.filter((cell) => cell.size > 0 && cell.size < k);
    const pick = (from: number, chosen: Cell[], size: number) => {
      for (let next = from; next < small.length; next++) {
        if (size + small[next].size >= k) continue;
        const with_ = [...chosen, small[next]];
        if (with_.length >= 2) {
          const vector: Vector = new Map();
          for (const cell of with_) add(vector, cell.vector, 1);
          targets.push({ name: `${with_.map((cell) => cell.name).join(" + ")}`, vector, size: size + small[next].size });
        }
        pick(next + 1, with_, size + small[next].size);
      }
    };
    pick(0, [], 0);
  }
  return targets
    .filter((target) => target.size > 0 && target.size < k && known(target.vector))
    .map((target) => `${target.name} (${target.size})`);
}
