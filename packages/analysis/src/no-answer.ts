/**
 * "No answer" detection: comments that say nothing about the workplace ("n/a", "None", "Nothing to add.", "I have
 * no comments at this time.") get sentiment "none" and emotion "None", as do comments of 3 characters or fewer
 * (the reports hide those).
 */

export const MIN_COMMENT_LENGTH = 4;

const MARKERS = new Set(["none", "nothing", "n/a", "na", "nil", "nope", "idk", "nada", "nothin"]);
const MARKER_PAIRS = new Set(["no comment", "no comments", "not applicable", "not much", "no answer", "no idea"]);
const FILLERS = new Set(
  `i have to add really at the this moment time for now else further more right currently from me say that can
   think of in particular specific all here comment comments any answer much it is there thanks thank you no not
   applicable idea nothing none sorry just else's to say that's at`.split(/\s+/),
);

export function isTooShort(text: string): boolean {
  return text.trim().length < MIN_COMMENT_LENGTH;
}

/** True when the comment carries no content: too short, or only a "none / n/a / nothing to add" answer. */
export function isNoAnswer(text: string): boolean {
  if (isTooShort(text)) return true;
  const normalised = text
    .toLowerCase()
    .replace(/[^a-z/' ]+/g, " ")
    .trim();
  if (!/[a-z]/.test(normalised)) return true;
  const words = normalised.split(/\s+/);
  if (words.length > 10) return false;
  let marked = words.some((word) => MARKERS.has(word));
  for (let i = 0; i + 1 < words.length && !marked; i++) {
    marked = MARKER_PAIRS.has(`${words[i]} ${words[i + 1]}`);
  }
  return marked && words.every((word) => MARKERS.has(word) || FILLERS.has(word));
}
