/** Invitation constants (spec accounts §9, surveys §9) and the exact user-facing texts (accounts §8, surveys §8). */

export const INVITE_BATCH_SIZE = 1500;
export const INVITE_BATCH_PAUSE_MS = 800;
/** Recipient table (step 1) page size. */
export const RECIPIENT_PAGE_SIZE = 25;
/** Sent-invitee table page sizes; the first is the default. */
export const INVITEE_TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_INVITEE_TABLE_PAGE_SIZE = 10;
/** Rows per page of the invitee list endpoints (the table loads every page, then pages on the client). */
export const INVITEE_FETCH_PAGE_SIZE = 1000;
/** Rows per page of POST /api/get-invitees-by-cohort. */
export const COHORT_INVITEE_PAGE_SIZE = 500;
export const DEFAULT_INVITE_TIME = "13:00";
export const TEMPLATE_NAME_MAX_LENGTH = 30;
/** The preset's default template: stored under this name, shown as "Default Initial Email". */
export const INITIAL_TEMPLATE_NAME = "initial";
export const INITIAL_TEMPLATE_LABEL = "Default Initial Email";
export const MAX_RECIPIENTS_PER_REQUEST = INVITE_BATCH_SIZE;
export const MAX_EMAIL_CONTENT_LENGTH = 100_000;
export const MAX_SUBJECT_LENGTH = 200;

export const INVITEE_SEND_STATUSES = ["Pending", "Sent", "Failed", "Cancelled", "Unsubscribed"] as const;
export type InviteeSendStatus = (typeof INVITEE_SEND_STATUSES)[number];

export const INVITATION_MESSAGES = {
  sentTitle: "Invitation Sent",
  sent: "Successfully sent invitation",
  scheduled: "Invitation scheduled",
  failedTitle: "Something went wrong",
  failed: "We could not send the invitation. Nothing was lost: try again in a moment.",
  duplicatesTitle: "Duplicates Detected",
  duplicatesBody: "The listed employees will not receive an email invite.",
  linkNeedsSelection: "Select where you want to add the link.",
  linkNeedsText: "Link must be added to text.",
  linkProtocol: "Only http and https links are allowed.",
  /**
   * Cancel Send's outcome says what happened, a cancelled send (issue 25 item 4, decision 0069): the spec's toast
   * called it a pause, while the row then reads Cancelled and nothing is resumed.
   */
  cancelError: "Error: The send could not be cancelled. Nothing changed; try again.",
  loadingAllPages: "Please wait while we load all pages",
  dispatchUnderway: "Email dispatch underway. Please check back shortly.",
  invalidDate: "Selected date is invalid",
  pastDate: "Choose a time that has not passed yet.",
  subjectRequired: "Subject is required",
  ccRequired: "CC is required",
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  templateNameRequired: "Template name is required",
  templateNameTooLong: "Template name must be at most 30 characters",
  templateNameTaken: "A template with this name already exists",
  templateProtected: "The initial template can be neither renamed nor deleted.",
  noRecipients: "Add at least one recipient.",
  csvParseFailed: "We could not read this file. Check that it is a .csv file with a header row.",
  csvNoEmailColumn: "The file has no email column.",
} as const;

/** The toast after Cancel Send: how many scheduled emails were cancelled, in the status's own word. */
export function cancelSendMessage(cancelled: number): string {
  return cancelled === 1
    ? "Success: Send cancelled. This invitee's scheduled email will not be sent."
    : `Success: Send cancelled for ${cancelled.toLocaleString("en-US")} invitees. Their scheduled emails will not be sent.`;
}

export const fetchPageErrorMessage = (page: number) => `Error fetching page ${page}`;
