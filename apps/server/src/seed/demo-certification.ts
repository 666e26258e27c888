/**
 * The demo company's certification and public profile (issue 13, decision 0038): it holds the certification of its
 * closed LOWI survey's year when that survey meets the response rule, shows it on its profile, and publishes the
 * profile at /c/demo-company, so a newcomer sees the whole result.
 */
import { eq } from "drizzle-orm";
import { CERTIFICATION_BADGE_NAME, certificationBadgeId, requiredResponsesForCertification } from "@hearth/shared";
import type { Database } from "../db/client.js";
import { tenant } from "../db/schema.js";
import { lockPublicProfile, updatePublicProfile } from "../modules/certifications/badge-actions.repo.js";
import { insertIssuedBadges, listLowiSurveyCounts } from "../modules/certifications/certifications.repo.js";

export const DEMO_PROFILE_SLUG = "demo-company";

export async function seedDemoCertification(db: Database, tenantId: string, now = new Date()): Promise<number | null> {
  const [company] = await db.select({ headcount: tenant.headcount }).from(tenant).where(eq(tenant.id, tenantId));
  const required = requiredResponsesForCertification(company?.headcount ?? null);
  // The closed LOWI survey with the most responses.
  const [closed] = (await listLowiSurveyCounts(db, tenantId)).filter((one) => one.endDate <= now).sort((a, b) => b.responses - a.responses);
  await db.transaction(async (tx) => {
    await lockPublicProfile(tx, tenantId);
    await updatePublicProfile(tx, tenantId, {
      slug: DEMO_PROFILE_SLUG,
      published: true,
      showScore: true,
      description: "Demo Company builds friendly software for small teams. We survey our people every year and act on what they tell us.",
    });
  });
  // The response rule is the certification's condition on the data: without it met, the demo holds nothing.
  if (!closed || required === null || closed.responses < required) return null;
  const year = closed.endDate.getUTCFullYear();
  const badgeId = certificationBadgeId(year);
  // Issued through the repository every payment uses (issueOrderBadges), as Gold's plan-included certification with
  // no order (the demo company's plan comes from a deal, not a checkout).
  await insertIssuedBadges(db, tenantId, [
    { badgeId, type: "certification", name: CERTIFICATION_BADGE_NAME, year, licenceType: "digitalorprint", orderId: null, issuedAt: now },
  ]);
  await db.transaction(async (tx) => {
    await lockPublicProfile(tx, tenantId);
    await updatePublicProfile(tx, tenantId, { shownCertifications: [{ certification: badgeId, year }] });
  });
  return year;
}
