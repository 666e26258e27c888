/**
 * The public face of the action-plans feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). A report's "Create plan" link is built with newActionPlanPath.
 */
export { ACTION_PLANS_PATH, actionPlanPath, newActionPlanPath } from "./action-plans-view";
export { DashboardPlansCard, summarisePlans } from "./dashboard-plans-card";
