/**
 * The cell lattice of a survey's cohorts: the whole, every single cohort (its values and the unanswered cell) and
 * every pair of cohorts (values × values, with unanswered), as numbered cells, with the "lines" that partition a
 * group by one more key. Internal to the suppression plan (anonymity.ts) and its audit (suppression-audit.ts).
 */
import type { CohortCounts, CohortDimension } from "./cohort-counts.js";
import { own } from "./records.js";
import { pairKey, pairValueKey } from "./cohort-counts.js";

/** Index of the "unanswered" level of a dimension: one past its last value. */
export interface Lattice {
  dimensions: CohortDimension[];
  /** Number of levels of each dimension (values + unanswered). */
  levels: number[];
  /** First cell id of each dimension's singles. */
  singleBase: number[];
  /** First cell id of each pair table (i < j), row-major over levels[i] × levels[j]. */
  pairBase: Map<number, number>;
  cellCount: number;
}

export function buildLattice(dimensions: CohortDimension[]): Lattice {
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

export const singleCell = (lattice: Lattice, i: number, a: number) => lattice.singleBase[i] + a;
export const pairCell = (lattice: Lattice, i: number, a: number, j: number, b: number) =>
  i < j
    ? lattice.pairBase.get(i * lattice.dimensions.length + j)! + a * lattice.levels[j] + b
    : lattice.pairBase.get(j * lattice.dimensions.length + i)! + b * lattice.levels[i] + a;

export interface Line {
  parent: number;
  cells: number[];
}

/**
 * What a line's cells that the attacker does not know add up to: `rest` people, spread over cells holding
 * `restOccupied` respondents of the population (`occupied`), the parent minus its known cells.
 */
export function unknownRest(
  line: Line,
  known: ArrayLike<boolean | number>,
  sizes: ArrayLike<number>,
  occupied: ArrayLike<number>,
): { rest: number; restOccupied: number } {
  let rest = 0;
  let restOccupied = 0;
  for (const cell of line.cells) {
    if (known[cell]) continue;
    rest += sizes[cell];
    restOccupied += occupied[cell];
  }
  return { rest, restOccupied };
}

/** Every "line": a parent group and its partition by one more key (the unanswered cell included). */
export function buildLines(lattice: Lattice): Line[] {
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
export function cellSizes(lattice: Lattice, counts: CohortCounts): number[] {
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

export function isQueryable(lattice: Lattice, cell: number): boolean {
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
