import { describe, expect, test } from "vitest";
import {
  clearProgress,
  forgetAnswered,
  type KeyValueStorage,
  loadProgress,
  markAnswered,
  progressKey,
  saveProgress,
  wasAnswered,
} from "./storage";
import type { PublicSurveyField } from "./types";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const fields: PublicSurveyField[] = [
  { key: "mood", question: "Mood?", questionType: "Text", answerType: "Radio", radioOptions: ["Good", "Bad"], topic: null, required: true },
  { key: "note", question: "Anything else?", questionType: "Text", answerType: "Text", radioOptions: [], topic: null, required: false },
];

describe("saved progress", () => {
  test("one key per survey, and per personal link without keeping the token itself", () => {
    expect(progressKey("abcdefghij", null)).toBe("hearth.survey.abcdefghij");
    const personal = progressKey("abcdefghij", "secret.token.value");
    expect(personal).toMatch(/^hearth\.survey\.abcdefghij\.[0-9a-z]+$/);
    expect(personal).not.toContain("secret");
    expect(progressKey("abcdefghij", "another.token")).not.toBe(personal);
  });

  test("saves, loads and clears", () => {
    const storage = memoryStorage();
    saveProgress(storage, "k", { answers: { mood: "Good", note: "Fine" }, part: 1 });
    expect(loadProgress(storage, "k", fields, 2)).toEqual({ answers: { mood: "Good", note: "Fine" }, part: 1 });
    clearProgress(storage, "k");
    expect(loadProgress(storage, "k", fields, 2)).toEqual({ answers: {}, part: 0 });
  });

  test("drops answers that no longer fit the survey and keeps the part in range", () => {
    const storage = memoryStorage();
    storage.setItem("k", JSON.stringify({ answers: { mood: "Meh", note: 3, gone: "x" }, part: 9 }));
    expect(loadProgress(storage, "k", fields, 2)).toEqual({ answers: {}, part: 1 });
    storage.setItem("k", "{not json");
    expect(loadProgress(storage, "k", fields, 2)).toEqual({ answers: {}, part: 0 });
  });

  test("works without storage, and a full storage does not throw", () => {
    expect(loadProgress(null, "k", fields, 2)).toEqual({ answers: {}, part: 0 });
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => saveProgress(full, "k", { answers: {}, part: 0 })).not.toThrow();
    expect(() => clearProgress(full, "k")).not.toThrow();
  });
});

describe("answered on this device", () => {
  test("remembers only the fact, per survey and per personal link", () => {
    const storage = memoryStorage();
    expect(wasAnswered(storage, "abcdefghij", null)).toBe(false);
    markAnswered(storage, "abcdefghij", null);
    expect(wasAnswered(storage, "abcdefghij", null)).toBe(true);
    expect(wasAnswered(storage, "klmnopqrst", null)).toBe(false);
    expect(wasAnswered(storage, "abcdefghij", "secret.token")).toBe(false);
    expect([...storage.data.values()]).toEqual(["1"]);
    expect([...storage.data.keys()].join()).not.toContain("secret");
    forgetAnswered(storage, "abcdefghij", null);
    expect(wasAnswered(storage, "abcdefghij", null)).toBe(false);
  });

  test("does without storage", () => {
    markAnswered(null, "abcdefghij", null);
    expect(wasAnswered(null, "abcdefghij", null)).toBe(false);
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    markAnswered(broken, "abcdefghij", null);
    expect(wasAnswered(broken, "abcdefghij", null)).toBe(false);
  });
});
