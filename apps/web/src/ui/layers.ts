import { getDefaultZIndex } from "@mantine/core";

/**
 * The layer of the dialogs any page may open over its own (the upgrade dialogs, the cart drawer): above a page's
 * modal, such as the survey wizard, and below popovers, tooltips and notifications.
 */
export const ABOVE_MODALS = getDefaultZIndex("modal") + 10;
