import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, notification, tenant, user } from "../../db/schema.js";
import { actionPlanAction } from "../../db/schema-action-plans.js";
import { addMember, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { listReminders } from "./action-plan-reminders.repo.js";
import { REMINDER_KIND, sendActionReminders } from "./action-plan-reminders.service.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";

// 13:00 UTC on June 15th is already June 16th in Auckland (UTC+12 in June).
/** 08:00 on June 16 in Auckland (UTC+12): the company's morning. */
const NOW = new Date("2026-06-15T20:00:00Z");
const AUCKLAND_DAY = "2026-06-16";

describe("daily action reminders (decision 0078)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  const db = () => testApp.ctx.database.db;
  const remindersOf = (session: Session) =>
    db()
      .select()
      .from(notification)
      .where(and(eq(notification.userId, session.userId), eq(notification.kind, REMINDER_KIND)));
  const emailsTo = (session: Session) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, session.email), eq(emailOutbox.kind, REMINDER_KIND)));
  const verify = (session: Session, verified = true) =>
    db().update(user).set({ emailVerified: verified }).where(eq(user.id, session.userId));

  /** A Silver company in Auckland with a Staff member who owns actions. */
  async function company(name: string) {
    const admin = await api.company("Silver", name);
    await db().update(tenant).set({ timeZone: "Pacific/Auckland" }).where(eq(tenant.id, admin.tenantId));
    const staff = await addMember(testApp, admin.tenantId, "Staff");
    const plan = (await api.create(admin, { ...PLAN, title: `${name} plan`, ownerUserId: admin.userId })).json();
    const add = async (title: string, dueDate: string, owner = staff, planId = plan.id as string) =>
      (await api.addAction(admin, planId, { title, ownerUserId: owner.userId, dueDate })).json();
    return { admin, staff, plan, add };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("sends a person one notification and one email for their due and overdue actions, and nothing more the same day", async () => {
    const { staff, plan, add } = await company("Reminded Co");
    await verify(staff);
    await add("Hold a listening session", "2026-06-10");
    await add("Share what we heard", "2026-06-19");
    await add("Too far ahead", "2026-06-20");

    await sendActionReminders(testApp.ctx, NOW);
    const [reminder, ...more] = await remindersOf(staff);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      tenantId: staff.tenantId,
      title: "2 actions need you: 1 overdue",
      eventKey: `${REMINDER_KIND}:${AUCKLAND_DAY}`,
      link: `/dashboard/plans/${plan.id}`,
    });
    expect(reminder.body).toBe(
      `"Hold a listening session" (Reminded Co plan), overdue since Jun 10, 2026; "Share what we heard" (Reminded Co plan), due Jun 19, 2026.`,
    );
    const [email, ...moreEmails] = await emailsTo(staff);
    expect(moreEmails).toEqual([]);
    expect(email).toMatchObject({ tenantId: staff.tenantId, subject: "2 actions need you: 1 overdue" });
    expect(email.text).toContain(`/dashboard/plans/${plan.id}`);
    expect(email.text).toContain("Share what we heard");
    expect(email.text).not.toContain("Too far ahead");
    expect(await listReminders(db(), staff.tenantId)).toMatchObject([{ userId: staff.userId, day: AUCKLAND_DAY, actions: 2 }]);

    // The same company day again, even hours later: nothing more.
    expect(await sendActionReminders(testApp.ctx, NOW)).toBe(0);
    expect(await sendActionReminders(testApp.ctx, new Date("2026-06-16T05:00:00Z"))).toBe(0);
    expect(await remindersOf(staff)).toHaveLength(1);
    expect(await emailsTo(staff)).toHaveLength(1);

    // The next company day reminds again, with the action that came into the window.
    // Before 07:00 in Auckland nobody hears yet; from 07:00 they do.
    expect(await sendActionReminders(testApp.ctx, new Date("2026-06-16T13:00:00Z"))).toBe(0);
    await sendActionReminders(testApp.ctx, new Date("2026-06-16T19:05:00Z"));
    const next = (await remindersOf(staff)).find((row) => row.eventKey === `${REMINDER_KIND}:2026-06-17`);
    expect(next?.body).toContain("Too far ahead");
  });

  it("skips done actions and archived plans; an unverified owner gets the notification but no email", async () => {
    const { admin, staff, plan, add } = await company("Careful Co");
    await verify(staff, false);
    const done = await add("Already done", "2026-06-12");
    expect((await api.patchAction(admin, plan.id, done.id, { status: "done" })).statusCode).toBe(200);
    const archived = (await api.create(admin, { ...PLAN, title: "Put away", ownerUserId: admin.userId })).json();
    await add("In an archived plan", "2026-06-12", staff, archived.id);
    await api.archive(admin, archived.id);
    await add("Still to do", "2026-06-17");

    await sendActionReminders(testApp.ctx, NOW);
    const [reminder, ...more] = await remindersOf(staff);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ title: "An action is due soon" });
    expect(reminder.body).toBe(`"Still to do" (Careful Co plan), due Jun 17, 2026.`);
    expect(await emailsTo(staff)).toEqual([]);
  });

  it("never mixes in another company's actions, and leaves a company without Transformation Plans alone", async () => {
    const first = await company("First Co");
    const second = await company("Second Co");
    await first.add("First's action", "2026-06-16");
    await second.add("Second's action", "2026-06-16");
    // an action of the first company whose owner is the second company's member (the API refuses it) is never sent
    await db().insert(actionPlanAction).values({
      tenantId: first.admin.tenantId,
      planId: first.plan.id,
      title: "Planted",
      ownerUserId: second.staff.userId,
      dueDate: "2026-06-16",
      position: 9,
    });
    const bronze = await company("Bronze Co");
    await bronze.add("Bronze action", "2026-06-16");
    await putTenantOnPlan(db(), bronze.admin.tenantId, "Bronze");

    await sendActionReminders(testApp.ctx, NOW);
    expect((await remindersOf(first.staff)).map((row) => [row.tenantId, row.body])).toEqual([
      [first.admin.tenantId, `"First's action" (First Co plan), due today.`],
    ]);
    expect((await remindersOf(second.staff)).map((row) => [row.tenantId, row.body])).toEqual([
      [second.admin.tenantId, `"Second's action" (Second Co plan), due today.`],
    ]);
    expect(await remindersOf(bronze.staff)).toEqual([]);
    expect(await listReminders(db(), bronze.admin.tenantId)).toEqual([]);
  });
});
