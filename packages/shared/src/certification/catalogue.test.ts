import { describe, expect, it } from "vitest";
import type { CartEligibilityFacts } from "../billing/cart.js";
import { GROUP_AREAS } from "../surveys/lowi/areas.js";
import {
  awardBadgeId,
  awardName,
  CERTIFICATION_BADGE_NAME,
  type CompanyBadgeFacts,
  certificationBadgeId,
  describeCardStatus,
  findCatalogueBadge,
  listCatalogueBadges,
  listCertificationCards,
  listOfferedYears,
  toCartBadges,
} from "./catalogue.js";
import { evaluateBadgeEligibility, type LowiSurveyFacts } from "./eligibility.js";

const NOW = new Date("2026-11-24T10:00:00Z");

/**
 * Eligibility as the server computes it (eligibility.ts): one LOWI survey per year, ending on June 30 of it (closed
 * before NOW for 2026 and earlier, still open for 2027), with the given responses, all published and all positive.
 */
function eligibility(headcount: number | null, responsesByYear: Record<number, number>): CartEligibilityFacts {
  const surveys: LowiSurveyFacts[] = Object.entries(responsesByYear).map(([year, responses]) => ({
    surveyId: `lowi-${year}`,
    endDate: Date.UTC(Number(year), 5, 30),
    responses,
    threshold: 3,
    publishedResponses: responses,
    agree: { positive: 20 * responses, answers: 20 * responses },
    areas: {},
  }));
  const years = listOfferedYears(NOW, Object.keys(responsesByYear).map(Number));
  return { headcount, lowiResponsesByYear: responsesByYear, badges: evaluateBadgeEligibility(years, headcount, surveys, NOW.getTime()) };
}

function facts(overrides: Partial<CompanyBadgeFacts> = {}): CompanyBadgeFacts {
  return {
    issued: new Set(),
    requested: new Set(),
    downloaded: new Set(),
    eligibility: eligibility(30, {}),
    ...overrides,
  };
}

describe("certification catalogue", () => {
  it("offers the current UTC year and the one before, newest first", () => {
    expect(listOfferedYears(NOW)).toEqual([2026, 2025]);
    // Just after midnight UTC on New Year's Day the new year is offered, whatever the local clock says.
    expect(listOfferedYears(new Date("2027-01-01T00:00:01Z"))).toEqual([2027, 2026]);
  });

  it("adds next year when a LOWI survey ends in it, and no other year", () => {
    expect(listOfferedYears(NOW, [2027, 2026])).toEqual([2027, 2026, 2025]);
    expect(listOfferedYears(NOW, [2028, 2024])).toEqual([2026, 2025]);
    expect(findCatalogueBadge("certification-2027", NOW, [2027])?.year).toBe(2027);
    const cards = listCertificationCards(facts({ eligibility: eligibility(3, { 2027: 1 }) }), NOW);
    // Offered, but not eligible yet: the survey ending in 2027 is still open (decision 0035 asks for a closed survey).
    expect(cards.find((card) => card.id === "certification-2027")?.eligibility).toBe(false);
  });

  it("lists the certification first, then one award per group recommendation area", () => {
    const badges = listCatalogueBadges(2026);
    expect(badges).toHaveLength(1 + GROUP_AREAS.length);
    expect(badges[0]).toEqual({ id: "certification-2026", name: CERTIFICATION_BADGE_NAME, type: "certification", year: 2026, area: null });
    expect(badges.slice(1).map((badge) => badge.area)).toEqual(GROUP_AREAS.map((area) => area.name));
    expect(new Set(badges.map((badge) => badge.id)).size).toBe(badges.length);
  });

  it("names awards readably and gives them stable ids", () => {
    expect(awardName("Remote Work")).toBe("Best Workplace for Remote Work");
    expect(awardName("African American")).toBe("Best Workplace for African American Employees");
    expect(awardName("LGBTQ+")).toBe("Best Workplace for LGBTQ+ Employees");
    expect(awardBadgeId("LGBTQ+", 2025)).toBe("award-lgbtq-plus-2025");
    expect(awardBadgeId("Parents and Caregivers", 2026)).toBe("award-parents-and-caregivers-2026");
    expect(certificationBadgeId(2026)).toBe("certification-2026");
  });

  it("finds a badge only among the years on offer", () => {
    expect(findCatalogueBadge("certification-2025", NOW)?.year).toBe(2025);
    expect(findCatalogueBadge("award-women-2026", NOW)?.name).toBe("Best Workplace for Women");
    expect(findCatalogueBadge("certification-2024", NOW)).toBeNull();
    expect(findCatalogueBadge("certification-2027", NOW)).toBeNull();
    expect(findCatalogueBadge("award-nothing-2026", NOW)).toBeNull();
  });

  it("derives the card status: issued is Certified, awaiting payment is Requested, anything else Available", () => {
    const known = facts({ issued: new Set(["certification-2026"]), requested: new Set(["certification-2026", "award-women-2026"]) });
    expect(describeCardStatus("certification-2026", known)).toBe("Certified");
    expect(describeCardStatus("award-women-2026", known)).toBe("Requested");
    expect(describeCardStatus("award-veterans-2026", known)).toBe("Available");
  });

  it("marks eligibility per year by the shared rules and carries hasDownloaded", () => {
    // Headcount 30 needs 10 responses: 2026 has them, 2025 does not.
    const cards = listCertificationCards(
      facts({ eligibility: eligibility(30, { 2026: 10, 2025: 9 }), downloaded: new Set(["certification-2026"]) }),
      NOW,
    );
    expect(cards).toHaveLength(2 * (1 + GROUP_AREAS.length));
    const current = cards.find((card) => card.id === "certification-2026");
    const previous = cards.find((card) => card.id === "certification-2025");
    expect(current).toMatchObject({ eligibility: true, hasDownloaded: true, status: "Available" });
    expect(previous).toMatchObject({ eligibility: false, hasDownloaded: false });
    expect(cards[0].year).toBe(2026);
    expect(cards.at(-1)?.year).toBe(2025);
  });

  it("makes nothing eligible without a headcount", () => {
    const cards = listCertificationCards(facts({ eligibility: eligibility(null, { 2026: 5000 }) }), NOW);
    expect(cards.every((card) => !card.eligibility)).toBe(true);
  });

  it("hands the cart each card's id, name, type, year and status", () => {
    const cards = listCertificationCards(facts({ issued: new Set(["award-women-2025"]) }), NOW);
    const badges = toCartBadges(cards);
    expect(badges.find((badge) => badge.id === "award-women-2025")).toEqual({
      id: "award-women-2025",
      name: "Best Workplace for Women",
      image: null,
      type: "award",
      year: 2025,
      status: "Certified",
    });
  });
});
