import { isTooShort } from "./no-answer.js";
import { parseComment } from "./nlp.js";
import { DEFAULT_TOPIC, type Sentiment } from "./types.js";

export interface ThemeInput {
  id: string;
  text: string;
  sentiment: Sentiment;
  topic: string;
}

export interface ThemeExample {
  id: string;
  text: string;
  sentiment: Sentiment;
}

export interface Theme {
  /** Stable key: the topic, or `General:<phrase>` for a phrase theme carved out of General comments. */
  key: string;
  label: string;
  topic: string;
  /** The most frequent key phrases of the theme's comments (nouns and two-word noun phrases), as the comments wrote them. */
  keyPhrases: string[];
  count: number;
  sentiment: Record<Sentiment, number>;
  examples: ThemeExample[];
}

export interface ThemeOptions {
  /** A phrase must occur in at least this many General comments to become a theme of its own (default 3). */
  minPhraseCount?: number;
  /** Examples per theme (default 3). */
  maxExamples?: number;
  /** Key phrases per theme (default 5). */
  maxKeyPhrases?: number;
}

const STOP_NOUNS = new Set(
  "thing things lot lots way ways time times day days year years bit kind sort everyone everything anything something nothing none n/a one ones part place".split(
    " ",
  ),
);

/**
 * Adjectives that count rather than describe: "too many meetings" is about meetings, and a label "many meeting" (the
 * lemma pair) is not something anyone writes (issue 25 item 9). They never start a two-word phrase.
 */
const QUANTIFIERS = new Set(
  "many few much more most less least several other another such own same various enough certain whole entire every each all any no some".split(
    " ",
  ),
);

/** A key phrase: `key` groups comments (lemmas, so "meeting" and "meetings" are one), `written` is how a comment wrote it. */
export interface PhraseEntry {
  key: string;
  written: string;
}

