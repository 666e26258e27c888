/**
 * The certification and award cards (spec accounts §3 Certification card, §4 status; docs/decisions/0034): what the
 * billing page shows and what the cart offers. Prices are the server's, computed from the company size by the same
 * functions the cart uses.
 */
import { z } from "zod";
import { CERTIFICATION_CARD_STATUSES } from "../certification/catalogue.js";
import { LICENCE_TYPES } from "../billing/prices.js";

export const certificationCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["certification", "award"]),
  year: z.number().int(),
  /** The group recommendation area of an award; null for the certification. */
  area: z.string().nullable(),
  status: z.enum(CERTIFICATION_CARD_STATUSES),
  eligibility: z.boolean(),
  /** What the eligibility rules find missing (docs/decisions/0035), in the page's words; empty when eligible. */
  reasons: z.array(z.string()),
  hasDownloaded: z.boolean(),
  /** The badge's price in cents per licence type, for the company's size. */
  prices: z.object({ digitalorprint: z.number().int(), unlimiteduse: z.number().int() }),
});
export type CertificationCardResponse = z.infer<typeof certificationCardSchema>;

export const certificationCardListSchema = z.object({
  /** The years on offer, newest first. */
  years: z.array(z.number().int()),
  /** The response rule's inputs as the server read them, so the page can say why a card is not eligible. */
  headcount: z.number().int().nullable(),
  requiredResponses: z.number().int().nullable(),
  responsesByYear: z.record(z.string(), z.number().int()),
  licenceTypes: z.array(z.enum(LICENCE_TYPES)),
  cards: z.array(certificationCardSchema),
});
export type CertificationCardList = z.infer<typeof certificationCardListSchema>;
