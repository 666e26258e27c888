/** The query parameters that open the upgrade dialogs on any page (spec surveys §2). */
import { describeUpgradeTarget, type Feature, isFeature, isPlan, listRequestablePlans, type Plan } from "@hearth/shared";

export const UPGRADE_PARAMS = ["upgrade", "upgradepath", "plan", "feature"] as const;

export interface UpgradeRequest {
  kind: "upgrade" | "upgradepath" | null;
  feature: Feature | null;
  /** The plan to offer: the one named, else the first that includes the feature, else the next plan up. */
  plan: Plan | null;
}

export function readUpgradeParams(params: URLSearchParams, currentPlan: Plan): UpgradeRequest {
  const kind = params.get("upgradepath") === "true" ? "upgradepath" : params.get("upgrade") === "true" ? "upgrade" : null;
  const featureParam = params.get("feature");
  const planParam = params.get("plan");
  const feature = isFeature(featureParam) ? featureParam : null;
  const plan = isPlan(planParam)
    ? planParam
    : feature
      ? describeUpgradeTarget(feature).plan
      : (listRequestablePlans(currentPlan)[0] ?? null);
  return { kind, feature, plan };
}

/** The same search with the upgrade parameters removed. */
export function withoutUpgradeParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of UPGRADE_PARAMS) next.delete(name);
  return next;
}
