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

/**
 * Each group's size as the breakdown shows it, asked group by group: for surveys without a company report (a plan's
 * check-ins). Null: hidden.
 */
export async function readBreakdownSizes(
  app: FastifyInstance,
  cookie: string,
  surveyId: string,
  dimensions: readonly CohortDimension[],
): Promise<Map<string, number | null>> {
  const sizes = new Map<string, number | null>();
  for (const filters of listQueryableGroups(dimensions)) {
    const query = filters.length > 0 ? `?${filterQuery(filters)}` : "";
    const response = await call(app, "GET", `/api/reports/${surveyId}/breakdown${query}`, { cookie });
    expect(response.statusCode, query).toBe(200);
    const body = response.json();
    sizes.set(groupName(filters), body.hidden ? null : body.responses);
  }
  return sizes;
}

/** Group sizes that routes other than the reports stated (key drivers, plan progress), by `groupName`. */
export type StatedSizes = Map<string, Set<number>>;

export function stateSizes(stated: StatedSizes, filters: readonly CohortFilter[], sizes: readonly number[]): void {
  const name = groupName(filters);
  const set = stated.get(name) ?? new Set<number>();
  for (const size of sizes) set.add(size);
  stated.set(name, set);
}

/**
 * Every group another route stated a size of is one the reports show, with the same size: such a route tells the
 * attacker no group and no size the reports' suppression plan did not already weigh.
 */
export function expectWithinReports(stated: StatedSizes, sizes: ReadonlyMap<string, number | null>): void {
  for (const [name, values] of stated) {
    expect([...values], name || "the whole survey").toEqual([sizes.get(name)]);
  }
}
