/** The editor's link rules (spec accounts §5 "Link editor"): a link needs selected text and an http(s) address. */
import { INVITATION_MESSAGES, isAllowedLinkHref } from "@hearth/shared";

export interface LinkSelection {
  /** Nothing selected (a caret). */
  empty: boolean;
  /** The selected text. */
  text: string;
  /** The caret or selection sits in an existing link (which is then edited as a whole). */
  inLink: boolean;
}

/** Why a link cannot be made here, or null. A caret outside a link asks for a selection; a selection without text is refused. */
export function linkSelectionProblem(selection: LinkSelection): string | null {
  if (selection.inLink) return null;
  if (selection.empty) return `${INVITATION_MESSAGES.linkNeedsText} ${INVITATION_MESSAGES.linkNeedsSelection}`;
  if (selection.text.trim() === "") return INVITATION_MESSAGES.linkNeedsText;
  return null;
}

/**
 * The address to store, or an error: a bare "example.com" becomes "https://example.com"; any other scheme
 * (javascript:, data:, ftp:, file:, mailto:) is refused. Of the placeholders only {{survey_link}} may be a link
 * address (the server fills it with its own https link); {{company_name}} or a meta field holds typed text and is refused.
 */
export function normalizeLinkHref(input: string): { href: string } | { error: string } {
  const value = input.trim();
  if (value === "") return { error: "Enter the link address." };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  const href = hasScheme || value.startsWith("{{") ? value : `https://${value.replace(/^\/+/, "")}`;
  return isAllowedLinkHref(href) ? { href } : { error: INVITATION_MESSAGES.linkProtocol };
}
