import { describeUpgradeTarget, type Feature } from "@hearth/shared";

/**
 * The line on a locked section. It names the plan that unlocks it rather than saying the feature "is not included":
 * inside the LOWI™ report a Free company does see its LOWI score, so the lock speaks of the full report there.
 */
export function lockText(feature: Feature): string {
  const { plan, label } = describeUpgradeTarget(feature);
  const what = feature === "LOWIReport" ? `The full ${label}` : label;
  return `${what} comes with the ${plan} plan.`;
}
