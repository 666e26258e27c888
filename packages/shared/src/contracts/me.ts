import { z } from "zod";
import { COMPANY_SIZES } from "../company-size.js";
import { PERMISSIONS, ROLES } from "../permissions.js";
import { FEATURES } from "../features.js";
import { PLANS } from "../plans.js";
import { dealSchema } from "./billing.js";

export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(ROLES),
    roleLabel: z.string(),
    isInternalAccount: z.boolean(),
    isTenantOwner: z.boolean(),
    /** Labels comments for the analyzer (spec: labeler; decision 0050). */
    labeler: z.boolean(),
    /** Comments this user labelled (spec: labeledPoints). */
    labeledPoints: z.number().int(),
  }),
  /** The A.I. Hub's address for labelers' dashboard card; null for everyone else and when AI_HUB_URL is unset. */
  aiHubUrl: z.string().nullable(),
  tenant: z.object({
    id: z.string(),
    companyName: z.string().nullable(),
    /** The company's logo for the app's header (GET /api/company/logo, versioned), or null without one. */
    logoUrl: z.string().nullable(),
    /** The plan stored on the company: a record of what was sold. No check reads it (decision 0027). */
    plan: z.enum(PLANS),
    /** The plan in force now, from the company's deals (spec surveys §4): every check of plan, feature or licence reads this. */
    effectivePlan: z.enum(PLANS),
    /** The deal that gives the effective plan; null when it is Free because no deal gives one. */
    deal: dealSchema.nullable(),
    companySize: z.enum(COMPANY_SIZES),
    /** The company's time zone (IANA), resolved to the default when unset: every role shows dates in it. */
    timeZone: z.string(),
    profileComplete: z.boolean(),
    /** Every feature this user may use in this company: plan, the company's own grants, internal visibility. */
    features: z.array(z.enum(FEATURES)),
  }),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * GET /api/session: who is signed in, answered 200 either way, so a signed-out page asks without an error in the
 * browser's console (issue 25 item 10). `/api/me` keeps answering 401 to a signed-out caller.
 */
export const sessionResponseSchema = z.discriminatedUnion("signedIn", [
  z.object({ signedIn: z.literal(false) }),
  z.object({ signedIn: z.literal(true), me: meResponseSchema }),
]);
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
