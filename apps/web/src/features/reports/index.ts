/**
 * The public face of the reports feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { AiDisclaimer } from "./ai-disclaimer";
export { SentimentDonut } from "./breakdown-page";
export { FeatureGate, useHasFeature, useOpenUpgrade } from "./feature-gate";
export { FilterErrorAlert, HiddenNotice } from "./hidden-notice";
export { useReportFilters, useSurveyText } from "./report-api";
export { hiddenResultsNotice } from "./report-constants";
export { fileNameFromDisposition } from "./report-files";
export { filterQuery, filtersKey } from "./report-filters";
export { formatInterval, formatPercent, formatScore, sentimentSlices } from "./report-format";
export { PageCsvDownload } from "./report-parts";
export { ReportSurveyIdProvider, useReportSurveyId } from "./report-survey-id";
export { ComparisonBadge, PlaceholderBars, ScoreTrack } from "./score-bar";
