/**
 * The public face of the auth feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { AlternativeSignIn } from "./alternative-sign-in";
export { authApi } from "./auth-api";
export { AuthCard } from "./auth-card";
export { CaptchaField } from "./captcha-field";
export { companyDates, type CompanyDates, useCompanyDates } from "./company-dates";
export { NewPasswordFields } from "./password-fields";
export { passwordVerdict } from "./password-verdict";
export { canAccess, displayName, fetchMe, landingPathAfterVerification, useMe, usePublicConfig } from "./session";
