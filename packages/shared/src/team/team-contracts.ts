/** The team API (issue 14 item 7, docs/decisions/0041): invitations, acceptance, roles and removal. */
import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../invitations/recipients.js";
import { ROLES } from "../permissions.js";

export const memberInvitationInputSchema = z.object({
  email: z
    .string("Enter an email address")
    .trim()
    .max(254, "At most 254 characters")
    .transform(normalizeEmail)
    .refine(isValidEmail, "Enter a valid email address"),
  role: z.enum(ROLES, "Choose Admin, Manager or Staff"),
});
export type MemberInvitationInput = z.infer<typeof memberInvitationInputSchema>;

export const memberInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(["Pending", "Expired"]),
  invitedAt: z.string(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
  sendCount: z.number().int(),
  invitedBy: z.string().nullable(),
});
export type MemberInvitation = z.infer<typeof memberInvitationSchema>;

export const memberInvitationListSchema = z.object({
  invitations: z.array(memberInvitationSchema),
  /** Admin and staff licences: used (members and open invitations) and the plan's limit (null when unlimited). */
  licences: z.object({
    admin: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    staff: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  }),
});
export type MemberInvitationList = z.infer<typeof memberInvitationListSchema>;

export const roleChangeInputSchema = z.object({ role: z.enum(ROLES, "Choose Admin, Manager or Staff") });

/** What the acceptance page shows before the person sets a password. */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not an invitation link");

export const invitationAcceptInputSchema = z.object({
  token: invitationTokenSchema,
  firstName: z.string().trim().min(1, "Enter your first name").max(100, "At most 100 characters"),
  lastName: z.string().trim().min(1, "Enter your last name").max(100, "At most 100 characters"),
  password: z.string().min(1, "Choose a password").max(128, "At most 128 characters"),
});
export type InvitationAcceptInput = z.infer<typeof invitationAcceptInputSchema>;
