/** Invitation API contracts (issue #4): sending, duplicates, templates, cohorts, pausing, invitee lists. */
import { z } from "zod";
import {
  INVITEE_SEND_STATUSES,
  MAX_EMAIL_CONTENT_LENGTH,
  MAX_RECIPIENTS_PER_REQUEST,
  MAX_SUBJECT_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
} from "../invitations/constants.js";
import { COHORT_KEYS, isValidEmail, MAX_COHORT_VALUE_LENGTH, MAX_PERSON_NAME_LENGTH } from "../invitations/recipients.js";
import { surveyIdSchema } from "./surveys.js";

const emailSchema = z.string().trim().toLowerCase().refine(isValidEmail, "Enter a valid email address");

const requiredText = (max: number, message: string) => z.string().trim().min(1, message).max(max);

export const cohortKeySchema = z.enum(COHORT_KEYS);

/** One recipient as sent to POST /api/invite; cohort fields may sit at the top level or under meta. */
export const recipientInputSchema = z
  .object({
    email: emailSchema,
    firstName: z.string().trim().max(MAX_PERSON_NAME_LENGTH).optional(),
    lastName: z.string().trim().max(MAX_PERSON_NAME_LENGTH).optional(),
    meta: z.partialRecord(cohortKeySchema, z.string().trim().max(MAX_COHORT_VALUE_LENGTH)).optional(),
    usePreviousMeta: z.boolean().optional(),
  })
  .catchall(z.unknown());
export type RecipientInput = z.infer<typeof recipientInputSchema>;

