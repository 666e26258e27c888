/**
 * The public face of the invitees feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { SentInviteesTable } from "./sent-invitees-table";
export { TablePager } from "./table-pager";
