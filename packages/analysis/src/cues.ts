import { SENTIMENT_WORDS } from "./lexicon/sentiment.js";
import type { Word } from "./nlp.js";

/**
 * Sentence-level cues the word lexicon cannot see: implicit complaints ("I am looking for another job"), promises
 * that were not kept, irony ("Great, another reorganisation nobody asked for") and negated actions ("decisions are
 * not explained"). Each found cue carries a score that is added to the comment's summed word score, and a name that
 * the quote rule and the tests can read.
 */
export interface Cue {
  name: string;
  score: number;
}

interface Pattern {
  name: string;
  score: number;
  pattern: RegExp;
}

/** Patterns over the comment's lower-case text with "n't" spelt "not" and curly apostrophes straightened. */
const IMPLICIT_NEGATIVES: readonly Pattern[] = [
  {
    name: "job search",
    score: -2.5,
    pattern:
      /\b(look|looking|searching|search|applying|apply|interviewing) (for|at|around for) (a |an |another |other |new |different )*(job|jobs|role|roles|position|positions|employer|company|companies)\b/,
  },
  {
    name: "leaving",
    score: -2.5,
    pattern:
      /\b((thinking|thought|think|considering|consider) (about |of )?(leaving|quitting|resigning|moving on)|(plan|planning|want|going|about) to (leave|quit|resign))\b/,
  },
  { name: "updating cv", score: -2, pattern: /\bupdat\w* (my|our) (cv|resume|résumé|linkedin)\b/ },
  {
    name: "promise not kept",
    score: -2,
    pattern:
      /\b(promis\w*|supposed to|mentioned|announced|talked about|committed to|told)\b.*\b(never|rarely|not|still wait\w*|yet to|postponed|delayed|shelved)\b/,
  },
  { name: "hard to", score: -1.5, pattern: /\b(hard|difficult|impossible) to (see|feel|find|imagine|trust|believe|get|stay)\b/ },
  { name: "no future", score: -2, pattern: /\bno (real |clear )?(future|way forward|prospects?)\b/ },
  { name: "decline", score: -1.5, pattern: /\b(used to be|not what it used to|no longer|not anymore|anymore)\b/ },
  { name: "left out", score: -2, pattern: /\b(last to (know|hear|find out)|first to go|kept in the dark)\b/ },
  {
    name: "without a say",
    score: -1.5,
    pattern: /\bwithout (any |a |an )?(consult\w*|asking|explanation|warning|notice|input|reason|discussion)\b/,
  },
  { name: "only on paper", score: -2, pattern: /\b(on paper|in theory)\b/ },
  { name: "taken away", score: -1.5, pattern: /\b(taken|took|was taken|got taken) away\b/ },
  { name: "same people", score: -1, pattern: /\bsame (people|person|faces|few)\b/ },
  { name: "out of depth", score: -2, pattern: /\bout of (their|his|her|my|our|your) depth\b/ },
  { name: "denial", score: -1.5, pattern: /\bbut not (a |an |the |really |much of a )?\w+[.!]?$/ },
  {
    name: "nobody cares",
    score: -2,
    pattern: /\b(nobody|no one|noone|none of them)\b[^.,;!?]*\b(care|cares|listen|listens|asked|wanted|knows|explains|tells)\b/,
  },
  { name: "cannot remember", score: -2, pattern: /\bnot remember the last time\b/ },
  {
    name: "churn",
    score: -1.5,
    pattern:
      /\b(changed|changes|change|reorgani[sz]ed|restructured|replaced|switched)\b[^.]*?\b(\w+ times|again|every (year|quarter|month))\b/,
  },
  { name: "only reward", score: -1.5, pattern: /\bthe only \w+ (you|we|i) (get|got) is\b/ },
  { name: "not enough", score: -1.5, pattern: /\bnot (\w+ )?enough\b/ },
];

/** An interjection that opens a sentence and is ironic when the rest of the sentence complains. */
const IRONIC_OPENER =
  /(^|[.!?]\s+)(oh,? )?(great|perfect|lovely|wonderful|fantastic|brilliant|awesome|super|excellent|terrific|nice|sure|yay|cool)( again)?\s*[,!.…]+\s*([^.!?]+)/gi;
/** Words that, after such an opener, mark the sentence as a complaint. */
const IRONY_MARKERS = /\b(another|again|more|yet|nobody|no one|never|let's|because someone|as usual|of course)\b/;

/** The text the patterns read: lower case, straight apostrophes, "n't" as " not". */
export function normaliseForCues(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bcan't\b/g, "can not")
    .replace(/\bwon't\b/g, "will not")
    .replace(/n't\b/g, " not")
    .replace(/\s+/g, " ")
    .trim();
}

function hasNegativeWord(text: string): boolean {
  for (const word of text.split(/[^a-z'-]+/)) {
    if (word && (SENTIMENT_WORDS.get(word) ?? 0) < 0) return true;
  }
  return false;
}

export interface Irony {
  /** The comment with the ironic openers taken out, to be scored instead of the original. */
  text: string;
  count: number;
}

/** Finds "Great, another …" openers: a lone positive interjection followed by a complaint in the same sentence. */
export function findIrony(text: string): Irony {
  let count = 0;
  const normalised = text.replace(/[’‘]/g, "'");
  const stripped = normalised.replace(IRONIC_OPENER, (whole, lead: string, _oh, _word, _again, rest: string) => {
    const lowerRest = rest.toLowerCase();
    if (!IRONY_MARKERS.test(lowerRest) && !hasNegativeWord(lowerRest)) return whole;
    count++;
    return `${lead}${rest}`;
  });
  return { text: count > 0 ? stripped : text, count };
}

/** Implicit negative patterns found in the comment. */
export function implicitCues(text: string): Cue[] {
  const normalised = normaliseForCues(text);
  const cues: Cue[] = [];
  for (const { name, score, pattern } of IMPLICIT_NEGATIVES) if (pattern.test(normalised)) cues.push({ name, score });
  return cues;
}

const ACTION_NEGATORS = new Set(["not", "never", "rarely", "seldom", "barely", "hardly"]);
const FIRST_PERSON = new Set(["i", "me", "my"]);
const NEGATED_ACTION_SCORE = -1;
const NEGATED_ACTION_SPAN = 3;

/**
 * Negated actions of others: "decisions are not explained", "teams don't cooperate", "the air conditioning never
 * works". A negator followed within three words (same clause) by a verb, where no word in that span carries
 * sentiment of its own (those are scored by the negation rule), and the subject is not the writer ("I have not used
 * the gym yet" states a fact). At most two count.
 */
export function negatedActions(words: readonly Word[], scored: (word: Word) => boolean): number {
  let count = 0;
  for (let i = 0; i < words.length && count < 2; i++) {
    if (!ACTION_NEGATORS.has(words[i].norm)) continue;
    const firstPerson = words.slice(Math.max(0, i - 3), i).some((word) => FIRST_PERSON.has(word.norm) && word.clause === words[i].clause);
    if (firstPerson) continue;
    let verb = false;
    let sentiment = false;
    for (let j = i + 1; j < words.length && j <= i + NEGATED_ACTION_SPAN; j++) {
      if (words[j].clause !== words[i].clause) break;
      if (scored(words[j])) sentiment = true;
      if (words[j].pos === "VERB") verb = true;
    }
    if (verb && !sentiment) count++;
  }
  return count * NEGATED_ACTION_SCORE;
}
