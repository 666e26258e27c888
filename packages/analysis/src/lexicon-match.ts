/**
 * Matching comment words against the lexicons: phrases (greedy, longest first, inside a clause), single words by
 * form then lemma, and the doubled-letter misspellings of sentiment words.
 */
import { EMOTION_PHRASES } from "./lexicon/emotions.js";
import { SENTIMENT_PHRASES, SENTIMENT_WORDS } from "./lexicon/sentiment.js";
import { TOPIC_PHRASES } from "./lexicon/topics.js";
import type { Word } from "./nlp.js";

export interface PhraseIndex<T> {
  /** First word → phrases (as word lists, longest first) with their value. */
  byFirst: Map<string, { words: string[]; value: T }[]>;
}

export function indexPhrases<T>(phrases: ReadonlyMap<string, T>): PhraseIndex<T> {
  const byFirst = new Map<string, { words: string[]; value: T }[]>();
  for (const [phrase, value] of phrases) {
    const words = phrase.split(" ");
    const list = byFirst.get(words[0]) ?? [];
    list.push({ words, value });
    byFirst.set(words[0], list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return { byFirst };
}

export const SENTIMENT_PHRASE_INDEX = indexPhrases(SENTIMENT_PHRASES);
export const EMOTION_PHRASE_INDEX = indexPhrases(EMOTION_PHRASES);
export const TOPIC_PHRASE_INDEX = indexPhrases(TOPIC_PHRASES);

export const matches = (word: Word, form: string) => word.norm === form || word.lemma === form;

export interface PhraseHit<T> {
  start: number;
  length: number;
  value: T;
}

/** Greedy left-to-right longest match of phrases inside a clause. */
export function findPhrases<T>(words: Word[], index: PhraseIndex<T>): PhraseHit<T>[] {
  const hits: PhraseHit<T>[] = [];
  for (let i = 0; i < words.length; i++) {
    const candidates = index.byFirst.get(words[i].norm) ?? index.byFirst.get(words[i].lemma);
    if (!candidates) continue;
    for (const candidate of candidates) {
      const length = candidate.words.length;
      if (i + length > words.length || words[i + length - 1].clause !== words[i].clause) continue;
      let ok = true;
      for (let k = 1; k < length && ok; k++) ok = matches(words[i + k], candidate.words[k]);
      if (ok) {
        hits.push({ start: i, length, value: candidate.value });
        i += length - 1;
        break;
      }
    }
  }
  return hits;
}

export function lookup<T>(map: ReadonlyMap<string, T>, word: Word): T | undefined {
  return map.get(word.norm) ?? map.get(word.lemma);
}

/**
 * The commonest misspelling in typed comments is a doubled letter written once ("terible", "rubish", "apreciate",
 * "recomend"). Every sentiment word of five letters or more with a doubled letter is indexed under that spelling too;
 * a word the lexicon does not know is looked up there before it is given up.
 */
const SINGLED_SPELLINGS = (() => {
  const index = new Map<string, number>();
  for (const [word, score] of SENTIMENT_WORDS) {
    if (word.length < 5 || word.includes(" ")) continue;
    for (let i = 1; i < word.length; i++) {
      if (word[i] !== word[i - 1]) continue;
      const singled = word.slice(0, i) + word.slice(i + 1);
      if (!SENTIMENT_WORDS.has(singled) && !index.has(singled)) index.set(singled, score);
    }
  }
  return index;
})();

export function sentimentOf(word: Word): number | undefined {
  return lookup(SENTIMENT_WORDS, word) ?? (/^[a-z]{4,}$/.test(word.norm) ? SINGLED_SPELLINGS.get(word.norm) : undefined);
}
