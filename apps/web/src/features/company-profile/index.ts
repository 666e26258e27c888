/**
 * The public face of the company-profile feature: what other features may import from it (dependency rule
 * web-feature-through-index, .dependency-cruiser.cjs). Everything else in the folder is the feature's own.
 */
export { COMPANY_PROFILE_KEY, useCompanyProfile } from "./company-api";
export { CompanyProfileForm } from "./company-profile-form";
export { LogoUploader } from "./logo-uploader";
