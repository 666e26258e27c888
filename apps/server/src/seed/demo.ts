import type { Database } from "../db/client.js";
import { eq } from "drizzle-orm";
import { notification, user } from "../db/schema.js";
import { claimTenantOwnership, insertTenant } from "../modules/company/company.repo.js";
import { createInternalUser } from "../modules/internal/internal-users.service.js";
import { seedDemoCertification } from "./demo-certification.js";
import { seedDemoOrder } from "./demo-order.js";
import { seedDemoPlans } from "./demo-plans.js";
import { DEMO_HEADCOUNT } from "./demo-invitees.js";
import { seedDemoSurveys } from "./demo-surveys.js";
import { createPasswordUser, userExists } from "./users.js";

export const DEMO_PASSWORD = "Demo-Password-2026!";
export const DEMO_ADMIN_EMAIL = "admin@demo.hearth.test";
export const DEMO_STAFF_EMAIL = "staff@demo.hearth.test";
export const DEMO_INTERNAL_EMAIL = "internal@hearth.test";
/** A Staff member of the demo company who is also one of Hearth's labelers (decision 0050). */
export const DEMO_LABELER_EMAIL = "labeler@demo.hearth.test";

/**
 * The demo company a newcomer explores: "Demo Company" on the Gold plan with an admin (its Company Leader),
 * a paid order for a year of Gold with its invoice, a staff member, a labeler, an internal account of the platform
 * operator, a closed LOWI survey with 320 responses (of 420 invited, 460 employees) and an
 * active custom survey. Runs once.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  if (await userExists(db, DEMO_ADMIN_EMAIL)) return false;
  const demo = await insertTenant(db, {
    companyName: "Demo Company",
    companyLegalName: "Demo Company, Inc.",
    headcount: DEMO_HEADCOUNT,
    companySize: "Medium",
    address: "100 Main Street, Springfield, IL 62701",
    phone: "+1 217 555 0100",
    website: "https://demo.hearth.test",
    timeZone: "America/Chicago",
    plan: "Gold",
    isDemo: true,
  });
  const adminId = await createPasswordUser(db, {
    tenantId: demo.id,
    email: DEMO_ADMIN_EMAIL,
    password: DEMO_PASSWORD,
    firstName: "Avery",
    lastName: "Admin",
    role: "Admin",
    jobTitle: "Chief People Officer",
  });
  await claimTenantOwnership(db, demo.id, adminId);
  const staffId = await createPasswordUser(db, {
    tenantId: demo.id,
    email: DEMO_STAFF_EMAIL,
    password: DEMO_PASSWORD,
    firstName: "Sam",
    lastName: "Staff",
    role: "Staff",
    jobTitle: "Support Specialist",
  });
  const labelerId = await createPasswordUser(db, {
    tenantId: demo.id,
    email: DEMO_LABELER_EMAIL,
    password: DEMO_PASSWORD,
    firstName: "Lee",
    lastName: "Labeler",
    role: "Staff",
    jobTitle: "Data Labeler",
  });
  await db.update(user).set({ labeler: true }).where(eq(user.id, labelerId));
  const internalId = await createInternalUser(db, {
    email: DEMO_INTERNAL_EMAIL,
    password: DEMO_PASSWORD,
    firstName: "Indra",
    lastName: "Internal",
  });
  // The plan reaches the company through a paid order (decision 0027: the payment activates its deal).
  await seedDemoOrder(db, demo.id, { adminId, internalId });
  await seedDemoSurveys(db, demo.id, adminId);
  await seedDemoCertification(db, demo.id);
  await seedDemoPlans(db, demo.id, { adminId, staffId }, "America/Chicago");
  await db.insert(notification).values({
    tenantId: demo.id,
    userId: null,
    title: "Welcome to Hearth",
    // The demo's profile is complete, so its welcome points at the surveys rather than asking for the profile.
    body: "Your demo company is ready: a closed LOWI survey with its reports, and an active custom survey.",
    link: "/dashboard/surveys",
  });
  return true;
}
