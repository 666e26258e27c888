/**
 * The public face of the cart feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { useAddToCart, useCart } from "./cart-api";
export { CartButton } from "./cart-drawer";
export { openCartDrawer } from "./cart-drawer-state";
export { LICENCE_TYPE_LABELS, cartablePlan } from "./cart-view";
