/** Email template naming rules (spec accounts §4 "Template editing", §5, §9). */
import { INITIAL_TEMPLATE_NAME, INVITATION_MESSAGES, TEMPLATE_NAME_MAX_LENGTH } from "./constants.js";

export const isInitialTemplate = (name: string) => name.trim().toLowerCase() === INITIAL_TEMPLATE_NAME;

/** The reason a template name cannot be used, or null. Names are unique per company, ignoring case. */
export function checkTemplateName(name: string, otherNames: readonly string[] = []): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return INVITATION_MESSAGES.templateNameRequired;
  if (trimmed.length > TEMPLATE_NAME_MAX_LENGTH) return INVITATION_MESSAGES.templateNameTooLong;
  if (isInitialTemplate(trimmed)) return INVITATION_MESSAGES.templateNameTaken;
  if (otherNames.some((other) => other.trim().toLowerCase() === trimmed.toLowerCase())) return INVITATION_MESSAGES.templateNameTaken;
  return null;
}
