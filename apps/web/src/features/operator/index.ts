/**
 * The public face of the operator feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { ActivityLogCard } from "./activity-log-card";
export { SwitchBanner } from "./switch-banner";
