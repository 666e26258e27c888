/**
 * The public face of the surveys feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { InviteLink } from "./invite-link";
export { PageLoader } from "./page-loader";
export { meHasFeature, useCompanyTimeZone } from "./survey-access";
export { useSurvey, useSurveys } from "./survey-api";
export {
  BILLING_PLAN_PATH,
  NEW_SURVEY_PATH,
  SURVEYS_PATH,
  editSurveyPath,
  formatEndDate,
  invitesPath,
  reportPath,
  surveyKind,
} from "./survey-paths";
export type { SurveyKind } from "./survey-paths";
export { SurveyStatusBadge } from "./survey-status-badge";
