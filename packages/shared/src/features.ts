/**
 * Feature flags and the plan that first includes each (spec surveys §6 "Tiers" and "Feature gating").
 * The full table and the reasoning are in docs/decisions/0007-plans-and-features.md.
 */
import { isPlanAbove, PLANS, type Plan, toPlan } from "./plans.js";

export const FEATURES = [
  "LOWISurvey",
  "LOWIReport",
  "DataExport",
  "BasicCultureProfile",
  "SentimentReport",
  "CommentsReport",
  "ThematicAnalysis",
  "BreakdownReport",
  "CommentSearch",
  "CustomCohort",
  "DepartmentInsights",
  "PressKit",
  "SocialAmplification",
  "TransformationPlans",
  "CompleteCultureProfile",
  "RemoveDefaultCohort",
  "CustomQuestions",
  "AllSurveys",
] as const;
export type Feature = (typeof FEATURES)[number];

/** The lowest plan whose package includes the feature; every plan above it includes it too. */
export const FEATURE_MINIMUM_PLAN: Record<Feature, Plan> = {
  LOWISurvey: "Free",
  LOWIReport: "Bronze",
  DataExport: "Bronze",
  BasicCultureProfile: "Bronze",
  SentimentReport: "Silver",
  CommentsReport: "Silver",
  ThematicAnalysis: "Silver",
  BreakdownReport: "Silver",
  CommentSearch: "Silver",
  CustomCohort: "Silver",
  DepartmentInsights: "Silver",
  PressKit: "Silver",
  SocialAmplification: "Silver",
  TransformationPlans: "Silver",
  CompleteCultureProfile: "Silver",
  RemoveDefaultCohort: "Silver",
  CustomQuestions: "Gold",
  AllSurveys: "Gold",
};

/** Names shown in upgrade dialogs ("Upgrade to Gold for Custom Surveys"). */
export const FEATURE_LABELS: Record<Feature, string> = {
  LOWISurvey: "LOWI™ Survey",
  LOWIReport: "LOWI™ Report",
  DataExport: "Data Export",
  BasicCultureProfile: "Basic Culture Profile",
  SentimentReport: "Sentiment & Emotion Report",
  CommentsReport: "Comments Report",
  ThematicAnalysis: "Thematic Analysis",
  BreakdownReport: "Breakdown Report",
  CommentSearch: "Comment Search",
  CustomCohort: "Custom Cohorts",
  DepartmentInsights: "Department Insights",
  PressKit: "Press Kit",
  SocialAmplification: "Social Amplification",
  TransformationPlans: "Transformation Plans",
  CompleteCultureProfile: "Complete Culture Profile",
  RemoveDefaultCohort: "Remove Default Cohort",
  CustomQuestions: "Custom Questions",
  AllSurveys: "Custom Surveys",
};

export function isFeature(value: unknown): value is Feature {
  return typeof value === "string" && (FEATURES as readonly string[]).includes(value);
}

export function minimumPlanFor(feature: Feature): Plan {
  return FEATURE_MINIMUM_PLAN[feature];
}

/** Whether a plan's own package includes the feature (Basic counts as Bronze). */
export function planIncludesFeature(plan: Plan, feature: Feature): boolean {
  return !isPlanAbove(minimumPlanFor(feature), plan);
}

/** Every feature a plan's package includes, in FEATURES order. */
export function listPlanFeatures(plan: Plan): Feature[] {
  return FEATURES.filter((feature) => planIncludesFeature(plan, feature));
}

export interface FeatureUser {
  internalVisibility?: boolean | null;
  isInternalAccount?: boolean | null;
}

export interface FeatureTenant {
  plan: Plan | string | null | undefined;
  /** Features granted to this company on top of its plan (spec surveys §3 Tenant.features). */
  features?: readonly string[] | null;
}

/**
 * A feature is available when the user has internal visibility, the company's own feature list names it,
 * or the company's plan includes it (spec surveys §6). Internal visibility counts only on an internal account,
 * so a stale flag on an ordinary user grants nothing; an unknown plan counts as Free.
 */
export function hasFeature(user: FeatureUser, tenant: FeatureTenant, feature: Feature): boolean {
  if (user.internalVisibility === true && user.isInternalAccount === true) return true;
  if (tenant.features?.includes(feature)) return true;
  return planIncludesFeature(toPlan(tenant.plan), feature);
}

/** Every feature available to this user in this company. */
export function listAvailableFeatures(user: FeatureUser, tenant: FeatureTenant): Feature[] {
  return FEATURES.filter((feature) => hasFeature(user, tenant, feature));
}

export interface UpgradeTarget {
  plan: Plan;
  feature: Feature;
  label: string;
}

/** What an upgrade dialog offers for a locked feature: the first plan that includes it. */
export function describeUpgradeTarget(feature: Feature): UpgradeTarget {
  return { plan: minimumPlanFor(feature), feature, label: FEATURE_LABELS[feature] };
}

/** Query parameters that open the upgrade dialog on the current page (spec surveys §2: upgrade=true, plan, feature). */
export function buildUpgradeQuery(feature: Feature): Record<"upgrade" | "plan" | "feature", string> {
  return { upgrade: "true", plan: minimumPlanFor(feature), feature };
}

/** Plans listed with the features each adds over the plan below (for the comparison table). */
export function listFeatureTiers(): { plan: Plan; adds: Feature[] }[] {
  return PLANS.map((plan) => ({ plan, adds: FEATURES.filter((feature) => FEATURE_MINIMUM_PLAN[feature] === plan) }));
}

/**
 * What moving from one plan to another adds, by feature (issue 25 item 3): the features the target includes and the
 * current plan does not, in FEATURES order. Empty between level plans (Bronze and Basic) and between Gold and Premium.
 */
export function listFeaturesAddedBy(target: Plan, current: Plan): Feature[] {
  return FEATURES.filter((feature) => planIncludesFeature(target, feature) && !planIncludesFeature(current, feature));
}
