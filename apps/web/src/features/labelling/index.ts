/**
 * The public face of the labelling feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { AiHubCard } from "./ai-hub-card";
export { LabellingConsentCard } from "./labelling-consent-card";
