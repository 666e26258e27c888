/** Texts and limits the report pages share. */

/** The comparison label when either side is 0 (spec surveys §5), shown as given. */
export const NO_COMPARISON_LABEL = "-%";

/** Shown for at least this long while an export downloads (spec surveys §9). */
export const EXPORT_SPINNER_MS = 1000;

/** Spec surveys screen 8, for a page whose own notice does not come from the server. */
export const hiddenResultsNotice = (page: string) => `${page} are hidden as the number available falls below the visibility threshold.`;
