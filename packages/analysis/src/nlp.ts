import { createRequire } from "node:module";
import winkNLP from "wink-nlp";

/** One word of a comment, as the lexicons see it. */
export interface Word {
  /** Lower-case form with contractions expanded by wink ("n't" → "not", "ca" → "can"). */
  norm: string;
  lemma: string;
  pos: string;
  sentence: number;
  /** Clauses are cut at punctuation other than hyphens, slashes and apostrophes. */
  clause: number;
  /** Segments are sentences, further cut at colons, semicolons and dashes between words ("the best of both worlds: …"). */
  segment: number;
  /** Index of the word in the comment (words only, punctuation left out). */
  index: number;
}

export interface ParsedComment {
  words: Word[];
  /** Whether each sentence ends with "!". */
  exclaimed: boolean[];
}

type Nlp = ReturnType<typeof winkNLP>;
let instance: Nlp | undefined;

/**
 * The shared wink-nlp instance (sentence boundaries and part-of-speech tagging, which brings lemmas). Its English
 * model is loaded on first use, not when the module is imported: a server that analyses comments on a worker thread
 * does not pay for it in its own start (about 40 ms).
 */
export function nlp(): Nlp {
  instance ??= winkNLP(createRequire(import.meta.url)("wink-eng-lite-web-model") as Parameters<typeof winkNLP>[0], ["sbd", "pos"]);
  return instance;
}

const JOINERS = new Set(["-", "–", "/", "'", "’"]);
/** Punctuation that ends a segment inside a sentence. */
const SEGMENT_BREAKS = new Set([":", ";", "—", "--"]);

/** Tokenises a comment with wink-nlp into words grouped by sentence and clause. */
export function parseComment(text: string): ParsedComment {
  const engine = nlp();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const tokens = doc.tokens();
  // wink's typings do not accept every `its` helper on collections; the values are arrays of strings.
  const column = (helper: unknown) => tokens.out(helper as never) as unknown as string[];
  const normals = column(its.normal);
  const lemmas = column(its.lemma);
  const types = column(its.type);
  const tags = column(its.pos);
  const spans = doc.sentences().out(its.span as never) as unknown as [number, number][];
  const words: Word[] = [];
  const exclaimed: boolean[] = [];
  let clause = 0;
  let segment = 0;
  spans.forEach(([start, end], sentence) => {
    exclaimed.push(normals[end] === "!");
    let segmentWords = 0;
    for (let t = start; t <= end; t++) {
      const type = types[t];
      if (type === "punctuation") {
        if (!JOINERS.has(normals[t])) clause++;
        if (SEGMENT_BREAKS.has(normals[t]) && segmentWords > 0) {
          segment++;
          segmentWords = 0;
        }
        continue;
      }
      if (type !== "word" && type !== "number" && type !== "emoticon" && type !== "emoji") continue;
      words.push({ norm: normals[t], lemma: lemmas[t], pos: tags[t], sentence, clause, segment, index: words.length });
      segmentWords++;
    }
    clause++;
    if (segmentWords > 0) segment++;
  });
  return { words, exclaimed };
}
