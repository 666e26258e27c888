/**
 * The public face of the legal feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { LegalLinks } from "./legal-links";