const usable = (lemma: string) => lemma.length >= 3 && !STOP_NOUNS.has(lemma) && /^[a-z][a-z-]*$/.test(lemma);
const spaced = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'’-]+/gu, " ")
    .trim()} `;

/**
 * Key phrases of a comment, each once: noun lemmas and adjective/noun + noun pairs, with the words as the comment
 * wrote them. A pair is kept only when its two written words stand side by side in the comment.
 */
export function phraseEntries(text: string): PhraseEntry[] {
  const { words } = parseComment(text);
  const plain = spaced(text);
  const phrases = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word.pos !== "NOUN" && word.pos !== "PROPN") continue;
    const lemma = word.lemma.toLowerCase();
    if (!usable(lemma)) continue;
    const written = word.norm.toLowerCase();
    if (!phrases.has(lemma) && plain.includes(` ${written} `)) phrases.set(lemma, written);
    const previous = words[i - 1];
    if (previous && previous.clause === word.clause && (previous.pos === "ADJ" || previous.pos === "NOUN")) {
      const first = previous.lemma.toLowerCase();
      const pair = `${previous.norm.toLowerCase()} ${written}`;
      if (usable(first) && !QUANTIFIERS.has(first) && !QUANTIFIERS.has(previous.norm.toLowerCase()) && plain.includes(` ${pair} `)) {
        if (!phrases.has(`${first} ${lemma}`)) phrases.set(`${first} ${lemma}`, pair);
      }
    }
  }
  return [...phrases].map(([key, written]) => ({ key, written }));
}

/** Key phrases of a comment as grouping keys: noun lemmas and adjective/noun + noun pairs, each once. */
export function keyPhrases(text: string): string[] {
  return phraseEntries(text).map((entry) => entry.key);
}

/** How a key phrase is most often written in these comments (ties: text order). */
function writtenForm(key: string, entries: readonly (readonly PhraseEntry[])[]): string {
  const counts = new Map<string, number>();
  for (const list of entries)
    for (const entry of list) if (entry.key === key) counts.set(entry.written, (counts.get(entry.written) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  return best?.[0] ?? key;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function rankPhrases(phraseSets: string[][], min: number): [string, number][] {
  const counts = new Map<string, number>();
  for (const set of phraseSets) for (const phrase of set) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count >= min)
    .sort((a, b) => b[1] - a[1] || b[0].split(" ").length - a[0].split(" ").length || compareText(a[0], b[0]));
}

/** Picks readable examples, one per sentiment first (most frequent sentiment first), then by length and id. */
function pickExamples(items: ThemeInput[], counts: Record<Sentiment, number>, max: number): ThemeExample[] {
  const readable = (text: string) => (text.length >= 20 && text.length <= 240 ? 0 : 1);
  const sorted = [...items].sort((a, b) => readable(a.text) - readable(b.text) || compareText(a.id, b.id));
  const order = (["negative", "positive", "neutral"] as const)
    .filter((sentiment) => counts[sentiment] > 0)
    .sort((a, b) => counts[b] - counts[a]);
  const chosen: ThemeInput[] = [];
  for (const sentiment of order) {
    const first = sorted.find((item) => item.sentiment === sentiment);
    if (first && chosen.length < max) chosen.push(first);
  }
  for (const item of sorted) {
    if (chosen.length >= max) break;
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen.map(({ id, text, sentiment }) => ({ id, text, sentiment }));
}

function buildTheme(
  key: string,
  label: string,
  topic: string,
  items: ThemeInput[],
  entries: PhraseEntry[][],
  options: Required<ThemeOptions>,
): Theme {
  const phrases = entries.map((list) => list.map((entry) => entry.key));
  const sentiment: Record<Sentiment, number> = { positive: 0, neutral: 0, negative: 0, none: 0 };
  for (const item of items) sentiment[item.sentiment]++;
  return {
    key,
    label,
    topic,
    keyPhrases: rankPhrases(phrases, Math.min(2, items.length))
      .slice(0, options.maxKeyPhrases)
      .map(([phrase]) => writtenForm(phrase, entries)),
    count: items.length,
    sentiment,
    examples: pickExamples(items, sentiment, options.maxExamples),
  };
}

/**
 * Groups analysed comments into themes. Method (deterministic):
 * 1. comments with sentiment "none" or of 3 characters or fewer are left out;
 * 2. every topic with at least one comment is a theme;
 * 3. General comments are split further: the key phrase (noun lemma or two-word noun phrase) found in the most
 *    General comments, if in at least `minPhraseCount`, becomes a theme holding those comments, labelled with the
 *    phrase as those comments most often wrote it ("Parking", "Career paths"; decision 0068), never a lemma pair;
 *    repeated on the rest until no phrase is frequent enough; the remainder stays "General";
 * 4. each theme lists its most frequent key phrases (as written, like its label) and up to 3 example quotes (one per sentiment present, most
 *    frequent sentiment first, then shorter-than-240-character quotes by id);
 * 5. themes are ordered by count, then label. Ties everywhere break on text order, never on input order.
 */
export function analyzeThemes(comments: readonly ThemeInput[], options: ThemeOptions = {}): Theme[] {
  const settings: Required<ThemeOptions> = { minPhraseCount: 3, maxExamples: 3, maxKeyPhrases: 5, ...options };
  const byTopic = new Map<string, { item: ThemeInput; phrases: string[]; entries: PhraseEntry[] }[]>();
  for (const item of comments) {
    if (item.sentiment === "none" || isTooShort(item.text)) continue;
    const topic = item.topic || DEFAULT_TOPIC;
    const list = byTopic.get(topic) ?? [];
    const entries = phraseEntries(item.text);
    list.push({ item, phrases: entries.map((entry) => entry.key), entries });
    byTopic.set(topic, list);
  }

  const themes: Theme[] = [];
  for (const [topic, entries] of byTopic) {
    let rest = entries;
    if (topic === DEFAULT_TOPIC) {
      for (;;) {
        const [top] = rankPhrases(
          rest.map((entry) => entry.phrases),
          settings.minPhraseCount,
        );
        if (!top) break;
        const [phrase] = top;
        const members = rest.filter((entry) => entry.phrases.includes(phrase));
        rest = rest.filter((entry) => !entry.phrases.includes(phrase));
        const memberEntries = members.map((entry) => entry.entries);
        themes.push(
          buildTheme(
            `${DEFAULT_TOPIC}:${phrase}`,
            capitalise(writtenForm(phrase, memberEntries)),
            topic,
            members.map((entry) => entry.item),
            memberEntries,
            settings,
          ),
        );
      }
    }
    if (rest.length > 0) {
      themes.push(
        buildTheme(
          topic,
          topic,
          topic,
          rest.map((entry) => entry.item),
          rest.map((entry) => entry.entries),
          settings,
        ),
      );
    }
  }
  return themes.sort((a, b) => b.count - a.count || compareText(a.label, b.label));
}
