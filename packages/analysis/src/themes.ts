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
  /** The most frequent key phrases (noun lemmas and two-word noun phrases) of the theme's comments. */
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

/** Key phrases of a comment: noun lemmas and adjective/noun + noun pairs, each once. */
export function keyPhrases(text: string): string[] {
  const { words } = parseComment(text);
  const phrases = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word.pos !== "NOUN" && word.pos !== "PROPN") continue;
    const lemma = word.lemma.toLowerCase();
    if (lemma.length < 3 || STOP_NOUNS.has(lemma) || !/^[a-z][a-z-]*$/.test(lemma)) continue;
    phrases.add(lemma);
    const previous = words[i - 1];
    if (previous && previous.clause === word.clause && (previous.pos === "ADJ" || previous.pos === "NOUN")) {
      const first = previous.lemma.toLowerCase();
      if (first.length >= 3 && !STOP_NOUNS.has(first) && /^[a-z][a-z-]*$/.test(first)) phrases.add(`${first} ${lemma}`);
    }
  }
  return [...phrases];
}

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
  phrases: string[][],
  options: Required<ThemeOptions>,
): Theme {
  const sentiment: Record<Sentiment, number> = { positive: 0, neutral: 0, negative: 0, none: 0 };
  for (const item of items) sentiment[item.sentiment]++;
  return {
    key,
    label,
    topic,
    keyPhrases: rankPhrases(phrases, Math.min(2, items.length))
      .slice(0, options.maxKeyPhrases)
      .map(([phrase]) => phrase),
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
 *    General comments, if in at least `minPhraseCount`, becomes a theme "General: phrase" holding those comments;
 *    repeated on the rest until no phrase is frequent enough; the remainder stays "General";
 * 4. each theme lists its most frequent key phrases and up to 3 example quotes (one per sentiment present, most
 *    frequent sentiment first, then shorter-than-240-character quotes by id);
 * 5. themes are ordered by count, then label. Ties everywhere break on text order, never on input order.
 */
export function analyzeThemes(comments: readonly ThemeInput[], options: ThemeOptions = {}): Theme[] {
  const settings: Required<ThemeOptions> = { minPhraseCount: 3, maxExamples: 3, maxKeyPhrases: 5, ...options };
  const byTopic = new Map<string, { item: ThemeInput; phrases: string[] }[]>();
  for (const item of comments) {
    if (item.sentiment === "none" || isTooShort(item.text)) continue;
    const topic = item.topic || DEFAULT_TOPIC;
    const list = byTopic.get(topic) ?? [];
    list.push({ item, phrases: keyPhrases(item.text) });
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
        themes.push(
          buildTheme(
            `${DEFAULT_TOPIC}:${phrase}`,
            `${DEFAULT_TOPIC}: ${phrase}`,
            topic,
            members.map((entry) => entry.item),
            members.map((entry) => entry.phrases),
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
          rest.map((entry) => entry.phrases),
          settings,
        ),
      );
    }
  }
  return themes.sort((a, b) => b.count - a.count || compareText(a.label, b.label));
}
