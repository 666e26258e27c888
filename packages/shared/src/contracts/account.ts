import { z } from "zod";
import { PASSWORD_MESSAGES } from "../password.js";
import { optionalText } from "./common.js";
import { strongPasswordSchema } from "./auth.js";

export const accountSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** PATCH /api/account: only the fields sent change; an optional field sent as null or "" is cleared. */
export const accountUpdateSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(40),
  jobTitle: optionalText(150),
  email: z.email("Enter a valid email address").max(254).optional(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const accountUpdateResultSchema = z.object({
  account: accountSchema,
  emailChangeRequested: z.boolean(),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(128),
    newPassword: strongPasswordSchema,
    confirmPassword: z.string().max(128),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ["confirmPassword"],
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
