import { z } from "zod";
import { PASSWORD_MESSAGES, isStrongPassword } from "../password.js";
import { optionalText } from "./common.js";
import { TERMS_ACCEPTANCE_REQUIRED } from "../legal/documents.js";

export const strongPasswordSchema = z.string().max(128).refine(isStrongPassword, { message: PASSWORD_MESSAGES.weak });

export const publicConfigSchema = z.object({
  captcha: z.object({
    provider: z.enum(["altcha", "recaptcha", "off"]),
    siteKey: z.string().optional(),
  }),
  googleSignIn: z.boolean(),
  devMail: z.boolean(),
  supportEmail: z.string(),
  /** The third-party support form Need Help opens (SUPPORT_FORM_URL); null: Hearth's own form. */
  supportFormUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Extra fields the registration form sends to POST /api/auth/sign-up/email. */
export const registrationExtrasSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  companyName: z.string().trim().min(1, "Company name is required").max(200),
  captcha: z.string().max(20000).optional(),
  /** The registration checkbox: the Terms of Use and the Privacy Policy must be accepted (decision 0029). */
  acceptTerms: z.literal(true, { error: TERMS_ACCEPTANCE_REQUIRED }),
});

/** What a company admin enters to set up single sign-on (OIDC) for one email domain. */
export const ssoProviderInputSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, "Enter a domain such as example.com")
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "Enter a domain such as example.com"),
  issuer: z.url({ protocol: /^https?$/, error: "Enter the issuer URL, such as https://login.example.com" }).max(500),
  clientId: z.string().trim().min(1, "Client ID is required").max(300),
  clientSecret: z.string().trim().min(1, "Client secret is required").max(500),
});
export type SsoProviderInput = z.infer<typeof ssoProviderInputSchema>;

/** A registered provider as the admin sees it: never its client secret. */
export const ssoProviderSchema = z.object({
  providerId: z.string(),
  domain: z.string(),
  issuer: z.string(),
  /** The redirect (callback) URI to allow in the identity provider's client settings. */
  redirectUri: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoNameText = optionalText(100);
