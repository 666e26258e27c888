/**
 * Social quotes (spec surveys §2 screen 9, §3 "social quote"): positive comments a company may share as images.
 * A quote carries its text and the survey it came from, never anything about the person who wrote it
 * (docs/decisions/0018-social-quotes.md).
 */
import { z } from "zod";

/** A quote must say something (more than 3 characters) and fit on a card and in a post (at most 280). */
export const QUOTE_MIN_LENGTH = 4;
export const QUOTE_MAX_LENGTH = 280;

export const QUOTE_PAGE_SIZE = 12;

/** Toasts of the quote cards (spec surveys §8). */
export const SOCIAL_QUOTE_MESSAGES = {
  downloaded: "Downloaded",
  downloadFailed: "Download Failed: There was an error downloading the image.",
  removed: "Quote Removed",
} as const;

export const socialQuoteSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  surveyId: z.string(),
  surveyName: z.string(),
  /** Download, Share on X and Remove are enabled only when true (spec surveys §5). */
  canDownload: z.boolean(),
});
export type SocialQuote = z.infer<typeof socialQuoteSchema>;

export const socialQuoteQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(QUOTE_PAGE_SIZE),
});
export type SocialQuoteQuery = z.infer<typeof socialQuoteQuerySchema>;

export const socialQuoteListSchema = z.object({
  quotes: z.array(socialQuoteSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The same for every quote: the company has Social Amplification and the user the "amplification" permission. */
  canDownload: z.boolean(),
  /**
   * Whose comments the reader's quotes come from: "all" (Admins, internal accounts), or "assignedCohorts" (Staff and
   * Managers, who read only their assigned cohorts' comments, so only those quotes; issue 25 item 8).
   */
  readerScope: z.enum(["all", "assignedCohorts"]),
});
export type SocialQuoteList = z.infer<typeof socialQuoteListSchema>;

/** Whitespace runs become single spaces, so a quote reads as one paragraph on a card, an image and a post. */
export function normalizeQuoteText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The X (Twitter) web intent that opens a new post with the quote in quotation marks. */
export function shareOnXUrl(text: string): string {
  const quoted = `“${normalizeQuoteText(text)}”`;
  return `https://twitter.com/intent/tweet?${new URLSearchParams({ text: quoted }).toString()}`;
}
