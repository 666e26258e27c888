/**
 * What an attacker can read of a survey through the API (docs/decisions/0015, 0022, 0045): every group's size the
 * reports show, collected the cheap way — the whole survey from the company report; each cohort from the breakdown,
 * whose cohort questions list exactly the visible values with their sizes; each pair from the breakdown narrowed by
 * one cohort, and under a hidden cohort pair by pair from the company report.
 */
import type { CohortDimension, CohortFilter } from "@hearth/shared";
import { listQueryableGroups } from "@hearth/shared/testing/differencing-attack";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { call } from "../../test/harness.js";

export const filterQuery = (filters: readonly CohortFilter[]) =>
  filters.map((filter) => `filter=${encodeURIComponent(`${filter.key}:${filter.value}`)}`).join("&");

/** A group's name: its filters in key order. */
export const groupName = (filters: readonly CohortFilter[]) => filterQuery([...filters].sort((a, b) => (a.key < b.key ? -1 : 1)));

/** Each group's size as the API shows it (null: hidden), by `groupName`, and the thresholds the reports named. */
export async function readGroupSizes(
  app: FastifyInstance,
  cookie: string,
  surveyId: string,
  dimensions: readonly CohortDimension[],
): Promise<{ sizes: Map<string, number | null>; thresholds: Set<number> }> {
  const keys = new Set(dimensions.map((dimension) => dimension.key));
  const getJson = async (url: string) => {
    const response = await call(app, "GET", url, { cookie });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const sizes = new Map<string, number | null>();
  const thresholds = new Set<number>();
  const whole = await getJson(`/api/reports/${surveyId}/company`);
  thresholds.add(whole.threshold);
  sizes.set("", whole.hidden ? null : whole.responses);
  for (const filters of listQueryableGroups(dimensions)) if (filters.length > 0) sizes.set(groupName(filters), null);
  /** The visible groups one more cohort question splits `filters` into, as the breakdown lists them. */
  const split = async (filters: CohortFilter[]) => {
    const breakdown = await getJson(`/api/reports/${surveyId}/breakdown?${filterQuery(filters)}`);
    if (breakdown.hidden) return false;
    for (const question of breakdown.questions as { key: string; options: { label: string; count: number }[] }[]) {
      if (!keys.has(question.key) || filters.some((filter) => filter.key === question.key)) continue;
      for (const option of question.options) {
        const group = groupName([...filters, { key: question.key, value: option.label }]);
        if (sizes.has(group)) sizes.set(group, option.count);
      }
    }
    return true;
  };
  await split([]);
  for (const dimension of dimensions) {
    for (const value of dimension.values) {
      const single = [{ key: dimension.key, value }];
      if (await split(single)) continue;
      // A hidden cohort: its pairs one by one.
      for (const other of dimensions) {
        if (other.key === dimension.key) continue;
        for (const otherValue of other.values) {
          const pair = [...single, { key: other.key, value: otherValue }];
          const report = await getJson(`/api/reports/${surveyId}/company?${filterQuery(pair)}`);
          thresholds.add(report.threshold);
          sizes.set(groupName(pair), report.hidden ? null : report.responses);
        }
      }
    }
  }
  return { sizes, thresholds };
}
