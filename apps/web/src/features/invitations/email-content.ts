/** What the email editor sends and what its Preview shows (spec accounts §4 "Invitation flow", §5). */
import {
  collectPlaceholderValues,
  ensureMandatoryLink,
  INVITATION_MESSAGES,
  isValidEmail,
  MAX_PERSON_NAME_LENGTH,
  MAX_SUBJECT_LENGTH,
  type MandatoryLinkSpec,
  normalizeEmail,
  type Recipient,
  renderEmailHtml,
  renderEmailSubject,
  sanitizeEmailHtml,
} from "@hearth/shared";

export const REMINDER_SUBJECT_PREFIX = "Reminder: ";

/** The default subject; in reminder mode it starts with "Reminder: " (never twice). */
export function defaultSubject(subject: string, reminder: boolean): string {
  if (!reminder || subject.toLowerCase().startsWith(REMINDER_SUBJECT_PREFIX.toLowerCase())) return subject;
  return `${REMINDER_SUBJECT_PREFIX}${subject}`;
}

/** The content as sent: sanitized, with the preset's mandatory link appended when missing (the server does both again). */
export function finalEmailContent(html: string, mandatoryLink: MandatoryLinkSpec | null | undefined): string {
  return ensureMandatoryLink(sanitizeEmailHtml(html), mandatoryLink);
}

export interface PreviewSources {
  html: string;
  subject: string;
  mandatoryLink: MandatoryLinkSpec | null | undefined;
  sample: Recipient | null;
  companyName: string | null | undefined;
  surveyLink: string;
  surveyName: string;
  senderName: string;
  metaFields: Readonly<Record<string, string>>;
  /** The survey's computed duration ("6–10 minutes"), as the server fills {{survey_duration}}. */
  surveyDuration?: string;
}

function previewValues(sources: Omit<PreviewSources, "html" | "subject" | "mandatoryLink">): Record<string, string> {
  return collectPlaceholderValues({
    recipient: sources.sample,
    companyName: sources.companyName,
    surveyLink: sources.surveyLink,
    surveyName: sources.surveyName,
    senderName: sources.senderName,
    metaFields: sources.metaFields,
    surveyDuration: sources.surveyDuration,
  });
}

/** The email as its first recipient will read it: placeholders filled (values escaped), then sanitized once more (as the server sends it). */
export function buildEmailPreview(sources: PreviewSources): { subject: string; html: string } {
  const values = previewValues(sources);
  return {
    subject: renderEmailSubject(sources.subject, values),
    html: renderEmailHtml(finalEmailContent(sources.html, sources.mandatoryLink), values),
  };
}

/** The subject as the first recipient will read it (the send step's summary), by the function the server sends with. */
export function previewSubject(sources: Omit<PreviewSources, "html" | "mandatoryLink">): string {
  return renderEmailSubject(sources.subject, previewValues(sources));
}

const STANDARD_PLACEHOLDERS = ["first_name", "last_name", "company_name", "survey_link", "survey_name", "sender_name", "survey_duration"];

/** The placeholders the editor offers: the standard ones, then the survey's own meta fields (meeting_name, …). */
export function availablePlaceholders(metaFields: Readonly<Record<string, string>>): string[] {
  return [...new Set([...STANDARD_PLACEHOLDERS, ...Object.keys(metaFields)])].map((name) => `{{${name}}}`);
}

/** Whether editor HTML holds any visible text (an empty editor is "<p></p>"). */
export function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() !== ""
  );
}

export interface EmailDraft {
  /** The sender's full name (the From name). */
  name: string;
  subject: string;
  cc: string;
  /** Editor HTML. */
  html: string;
}

export type EmailDraftErrors = Partial<Record<keyof EmailDraft, string>>;

/** Step 2's checks: Name, Subject and CC are required, CC must be an address, and the email needs some text. */
export function checkEmailDraft(draft: EmailDraft): EmailDraftErrors {
  const errors: EmailDraftErrors = {};
  if (draft.name.trim() === "") errors.name = INVITATION_MESSAGES.nameRequired;
  else if (draft.name.trim().length > MAX_PERSON_NAME_LENGTH * 2)
    errors.name = `Name must be at most ${MAX_PERSON_NAME_LENGTH * 2} characters`;
  if (draft.subject.trim() === "") errors.subject = INVITATION_MESSAGES.subjectRequired;
  else if (draft.subject.trim().length > MAX_SUBJECT_LENGTH) errors.subject = `Subject must be at most ${MAX_SUBJECT_LENGTH} characters`;
  const cc = normalizeEmail(draft.cc);
  if (cc === "") errors.cc = INVITATION_MESSAGES.ccRequired;
  else if (!isValidEmail(cc)) errors.cc = INVITATION_MESSAGES.emailInvalid;
  if (!hasText(draft.html)) errors.html = "The email needs some content";
  return errors;
}
