/** {{placeholder}} filling for questions and invitation emails (spec surveys §5 "Invitations and invitees"). */

export interface FillOptions {
  /** Remove placeholders that have no usable value (otherwise they stay as written). */
  stripUnreplaced?: boolean;
  /** HTML-escape the values (for email bodies); the template itself is left as is. */
  escapeHtml?: boolean;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/**
 * Replace each {{name}} with values[name]. A value that is missing, null, or the text "undefined" is skipped:
 * the placeholder stays, or is removed with stripUnreplaced.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string | number | null | undefined>>,
  options: FillOptions = {},
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === null || String(value) === "undefined") return options.stripUnreplaced ? "" : whole;
    return options.escapeHtml ? escapeHtml(String(value)) : String(value);
  });
}

export interface PlaceholderSources {
  /** The survey's meta fields (company_name, meeting_name, first_name, last_name). */
  metaFields?: Readonly<Record<string, string>> | null;
  /** The company's name from its profile, used when the survey has no company_name meta field. */
  companyName?: string | null;
  recipient?: { firstName?: string | null; lastName?: string | null; email?: string | null } | null;
  surveyLink?: string | null;
  surveyName?: string | null;
  senderName?: string | null;
  /** How long the survey takes, computed from its questions ("6–10 minutes", decision 0064). */
  surveyDuration?: string | null;
}

const filled = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/**
 * Values for an invitation email: the recipient's names, then the survey's meta fields on top (in the leader and
 * manager surveys first_name / last_name are the reviewed person's), then the link, survey name and sender.
 * A recipient without a first name is greeted as "there".
 */
export function collectPlaceholderValues(sources: PlaceholderSources): Record<string, string> {
  const values: Record<string, string> = {};
  if (filled(sources.companyName)) values.company_name = sources.companyName.trim();
  const recipient = sources.recipient ?? {};
  values.first_name = filled(recipient.firstName) ? recipient.firstName.trim() : "there";
  if (filled(recipient.lastName)) values.last_name = recipient.lastName.trim();
  if (filled(recipient.email)) values.email = recipient.email.trim();
  for (const [name, value] of Object.entries(sources.metaFields ?? {})) if (filled(value)) values[name] = value.trim();
  if (filled(sources.surveyLink)) values.survey_link = sources.surveyLink.trim();
  if (filled(sources.surveyName)) values.survey_name = sources.surveyName.trim();
  if (filled(sources.senderName)) values.sender_name = sources.senderName.trim();
  if (filled(sources.surveyDuration)) values.survey_duration = sources.surveyDuration.trim();
  return values;
}
