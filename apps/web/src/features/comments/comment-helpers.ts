/** Pure helpers of the comment pages (tested in comment-helpers.test.ts). */
import {
  COHORT_PICKER_LIMIT,
  COHORT_PICKER_REVEAL_STEP,
  COMMENT_DIRECTIONS,
  COMMENT_EMOTIONS,
  COMMENT_SENTIMENTS,
  COMMENT_TRUNCATE_LENGTH,
  type CohortOption,
  type CommentFilters,
  RECOMMEND_TAGS,
  type SelectedFilters,
} from "@hearth/shared";

/**
 * A comment cut to 100 characters (spec surveys §9) at a word boundary when one is near, with an ellipsis; the
 * whole text when it is short enough. `cut` says whether anything was left out.
 */
export function truncateComment(text: string, limit = COMMENT_TRUNCATE_LENGTH): { text: string; cut: boolean } {
  const clean = text.trim();
  if (clean.length <= limit) return { text: clean, cut: false };
  const slice = clean.slice(0, limit);
  const space = slice.lastIndexOf(" ");
  const head = space >= limit * 0.7 ? slice.slice(0, space) : slice;
  return { text: `${head.replace(/[\s,;:.-]+$/, "")}…`, cut: true };
}

/** The search box's state: what is typed, what the list shows, and whether a search is still waiting to run. */
export interface SearchState {
  typed: string;
  applied: string;
  /** True from a keystroke until the debounce elapses (the page says "Filtering"). */
  filtering: boolean;
}

export type SearchAction = { type: "typed"; value: string } | { type: "settled" } | { type: "cleared" };

export const initialSearch: SearchState = { typed: "", applied: "", filtering: false };

/** Debounce as a reducer: typing marks the state filtering; `settled` (fired 1000 ms after the last key) applies it. */
export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case "typed":
      return { ...state, typed: action.value, filtering: action.value.trim() !== state.applied };
    case "settled":
      return { ...state, applied: state.typed.trim(), filtering: false };
    case "cleared":
      return initialSearch;
  }
}

const only = <T extends string>(allowed: readonly T[], values: unknown): T[] | undefined => {
  if (!Array.isArray(values)) return undefined;
  const kept = values.filter((value): value is T => typeof value === "string" && (allowed as readonly string[]).includes(value));
  return [...new Set(kept)];
};

/**
 * Saved filters (spec: selectedFilters) made safe to send again: unknown values dropped, cohorts and questions
 * limited to what the page offers now (a cohort no longer assigned, a question since removed). `cohorts` stays
 * undefined when nothing was saved, so a restricted member then reads all their cohorts.
 */
export function restoreFilters(
  saved: SelectedFilters | null | undefined,
  options: {
    cohorts: readonly CohortOption[];
    openQuestions: readonly { key: string }[];
    answerQuestions: readonly { key: string; options: string[] }[];
  },
): SelectedFilters {
  if (!saved) return {};
  const restored: SelectedFilters = {};
  const recommendations = only(COMMENT_DIRECTIONS, saved.recommendations);
  if (recommendations?.length) restored.recommendations = recommendations;
  const tags = only(RECOMMEND_TAGS, saved.recommendTags);
  if (tags?.length) restored.recommendTags = tags;
  const sentiments = only(COMMENT_SENTIMENTS, saved.sentiments);
  if (sentiments?.length) restored.sentiments = sentiments;
  const emotions = only(COMMENT_EMOTIONS, saved.emotions);
  if (emotions?.length) restored.emotions = emotions;
  const openKeys = new Set(options.openQuestions.map((question) => question.key));
  const questionKeys = (saved.questionKeys ?? []).filter((key) => openKeys.has(key));
  if (questionKeys.length) restored.questionKeys = questionKeys;
  const questions: Record<string, string[]> = {};
  for (const [key, answers] of Object.entries(saved.questions ?? {})) {
    const question = options.answerQuestions.find((candidate) => candidate.key === key);
    const kept = question ? answers.filter((answer) => question.options.includes(answer)) : [];
    if (kept.length) questions[key] = kept;
  }
  if (Object.keys(questions).length) restored.questions = questions;
  if (saved.cohorts !== undefined) {
    const offered = new Set(options.cohorts.map((cohort) => cohortKey(cohort)));
    restored.cohorts = saved.cohorts.filter((cohort) => offered.has(cohortKey(cohort))).map(({ key, value }) => ({ key, value }));
  }
  return restored;
}

export const cohortKey = (cohort: { key: string; value: string }) => `${cohort.key}:${cohort.value}`;

export function parseCohortKey(text: string): { key: string; value: string } | null {
  const at = text.indexOf(":");
  return at > 0 ? { key: text.slice(0, at), value: text.slice(at + 1) } : null;
}

/** The request body of the comments list: the saved filters, the search term and the report's cohort filters. */
export function commentsRequest(filters: SelectedFilters, search: string, reportFilters: readonly { key: string; value: string }[]) {
  const body: CommentFilters & { filters?: { key: string; value: string }[] } = { ...filters };
  if (search.trim()) body.search = search.trim();
  if (reportFilters.length) body.filters = [...reportFilters];
  return body;
}

/** A stable string for query keys and change detection (key order and list order do not matter). */
export function serialiseFilters(filters: SelectedFilters): string {
  const sorted = (list: readonly string[] | undefined) => (list ? [...list].sort() : undefined);
  return JSON.stringify({
    recommendations: sorted(filters.recommendations),
    recommendTags: sorted(filters.recommendTags),
    sentiments: sorted(filters.sentiments),
    emotions: sorted(filters.emotions),
    questionKeys: sorted(filters.questionKeys),
    cohorts: filters.cohorts ? filters.cohorts.map(cohortKey).sort() : undefined,
    questions: filters.questions
      ? Object.fromEntries(
          Object.keys(filters.questions)
            .sort()
            .map((key) => [key, sorted(filters.questions?.[key])]),
        )
      : undefined,
  });
}

/** How many picker items are on screen after `ticks` seconds: 100 at once, 100 more each second, up to the limit. */
export function revealedCount(total: number, ticks: number, limit = COHORT_PICKER_LIMIT): number {
  return Math.min(total, limit, COHORT_PICKER_REVEAL_STEP * (ticks + 1));
}

/** The cohort picker's states (spec surveys §4): saved → open → loading → saved, or closed when saving fails. */
export type PickerState = "saved" | "open" | "loading" | "closed";

export type PickerEvent = { type: "open" } | { type: "close"; selected: number; changed: boolean } | { type: "done" } | { type: "failed" };

/** Closing saves only with a change and at least one cohort; a failed save closes the picker. */
export function pickerReducer(state: PickerState, event: PickerEvent): PickerState {
  switch (event.type) {
    case "open":
      return state === "loading" ? state : "open";
    case "close":
      if (state !== "open") return state;
      return event.changed && event.selected > 0 ? "loading" : "saved";
    case "done":
      return state === "loading" ? "saved" : state;
    case "failed":
      return "closed";
  }
}

/** The error the spec reports for a failed cohort fetch or save. */
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;
