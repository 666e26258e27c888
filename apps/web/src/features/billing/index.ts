/**
 * The public face of the billing feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { HELD_BADGES_KEY, useHeldBadges } from "./badge-actions-api";
export { BILLING_OVERVIEW_KEY } from "./billing-api";
export { CERTIFICATION_CARDS_KEY } from "./certifications-api";
export { CertifiedBadgeActions, NoCertificationAccess } from "./certified-badge-actions";
export { ORDERS_KEY } from "./orders-api";
