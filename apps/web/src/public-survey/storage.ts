/**
 * Answers kept in the browser's local storage, per survey and per personal link, so a reload or a closed tab loses
 * nothing. Cleared once the answers are sent. Storage may be missing or full (private browsing): then nothing is kept.
 */
import type { Answers, PublicSurveyField } from "./types";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface SavedProgress {
  answers: Answers;
  /** The part (page) the respondent was on. */
  part: number;
}

/** FNV-1a, enough to tell personal links apart without keeping the token itself in the key. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export function progressKey(surveyId: string, token: string | null): string {
  return `hearth.survey.${surveyId}${token ? `.${shortHash(token)}` : ""}`;
}

export function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Saved answers that still fit the survey: known questions only, and choices that are still offered. */
export function loadProgress(
  storage: KeyValueStorage | null,
  key: string,
  fields: readonly PublicSurveyField[],
  partCount: number,
): SavedProgress {
  const empty: SavedProgress = { answers: {}, part: 0 };
  if (!storage) return empty;
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(key) ?? "null");
  } catch {
    return empty;
  }
  if (!saved || typeof saved !== "object") return empty;
  const { answers, part } = saved as { answers?: unknown; part?: unknown };
  const kept: Answers = {};
  if (answers && typeof answers === "object") {
    const record = answers as Record<string, unknown>;
    for (const field of fields) {
      const value = Object.hasOwn(record, field.key) ? record[field.key] : undefined;
      if (typeof value !== "string" || value === "") continue;
      if (field.answerType === "Radio" && !field.radioOptions.includes(value)) continue;
      kept[field.key] = value;
    }
  }
  const page = typeof part === "number" && Number.isInteger(part) ? Math.min(Math.max(part, 0), Math.max(partCount - 1, 0)) : 0;
  return { answers: kept, part: page };
}

export function saveProgress(storage: KeyValueStorage | null, key: string, progress: SavedProgress): void {
  try {
    storage?.setItem(key, JSON.stringify({ ...progress, savedAt: Date.now() }));
  } catch {
    // full or blocked: the answers stay in memory only
  }
}

export function clearProgress(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to clear
  }
}

/**
 * "Answered on this device": a mark kept after answers were sent from this browser, so opening the link again says so
 * instead of offering a blank form. It holds the bare fact ("1"): no answers, time or anything about the person.
 */
export function answeredKey(surveyId: string, token: string | null): string {
  return `hearth.answered.${surveyId}${token ? `.${shortHash(token)}` : ""}`;
}

export function markAnswered(storage: KeyValueStorage | null, surveyId: string, token: string | null): void {
  try {
    storage?.setItem(answeredKey(surveyId, token), "1");
  } catch {
    // full or blocked: the page simply will not remember
  }
}

export function wasAnswered(storage: KeyValueStorage | null, surveyId: string, token: string | null): boolean {
  try {
    return storage?.getItem(answeredKey(surveyId, token)) === "1";
  } catch {
    return false;
  }
}

/** Someone else on a shared device answers the anonymous link: the mark goes, the form shows. */
export function forgetAnswered(storage: KeyValueStorage | null, surveyId: string, token: string | null): void {
  try {
    storage?.removeItem(answeredKey(surveyId, token));
  } catch {
    // nothing to forget
  }
}
