/** Turns `{ "2": "good great" }` style tables into a map of word → number. */
export function scoreTable(groups: Record<string, string>): Map<string, number> {
  const map = new Map<string, number>();
  for (const [score, words] of Object.entries(groups)) {
    for (const word of words.split(/\s+/)) {
      if (word) map.set(word.replaceAll("_", " "), Number(score));
    }
  }
  return map;
}

/** Splits a whitespace list; underscores join the words of a phrase. */
export function wordList(words: string): string[] {
  return words
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replaceAll("_", " "));
}
