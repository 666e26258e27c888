/**
 * The certification and award cards a company sees on its billing page (spec accounts §3 Certification card: name,
 * type, year, status, eligibility, hasDownloaded; §4 Certification card status). Pure: the server supplies what was
 * issued, what is awaiting payment and the response counts; this module names the badges, lists the years on offer and
 * derives each card's status. Choices: docs/decisions/0034-certification-cards.md.
 */
import type { CartBadge, CartEligibilityFacts } from "../billing/cart.js";
import { isBadgeEligible } from "../billing/cart-pricing.js";
import { GROUP_AREAS } from "../surveys/lowi/areas.js";

/** The certification every company can earn once a year. */
export const CERTIFICATION_BADGE_NAME = "Hearth Certified Workplace";

/** Card statuses (accounts §4): Certified and Requested have their own rules; any other value offers Add to cart. */
export const CERTIFICATION_CARD_STATUSES = ["Certified", "Requested", "Available"] as const;
export type CertificationCardStatus = (typeof CERTIFICATION_CARD_STATUSES)[number];

export type BadgeType = "certification" | "award";

/** One group recommendation area's award name. Areas that are not a group of people read "for {area}" as they are. */
const AWARD_GROUP_NAMES: Readonly<Record<string, string>> = {
  "African American": "African American Employees",
  "Disabled Workers": "Disabled Workers",
  "LGBTQ+": "LGBTQ+ Employees",
};

export function awardName(area: string): string {
  return `Best Workplace for ${AWARD_GROUP_NAMES[area] ?? area}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\+/g, "-plus")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Badge ids are stable and readable: `certification-2026`, `award-remote-work-2026`. */
export function certificationBadgeId(year: number): string {
  return `certification-${year}`;
}

export function awardBadgeId(area: string, year: number): string {
  return `award-${slug(area)}-${year}`;
}

/** The badge a card stands for, before any company data: id, name, type, year and, for an award, its area. */
export interface CatalogueBadge {
  id: string;
  name: string;
  type: BadgeType;
  year: number;
  area: string | null;
}

/**
 * The years on offer at `now`: the current calendar year and the one before it (a survey that closed in December
 * can still be certified in January), and next year too when one of the company's LOWI surveys ends in it (a survey
 * published in late December ends in January). Newest first. UTC, like the deal dates.
 */
export function listOfferedYears(now: Date, surveyYears: Iterable<number> = []): number[] {
  const year = now.getUTCFullYear();
  const next = [...surveyYears].some((surveyYear) => Number(surveyYear) === year + 1);
  return next ? [year + 1, year, year - 1] : [year, year - 1];
}

/** Every badge of one year: the certification first, then one award per group recommendation area (surveys §3). */
export function listCatalogueBadges(year: number): CatalogueBadge[] {
  return [
    { id: certificationBadgeId(year), name: CERTIFICATION_BADGE_NAME, type: "certification", year, area: null },
    ...GROUP_AREAS.map((area) => ({
      id: awardBadgeId(area.name, year),
      name: awardName(area.name),
      type: "award" as const,
      year,
      area: area.name,
    })),
  ];
}

/** Finds a badge of the catalogue by id among the years on offer; null when the id names nothing on offer. */
export function findCatalogueBadge(badgeId: string, now: Date, surveyYears: Iterable<number> = []): CatalogueBadge | null {
  for (const year of listOfferedYears(now, surveyYears)) {
    const badge = listCatalogueBadges(year).find((candidate) => candidate.id === badgeId);
    if (badge) return badge;
  }
  return null;
}

/** What the server knows about one company's badges. */
export interface CompanyBadgeFacts {
  /** Badge ids issued to the company and not revoked. */
  issued: ReadonlySet<string>;
  /** Badge ids on an order awaiting payment. */
  requested: ReadonlySet<string>;
  /** Badge ids the company has downloaded at least once. */
  downloaded: ReadonlySet<string>;
  eligibility: CartEligibilityFacts;
}

/** The spec's card (accounts §3) plus the id the cart uses and the award's area. */
export interface CertificationCard extends CatalogueBadge {
  status: CertificationCardStatus;
  eligibility: boolean;
  hasDownloaded: boolean;
}

export function describeCardStatus(badgeId: string, facts: Pick<CompanyBadgeFacts, "issued" | "requested">): CertificationCardStatus {
  if (facts.issued.has(badgeId)) return "Certified";
  if (facts.requested.has(badgeId)) return "Requested";
  return "Available";
}

/** The company's cards for the years on offer, newest year first, the certification before the awards. */
export function listCertificationCards(facts: CompanyBadgeFacts, now: Date): CertificationCard[] {
  return listOfferedYears(now, Object.keys(facts.eligibility.lowiResponsesByYear).map(Number)).flatMap((year) =>
    listCatalogueBadges(year).map((badge) => ({
      ...badge,
      status: describeCardStatus(badge.id, facts),
      eligibility: isBadgeEligible(badge, facts),
      hasDownloaded: facts.downloaded.has(badge.id),
    })),
  );
}

/** The cards as the cart sees them (the cart prices a certification and an award differently). */
export function toCartBadges(cards: readonly CertificationCard[]): CartBadge[] {
  return cards.map((card) => ({ id: card.id, name: card.name, image: null, type: card.type, year: card.year, status: card.status }));
}
