import { z } from "zod";
import { ACCENT_COLOR_PATTERN } from "../brand.js";
import { COMPANY_SIZES } from "../company-size.js";
import { MAX_VISIBILITY_THRESHOLD, MIN_VISIBILITY_THRESHOLD } from "../reports/anonymity.js";
import { isValidTimeZone } from "../time-zones.js";
import { optionalText } from "./common.js";

const phonePattern = /^[+()0-9 .-]{7,25}$/;

export const companyProfileSchema = z.object({
  companyName: z.string().nullable(),
  companyLegalName: z.string().nullable(),
  headcount: z.number().int().nullable(),
  companySize: z.enum(COMPANY_SIZES),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  timeZone: z.string().nullable(),
  hasLogo: z.boolean(),
  logoUrl: z.string().nullable(),
  /** The accent colour the company chose for its survey pages and emails (#rrggbb), or null for Hearth's (decision 0065). */
  accentColor: z.string().nullable(),
  profileComplete: z.boolean(),
  /** Groups with fewer respondents than this are hidden in every report (issue #5); always MIN..MAX. */
  visibilityThreshold: z.number().int(),
  /** The company lets Hearth's labelers read its published comments of closed surveys, text only (decision 0050). */
  allowLabelling: z.boolean(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const companyProfileInputSchema = z.object({
  companyName: z.string().trim().min(1, "Company name is required").max(200),
  companyLegalName: z.string().trim().min(1, "Legal name is required").max(200),
  headcount: z.coerce
    .number({ message: "Enter the number of employees" })
    .int("Enter a whole number")
    .min(1, "Enter at least 1")
    .max(10_000_000, "Enter a realistic number of employees"),
  address: z.string().trim().min(1, "Address is required").max(500),
  phone: z.string().trim().regex(phonePattern, "Enter a valid phone number"),
  website: optionalText(300).refine(
    (value) => value == null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value),
    "Enter a full address starting with http:// or https://",
  ),
  // Any IANA zone (the profile offers them all); invitation schedules keep the spec's ten (TIME_ZONE_NAMES).
  timeZone: z.string({ message: "Choose a time zone" }).refine(isValidTimeZone, "Choose a time zone"),
});
export type CompanyProfileInput = z.infer<typeof companyProfileInputSchema>;

const thresholdMessage = `Enter a whole number from ${MIN_VISIBILITY_THRESHOLD} to ${MAX_VISIBILITY_THRESHOLD}`;

/**
 * PUT /api/company/visibility-threshold. A body of its own rather than a field of the profile PUT: that one
 * replaces every profile field at once (onboarding and the profile form send all of them), so the report-privacy
 * setting saves on its own without touching, or being blocked by, the rest of the profile.
 */
export const visibilityThresholdInputSchema = z.object({
  visibilityThreshold: z
    .number({ message: thresholdMessage })
    .int(thresholdMessage)
    .min(MIN_VISIBILITY_THRESHOLD, `The threshold cannot be lower than ${MIN_VISIBILITY_THRESHOLD}`)
    .max(MAX_VISIBILITY_THRESHOLD, `The threshold cannot be higher than ${MAX_VISIBILITY_THRESHOLD}`),
});
export type VisibilityThresholdInput = z.infer<typeof visibilityThresholdInputSchema>;

export const logoUploadSchema = z.object({
  /** data:image/png;base64,... or data:image/jpeg;base64,... */
  file: z.string().min(20).max(3_000_000),
  filename: z.string().max(200).optional(),
});

/** PUT /api/company/accent-color: the company's accent colour, or null for Hearth's own (decision 0065). */
export const accentColorInputSchema = z.object({
  accentColor: z
    .string({ message: "Choose a colour such as #0a7f5c" })
    .trim()
    .toLowerCase()
    .regex(ACCENT_COLOR_PATTERN, "Choose a colour such as #0a7f5c")
    .nullable(),
});
export type AccentColorInput = z.infer<typeof accentColorInputSchema>;
