import type { CohortFilter } from "./anonymity.js";
import type { CohortDimension } from "./cohort-counts.js";

export { isGroupVisible, planSuppression } from "./anonymity.js";

/** Every queryable group: the whole survey, each value, each pair of values of different keys. */
export function listGroupsForTest(dimensions: readonly CohortDimension[]): CohortFilter[][] {
  const groups: CohortFilter[][] = [[]];
  for (const dimension of dimensions) for (const value of dimension.values) groups.push([{ key: dimension.key, value }]);
  for (let i = 0; i < dimensions.length; i++)
    for (let j = i + 1; j < dimensions.length; j++)
      for (const a of dimensions[i].values)
        for (const b of dimensions[j].values)
          groups.push([
            { key: dimensions[i].key, value: a },
            { key: dimensions[j].key, value: b },
          ]);
  return groups;
}
