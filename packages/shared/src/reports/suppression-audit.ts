/**
 * The exact audit of a suppression plan: everything an attacker could derive from the shown group sizes by any
 * linear combination, computed by row reduction modulo two primes (docs/decisions/0015). Internal to anonymity.ts.
 */
import { type Lattice, type Line, pairCell, singleCell, unknownRest } from "./cohort-lattice.js";

/**
 * Each cell as a combination of the queryable groups (a basis of every count over at most two keys):
 * (A unanswered) = whole − Σ_v (A=v); (A=v ∧ B unanswered) = (A=v) − Σ_w (A=v ∧ B=w); and so on.
 */
export function basisVectors(lattice: Lattice): Map<number, number>[] {
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

/** Subsets of a line's small cells the audit tries before it takes the line as a finding. */
const SUBSET_BUDGET = 512;

/** Two primes near 10⁶: products stay exact in doubles; a vector counts as derivable if it is under either. */
export const AUDIT_PRIMES = [1_000_003, 999_983];

export function modInverse(value: number, prime: number): number {
  let [a, b, x, y] = [value % prime, prime, 1, 0];
  while (b !== 0) {
    const q = Math.floor(a / b);
    [a, b] = [b, a - q * b];
    [x, y] = [y, x - q * y];
  }
  return ((x % prime) + prime) % prime;
}

/** A sparse row-reduced basis modulo a prime: every pivot column is zero in every other row. */
export class SparseSpan {
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
export function exactLeaks(
  lattice: Lattice,
  lines: Line[],
  sizes: number[],
  /** Every respondent per cell, counting or not (decision 0052): a cell is empty only when nobody is in it. */
  occupied: number[],
  visible: boolean[],
  queryable: boolean[],
  vectors: Map<number, number>[],
  k: number,
): { lines: number[] }[] {
  // Known coordinates (shown or empty queryable groups) drop out; the unknowns are the other queryable groups.
  const unknownPart = (vector: Map<number, number>) => {
    const part = new Map<number, number>();
    for (const [column, value] of vector) if (!visible[column] && occupied[column] > 0) part.set(column, value);
    return part;
  };
  const spans = AUDIT_PRIMES.map((prime) => new SparseSpan(prime));
  for (let cell = 0; cell < lattice.cellCount; cell++) {
    if (queryable[cell] || occupied[cell] !== 0) continue;
    const part = unknownPart(vectors[cell]);
    if (part.size > 0) for (const span of spans) span.insert(part);
  }
  const known = occupied.map((size, cell) => {
    if (size === 0 || visible[cell]) return true;
    const part = unknownPart(vectors[cell]);
    return spans.some((span) => span.contains(part));
  });
  const findings: { lines: number[] }[] = [];
  const linesThrough = (cell: number) => lines.flatMap((line, index) => (line.parent === cell || line.cells.includes(cell) ? [index] : []));
  for (let cell = 0; cell < lattice.cellCount; cell++) {
    if (known[cell] && !visible[cell] && occupied[cell] > 0 && sizes[cell] < k) findings.push({ lines: linesThrough(cell) });
  }
  lines.forEach((line, index) => {
    if (!known[line.parent]) return;
    const { rest, restOccupied } = unknownRest(line, known, sizes, occupied);
    if (restOccupied > 0 && rest < k) findings.push({ lines: [index] });
  });
  // A remainder "parent minus one cell" can be derivable although neither is (amendment of 0015, 2026-12-02): e.g.
  // "B unanswered minus (A unanswered ∧ B unanswered)", the people who skipped B but answered A, from the rows of A
  // and one column of B. Its unknown cells beside that one are then a sum the attacker knows. Only small sums are
  // worth the row reduction, so the size is checked first.
  lines.forEach((line, index) => {
    if (known[line.parent]) return;
    const { rest, restOccupied } = unknownRest(line, known, sizes, occupied);
    for (const cell of line.cells) {
      if (known[cell]) continue;
      const others = rest - sizes[cell];
      if (restOccupied - occupied[cell] === 0 || others >= k) continue;
      const remainder = new Map(vectors[line.parent]);
      for (const [column, value] of vectors[cell]) {
        const next = (remainder.get(column) ?? 0) - value;
        if (next === 0) remainder.delete(column);
        else remainder.set(column, next);
      }
      const part = unknownPart(remainder);
      if (spans.some((span) => span.contains(part))) {
        findings.push({ lines: [index] });
        return;
      }
    }
  });
  // A sum of a few unknown cells of one line, fewer than all, can be derivable too ("k1=v1 and k0 one of v1, v4").
  // Only subsets holding 1..k−1 people matter, so only cells below k are combined and the search stays small; cells
  // of responses that do not count (size 0, decision 0052) could make it large, so past a budget the line is taken
  // as a finding (over-hiding, never a leak).
  lines.forEach((line, index) => {
    const small = line.cells.filter((cell) => !known[cell] && occupied[cell] > 0 && sizes[cell] < k);
    if (small.length < 2) return;
    const chosen: number[] = [];
    let budget = SUBSET_BUDGET;
    const search = (from: number, total: number): boolean => {
      for (let next = from; next < small.length; next++) {
        const size = total + sizes[small[next]];
        if (size >= k) continue;
        if (--budget < 0) return true;
        chosen.push(small[next]);
        if (chosen.length >= 2) {
          const sum = new Map<number, number>();
          for (const cell of chosen)
            for (const [column, value] of vectors[cell]) {
              const at = (sum.get(column) ?? 0) + value;
              if (at === 0) sum.delete(column);
              else sum.set(column, at);
            }
          const part = unknownPart(sum);
          if (spans.some((span) => span.contains(part))) return true;
        }
        if (search(next + 1, size)) return true;
        chosen.pop();
      }
      return false;
    };
    if (search(0, 0)) findings.push({ lines: [index] });
  });
  return findings;
}
