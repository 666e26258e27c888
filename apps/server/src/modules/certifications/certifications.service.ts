/**
 * Certification and award cards on the server (spec accounts §3, §4; docs/decisions/0034): the facts behind each
 * card (issued, awaiting payment, response counts), the cart context every price is computed against, and the issuing
 * of the badges an order bought when it is paid.
 */
import {
  additionalAreaPrice,
  type BillingCycle,
  type CartContext,
  type CertificationCardList,
  type CompanyBadgeFacts,
  certificationPrice,
  evaluateBadgeEligibility,
  findCatalogueBadge,
  LICENCE_TYPES,
  type LicenceType,
  type LowiSurveyFacts,
  listCertificationCards,
  listOfferedYears,
  parseLicenceType,
  requiredResponsesForCertification,
  summariseLowiAggregate,
  toCartBadges,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { billingOrderLine } from "../../db/schema-orders.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { countCertificationLicences } from "../billing/licences.repo.js";
import { findTenant } from "../company/company.repo.js";
import { findReportSurvey } from "../reports/reports.repo.js";
import { readSurveyState } from "../reports/survey-state.js";
import { listDownloadedBadgeIds } from "./badge-actions.repo.js";
import { insertIssuedBadges, listIssuedBadges, listLowiSurveyCounts, listRequestedBadgeIds } from "./certifications.repo.js";
import { certificationGranted } from "../notifications/notification-events.js";
import { notify } from "../notifications/notifications.service.js";

/**
 * What the eligibility rules read of each of the company's LOWI surveys ending in a year on offer (docs/decisions/0035):
 * end date, responses, the survey's own visibility threshold and the counts of its published report state (the same
 * aggregate the reports show, read through the report store). Reads through `ctx.database.db`: call it before a
 * transaction, never inside one (PGlite has one connection).
 */
export async function readLowiSurveyFacts(ctx: AppContext, tenantId: string, now = new Date()): Promise<LowiSurveyFacts[]> {
  const { db } = ctx.database;
  const surveys = await listLowiSurveyCounts(db, tenantId);
  const years = new Set(
    listOfferedYears(
      now,
      surveys.map((one) => one.endDate.getUTCFullYear()),
    ),
  );
  const facts: LowiSurveyFacts[] = [];
  for (const counted of surveys) {
    if (!years.has(counted.endDate.getUTCFullYear())) continue;
    const one = await readOneLowiSurveyFacts(ctx, tenantId, counted);
    if (one) facts.push(one);
  }
  return facts;
}

/** One LOWI survey's facts (the dashboard reads its latest survey's); null when the survey is not the company's. */
export async function readOneLowiSurveyFacts(
  ctx: AppContext,
  tenantId: string,
  counted: { id: string; endDate: Date; responses: number },
): Promise<LowiSurveyFacts | null> {
  const row = await findReportSurvey(ctx.database.db, tenantId, counted.id);
  if (!row) return null;
  const { threshold, state } = await readSurveyState(ctx, row);
  return {
    surveyId: counted.id,
    endDate: counted.endDate.getTime(),
    responses: counted.responses,
    threshold,
    ...summariseLowiAggregate(state.all, threshold),
  };
}

/** What the server knows about the company's badges now, each badge's eligibility decided by the shared rules. */
export async function readCompanyBadgeFacts(
  db: Database,
  tenantId: string,
  headcount: number | null,
  lowi: readonly LowiSurveyFacts[],
  now = new Date(),
): Promise<CompanyBadgeFacts> {
  const [issued, requested, downloaded] = await Promise.all([
    listIssuedBadges(db, tenantId),
    listRequestedBadgeIds(db, tenantId),
    listDownloadedBadgeIds(db, tenantId),
  ]);
  const lowiResponsesByYear: Record<number, number> = {};
  for (const survey of lowi) {
    const year = new Date(survey.endDate).getUTCFullYear();
    lowiResponsesByYear[year] = Math.max(lowiResponsesByYear[year] ?? 0, survey.responses);
  }
  const years = listOfferedYears(now, Object.keys(lowiResponsesByYear).map(Number));
  return {
    issued: new Set(issued.map((row) => row.badgeId)),
    requested: new Set(requested),
    downloaded: new Set(downloaded),
    eligibility: { headcount, lowiResponsesByYear, badges: evaluateBadgeEligibility(years, headcount, lowi, now.getTime()) },
  };
}

/**
 * Everything the cart arithmetic reads besides the choices, from the server's own data only: the company size as
 * stored, the cycle, the effective plan (deals, 0027), the certification licences in use, the cards on offer with
 * their statuses, and each badge's eligibility. The cart, checkout and the cards all read this one context. `lowi` comes
 * from readLowiSurveyFacts, read before any transaction `db` may be.
 */
export async function buildCartContext(
  db: Database,
  tenantId: string,
  billingCycle: BillingCycle,
  lowi: readonly LowiSurveyFacts[],
  now = new Date(),
): Promise<CartContext> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw notFound("Company not found");
  const headcount = tenant.headcount ?? null;
  const [effective, certificationLicencesUsed, facts] = await Promise.all([
    readEffectivePlan(db, tenantId, now),
    countCertificationLicences(db, tenantId, now),
    readCompanyBadgeFacts(db, tenantId, headcount, lowi, now),
  ]);
  return {
    companySize: tenant.companySize,
    billingCycle,
    currentPlan: effective.plan,
    certificationLicencesUsed,
    badges: toCartBadges(listCertificationCards(facts, now)),
    eligibility: facts.eligibility,
  };
}