export const invitationInputSchema = z.object({
  /** Chosen by the browser once per invitation, so every batch (and any retry of one) joins the same invitation. */
  id: z.uuid().optional(),
  survey: surveyIdSchema,
  subject: requiredText(MAX_SUBJECT_LENGTH, "Subject is required"),
  /** The sender's full name, shown as the From name. */
  name: requiredText(MAX_PERSON_NAME_LENGTH * 2, "Name is required"),
  cc: emailSchema,
  content: requiredText(MAX_EMAIL_CONTENT_LENGTH, "The email needs some content"),
  /** Wall-clock "YYYY-MM-DDTHH:mm" in timeZone; absent means send now. */
  sendDate: z.string().trim().optional(),
  timeZone: z.string().trim().optional(),
  /** Reminder mode: people already invited who have not replied are sent this email again. */
  sendReminder: z.boolean().optional(),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const inviteRequestSchema = z.object({
  invitation: invitationInputSchema,
  recipients: z.array(recipientInputSchema).min(1, "Add at least one recipient.").max(MAX_RECIPIENTS_PER_REQUEST),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const DUPLICATE_REASONS = ["already-invited", "already-responded", "listed-twice", "unsubscribed"] as const;
export const duplicateInviteeSchema = z.object({ email: z.string(), reason: z.enum(DUPLICATE_REASONS) });
export type DuplicateInvitee = z.infer<typeof duplicateInviteeSchema>;

export const inviteResponseSchema = z.object({
  success: z.literal(true),
  invitationId: z.uuid(),
  invitees: z.array(z.object({ id: z.uuid(), email: z.string() })),
  duplicateInvitees: z.array(duplicateInviteeSchema),
  /** Null when sent now. */
  scheduledDate: z.number().nullable(),
  /** The address the emails come from (for the whitelist notice). */
  senderAddress: z.string(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const dedupeRequestSchema = z.object({
  survey: surveyIdSchema,
  emails: z.array(z.string().trim().toLowerCase().max(254)).max(200_000).optional(),
  /** Reminder mode: only people who already replied count as duplicates. */
  reminder: z.boolean().optional(),
});
export const dedupeResponseSchema = z.object({
  invitees: z.array(
    z.object({
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      replied: z.boolean(),
      sendStatus: z.string(),
    }),
  ),
});
export type DedupeResponse = z.infer<typeof dedupeResponseSchema>;

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What the list shows ("Default Initial Email" for the preset's default). */
  label: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  isDefault: z.boolean(),
  updated: z.number().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const templateListQuerySchema = z.object({ survey: surveyIdSchema });
export const templateListResponseSchema = z.object({ templates: z.array(emailTemplateSchema) });

const templateNameSchema = z
  .string()
  .trim()
  .min(1, "Template name is required")
  .max(TEMPLATE_NAME_MAX_LENGTH, "Template name must be at most 30 characters");

export const templateCreateSchema = z.object({
  id: z.uuid(),
  name: templateNameSchema,
  content: requiredText(MAX_EMAIL_CONTENT_LENGTH, "The template needs some content"),
  subject: z.string().trim().max(MAX_SUBJECT_LENGTH).optional(),
});
export const templateRenameSchema = z.object({ id: z.string().min(1).max(64), name: templateNameSchema });
export const templateUpdateSchema = z.object({
  id: z.uuid(),
  content: requiredText(MAX_EMAIL_CONTENT_LENGTH, "The template needs some content"),
  subject: z.string().trim().max(MAX_SUBJECT_LENGTH).optional(),
});
export const templateDeleteSchema = z.object({ id: z.string().min(1).max(64) });
export const templateResponseSchema = z.object({ template: emailTemplateSchema });

export const cohortFilterSchema = z.object({ key: cohortKeySchema, value: z.string().trim().min(1).max(MAX_COHORT_VALUE_LENGTH) });
export const inviteesByCohortRequestSchema = z.object({
  page: z.number().int().min(1).max(100_000),
  /** Absent: everyone invited before. */
  cohortFilter: cohortFilterSchema.optional(),
});
export const previousInviteeSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  meta: z.record(z.string(), z.string()),
});
export const inviteesByCohortResponseSchema = z.object({
  invitees: z.array(previousInviteeSchema),
  maxPages: z.number().int(),
  hasFirstName: z.boolean(),
  hasLastName: z.boolean(),
  totalInvitees: z.number().int(),
});
export type InviteesByCohortResponse = z.infer<typeof inviteesByCohortResponseSchema>;

export const cohortOptionsResponseSchema = z.object({
  cohorts: z.array(
    z.object({ key: z.string(), label: z.string(), values: z.array(z.object({ value: z.string(), count: z.number().int() })) }),
  ),
});
export type CohortOptionsResponse = z.infer<typeof cohortOptionsResponseSchema>;

export const pauseInviteesRequestSchema = z.object({ surveyId: surveyIdSchema, inviteeIds: z.array(z.uuid()).min(1).max(100_000) });
export const pauseInviteesResponseSchema = z.object({ ok: z.literal(true), paused: z.number().int() });

export const inviteeSendStatusSchema = z.enum(INVITEE_SEND_STATUSES);
export const surveyInviteeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  scheduledDate: z.number().nullable(),
  firstEmail: z.number().nullable(),
  mostRecentEmail: z.number().nullable(),
  sendStatus: inviteeSendStatusSchema,
  /** The mail server's reason when sending failed. */
  failureReason: z.string().nullable(),
  replied: z.boolean(),
});
export type SurveyInvitee = z.infer<typeof surveyInviteeSchema>;

export const surveyInviteesQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const surveyInviteesResponseSchema = z.object({
  invitees: z.array(surveyInviteeSchema),
  page: z.number().int(),
  maxPages: z.number().int(),
  total: z.number().int(),
  /** Emails queued to go out now (Pending whose time has come): the table shows "Email dispatch underway". */
  dispatching: z.number().int(),
});
export type SurveyInviteesResponse = z.infer<typeof surveyInviteesResponseSchema>;

export const companyInviteesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(254).optional(),
  cohortKey: cohortKeySchema.optional(),
  cohortValue: z.string().trim().max(MAX_COHORT_VALUE_LENGTH).optional(),
});
export const companyInviteeSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  meta: z.record(z.string(), z.string()),
  /** Survey id → epoch ms of the last email sent for it. */
  mostRecentEmails: z.record(z.string(), z.number()),
});
export type CompanyInvitee = z.infer<typeof companyInviteeSchema>;
export const companyInviteesResponseSchema = z.object({
  invitees: z.array(companyInviteeSchema),
  page: z.number().int(),
  maxPages: z.number().int(),
  total: z.number().int(),
  surveys: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CompanyInviteesResponse = z.infer<typeof companyInviteesResponseSchema>;
