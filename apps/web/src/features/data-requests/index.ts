/**
 * The public face of the data-requests feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { useChangeDataRequestStatus, useOperatorDataRequests } from "./data-requests-api";
export { DATA_REQUESTS_PATH, formatRequestDate, statusBadge } from "./data-requests-view";
