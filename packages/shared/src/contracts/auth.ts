import { z } from "zod";
import { PASSWORD_MESSAGES, isStrongPassword } from "../password.js";
import { optionalText } from "./common.js";

export const strongPasswordSchema = z
  .string()
  .max(128)
  .refine(isStrongPassword, { message: PASSWORD_MESSAGES.weak });

export const publicConfigSchema = z.object({
  captcha: z.object({
    provider: z.enum(["altcha", "recaptcha", "off"]),
    siteKey: z.string().optional(),
  }),
  googleSignIn: z.boolean(),
  devMail: z.boolean(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Extra fields the registration form sends to POST /api/auth/sign-up/email. */
export const registrationExtrasSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  companyName: z.string().trim().min(1, "Company name is required").max(200),
  captcha: z.string().max(20000).optional(),
});

export const ssoProviderInputSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "Enter a domain such as example.com"),
  issuer: z.url("Enter the issuer URL"),
  clientId: z.string().trim().min(1, "Client ID is required").max(300),
  clientSecret: z.string().trim().min(1, "Client secret is required").max(500),
});
export type SsoProviderInput = z.infer<typeof ssoProviderInputSchema>;

export const ssoProviderSchema = z.object({
  providerId: z.string(),
  domain: z.string(),
  issuer: z.string(),
});

export const ssoNameText = optionalText(100);