function cents(price: { cents: number } | null): number {
  // Both licence types are priced for every size (prices.ts); a null would be a broken price table.
  if (price === null) throw new Error("badge price missing");
  return price.cents;
}

/** `GET /api/certifications/cards`: the company's cards for the years on offer, with their prices. */
export async function listCompanyCertificationCards(ctx: AppContext, actor: Actor, now = new Date()): Promise<CertificationCardList> {
  const { db } = ctx.database;
  const tenant = await findTenant(db, actor.tenantId);
  if (!tenant) throw notFound("Company not found");
  const headcount = tenant.headcount ?? null;
  const facts = await readCompanyBadgeFacts(db, actor.tenantId, headcount, await readLowiSurveyFacts(ctx, actor.tenantId, now), now);
  const priceOf = (type: "certification" | "award", licenceType: LicenceType) =>
    cents(
      type === "certification" ? certificationPrice(tenant.companySize, licenceType) : additionalAreaPrice(tenant.companySize, licenceType),
    );
  const responsesByYear: Record<string, number> = {};
  for (const [year, count] of Object.entries(facts.eligibility.lowiResponsesByYear)) responsesByYear[year] = count;
  return {
    years: listOfferedYears(now, Object.keys(facts.eligibility.lowiResponsesByYear).map(Number)),
    headcount,
    requiredResponses: requiredResponsesForCertification(headcount),
    responsesByYear,
    licenceTypes: [...LICENCE_TYPES],
    cards: listCertificationCards(facts, now).map((card) => ({
      ...card,
      reasons: facts.eligibility.badges[card.id]?.reasons ?? [],
      prices: { digitalorprint: priceOf(card.type, "digitalorprint"), unlimiteduse: priceOf(card.type, "unlimiteduse") },
    })),
  };
}

/**
 * Issues the badges a paid order bought, for their year and licence type. The orders slice calls it inside the payment
 * transaction, once, when an order becomes paid (applyOrderPayment). A badge id that no longer names a catalogue badge
 * is still issued under the name and year the order recorded: what was paid for is held.
 */
export async function issueOrderBadges(
  tx: Database,
  tenantId: string,
  paid: { orderId: string; paidAt: Date; lines: readonly (typeof billingOrderLine.$inferSelect)[] },
): Promise<void> {
  const rows = paid.lines.flatMap((line) => {
    if (line.kind !== "badge" || !line.badgeId || line.year === null) return [];
    const badge = findCatalogueBadge(line.badgeId, paid.paidAt);
    return [
      {
        badgeId: line.badgeId,
        type: badge?.type ?? (line.badgeId.startsWith("award-") ? "award" : "certification"),
        name: line.name,
        year: line.year,
        licenceType: parseLicenceType(line.licenceType) ?? "digitalorprint",
        orderId: paid.orderId,
        issuedAt: paid.paidAt,
      },
    ];
  });
  await insertIssuedBadges(tx, tenantId, rows);
  for (const row of rows) await notify(tx, tenantId, certificationGranted(row));
}
