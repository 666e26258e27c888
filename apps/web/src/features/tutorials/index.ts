/**
 * The public face of the tutorials feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { GuidedTour } from "./guided-tour";
export { TourLauncher } from "./tour-launcher";
export { TOURS } from "./tour-steps";
export { TUTORIALS_PATH } from "./tutorial-types";
