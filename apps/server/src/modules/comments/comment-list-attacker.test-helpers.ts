/**
 * A brute-force attacker on comment lists (decision 0053): it asks the Comments endpoint for every list it may
 * (the whole survey, every answer option, every union of two options of one question, every cohort filter, every
 * pair of those on different keys, and searches on their own and inside each single filter), and combines the
 * answers the strongest way sets allow: each comment's *signature* is the set of lists it appears in, and comments
 * with the same signature cannot be told apart by any intersection, difference or union of lists. Every group the
 * attacker can derive is a union of signature classes, so the classes are what must hold 0 or ≥ k respondents.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { call } from "../../test/harness.js";

export interface ListRequest {
  name: string;
  body: {
    questions?: Record<string, string[]>;
    filters?: { key: string; value: string }[];
    search?: string;
    cohorts?: { key: string; value: string }[];
  };
}

export interface Dimension {
  key: string;
  values: readonly string[];
}

/** Every list the attacker asks for, within the API's limit of two filters across cohorts and answers. */
export function askableLists(questions: readonly Dimension[], cohorts: readonly Dimension[], searches: readonly string[]): ListRequest[] {
  type Filter = { name: string; key: string; apply: (body: ListRequest["body"]) => void };
  const filters: Filter[] = [];
  for (const question of questions) {
    question.values.forEach((value, index) => {
      filters.push({ name: `${question.key}=${value}`, key: question.key, apply: (body) => addAnswers(body, question.key, [value]) });
      for (const other of question.values.slice(index + 1)) {
        filters.push({
          name: `${question.key}=${value}|${other}`,
          key: question.key,
          apply: (body) => addAnswers(body, question.key, [value, other]),
        });
      }
    });
  }
  for (const cohort of cohorts) {
    for (const value of cohort.values) {
      filters.push({
        name: `${cohort.key}:${value}`,
        key: cohort.key,
        apply: (body) => {
          body.filters = [...(body.filters ?? []), { key: cohort.key, value }];
        },
      });
    }
  }
  const lists: ListRequest[] = [{ name: "whole", body: {} }];
  const build = (parts: Filter[], search?: string): ListRequest => {
    const body: ListRequest["body"] = {};
    for (const part of parts) part.apply(body);
    if (search) body.search = search;
    return { name: [...parts.map((part) => part.name), ...(search ? [`search:${search}`] : [])].join(" & "), body };
  };
  for (const search of searches) lists.push(build([], search));
  for (let i = 0; i < filters.length; i++) {
    lists.push(build([filters[i]]));
    for (const search of searches) lists.push(build([filters[i]], search));
    for (let j = i + 1; j < filters.length; j++) if (filters[i].key !== filters[j].key) lists.push(build([filters[i], filters[j]]));
  }
  return lists;
}

function addAnswers(body: ListRequest["body"], key: string, values: string[]) {
  body.questions = { ...(body.questions ?? {}), [key]: values };
}

/** Each list's comment ids as the API answers it (null: hidden). Every request must be a plain 200. */
export async function readLists(
  app: FastifyInstance,
  cookie: string,
  surveyId: string,
  lists: readonly ListRequest[],
  extra: Partial<ListRequest["body"]> = {},
): Promise<Map<string, string[] | null>> {
  const seen = new Map<string, string[] | null>();
  for (const list of lists) {
    const response = await call(app, "POST", `/api/reports/${surveyId}/comments`, { cookie, body: { ...extra, ...list.body } });
    expect(response.statusCode, list.name).toBe(200);
    const body = response.json() as { hidden: boolean; comments: { id: string }[]; total: number; truncated: boolean };
    expect(body.truncated, list.name).toBe(false);
    if (body.hidden) {
      expect(body.comments, list.name).toEqual([]);
      expect(body.total, list.name).toBe(0);
      seen.set(list.name, null);
    } else {
      expect(body.total, list.name).toBe(body.comments.length);
      seen.set(
        list.name,
        body.comments.map((row) => row.id),
      );
    }
  }
  return seen;
}

/**
 * The groups of 1..k−1 respondents the attacker derives. Group lists (no search) give each comment a signature — the
 * lists it appears in — and comments with the same signature cannot be told apart by any set combination of lists;
 * a class whose comments come from fewer than k respondents is a derived small group. A searched list narrows a
 * group list by the comments' own words, which the attacker reads in that group list anyway; it must itself hold
 * 0 or ≥ k respondents (the issue's rule), and its comments must all be in its group's list (it adds no group).
 * `respondentOf` maps a comment id to its response (the test's knowledge, never the attacker's).
 */
export function derivedSmallGroups(
  lists: ReadonlyMap<string, readonly string[] | null>,
  respondentOf: ReadonlyMap<string, string>,
  k: number,
): { classes: string[][]; lists: string[]; searchesBeyondGroup: string[] } {
  const signatures = new Map<string, string[]>();
  const searchesBeyondGroup: string[] = [];
  for (const [name, ids] of lists) {
    if (!ids) continue;
    const parts = name.split(" & ");
    if (parts.some((part) => part.startsWith("search:"))) {
      const groupName = parts.filter((part) => !part.startsWith("search:")).join(" & ") || "whole";
      const group = new Set(lists.get(groupName) ?? []);
      if (ids.some((id) => !group.has(id))) searchesBeyondGroup.push(name);
      continue;
    }
    for (const id of ids) signatures.set(id, [...(signatures.get(id) ?? []), name]);
  }
  const classes = new Map<string, string[]>();
  for (const [id, names] of signatures) {
    const signature = names.sort().join("\n");
    classes.set(signature, [...(classes.get(signature) ?? []), id]);
  }
  const people = (ids: readonly string[]) => new Set(ids.map((id) => respondentOf.get(id) ?? id)).size;
  const small = (ids: readonly string[]) => people(ids) > 0 && people(ids) < k;
  return {
    classes: [...classes.values()].filter(small),
    lists: [...lists].filter(([, ids]) => ids !== null && small(ids)).map(([name]) => name),
    searchesBeyondGroup,
  };
}

export interface KnownComment {
  id: string;
  responseId: string;
  text: string;
  answers: Record<string, string>;
}

/** The lists as the endpoint answered them before the fix (H3 as found): plain filters, no threshold. */
export function listsAsFound(lists: readonly ListRequest[], comments: readonly KnownComment[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const list of lists) {
    const { questions = {}, filters = [], search = "" } = list.body;
    const ids = comments
      .filter(
        (comment) =>
          Object.entries(questions).every(([key, values]) => values.includes(comment.answers[key])) &&
          filters.every((filter) => comment.answers[filter.key] === filter.value) &&
          comment.text.toLowerCase().includes(search.toLowerCase()),
      )
      .map((comment) => comment.id);
    found.set(list.name, ids);
  }
  return found;
}
