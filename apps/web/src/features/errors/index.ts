/**
 * The public face of the errors feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { AccessDeniedPage } from "./access-denied-page";
export { NotFoundPage } from "./not-found-page";
export { QueryBoundary } from "./query-boundary";
export { QueryErrorState, RETRY_LABEL } from "./query-error-state";
