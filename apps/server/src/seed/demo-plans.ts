/**
 * The demo company's action plans (issue 26 item 7): two plans started from the closed LOWI survey's key drivers after
 * it closed (ten days ago), so a newcomer sees the Action Plans page at work. One is under way (one action done, one
 * in progress, one not started) with an answered check-in that shows the focus moving; the other has an action past
 * its due day. Days are the company's (America/Chicago), counted from the seeding day.
 */
import { addDaysToDay, defaultPlanEndDay, findFocusOption, todayInZone } from "@hearth/shared";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { survey } from "../db/schema.js";
import { insertPlan, insertPlanAction } from "../modules/action-plans/action-plans.repo.js";
import { seedDemoCheckin } from "./demo-checkin.js";

interface DemoAction {
  title: string;
  owner: "admin" | "staff";
  /** Days from today; negative is past. */
  due: number;
  status: "not_started" | "in_progress" | "done" | "blocked";
  notes?: string;
}

interface DemoPlan {
  title: string;
  focusKey: string;
  target: string;
  /** Days before today the plan started. */
  startedDaysAgo: number;
  actions: DemoAction[];
  /** Whether it has the demo's answered check-in. */
  checkin?: boolean;
}

const PLANS: readonly DemoPlan[] = [
  {
    title: "Make growth visible in every team",
    focusKey: "lowi_growth",
    target: "Growth from 72.7% to 80% of 5 at the next LOWI survey",
    startedDaysAgo: 9,
    checkin: true,
    actions: [
      {
        title: "Publish a learning budget for every team",
        owner: "admin",
        due: -3,
        status: "done",
        notes: "Each team now has its budget on the intranet, with how to ask for it.",
      },
      {
        title: "Pair each new joiner with a mentor for their first six months",
        owner: "staff",
        due: 14,
        status: "in_progress",
        notes: "Twelve mentors signed up so far; matching the spring joiners first.",
      },
      { title: "Hold a career conversation with every person before the next survey", owner: "admin", due: 45, status: "not_started" },
    ],
  },
  {
    title: "Respect in every meeting",
    focusKey: "Respect",
    target: "Respect above the survey's average (79.6%) at the next LOWI survey",
    startedDaysAgo: 7,
    actions: [
      {
        title: "Agree meeting norms with each team and post them in the room",
        owner: "staff",
        due: -2,
        status: "in_progress",
        notes: "Four of six teams have agreed theirs.",
      },
      { title: "Train managers to give specific, timely recognition", owner: "admin", due: 30, status: "not_started" },
    ],
  },
];

export async function seedDemoPlans(
  db: Database,
  tenantId: string,
  users: { adminId: string; staffId: string },
  timeZone: string,
  now = Date.now(),
): Promise<void> {
  const [lowi] = await db
    .select({ id: survey.id })
    .from(survey)
    .where(and(eq(survey.tenantId, tenantId), eq(survey.isLowi, true)));
  const today = todayInZone(timeZone, now);
  for (const plan of PLANS) {
    const focus = findFocusOption(plan.focusKey);
    const startDate = addDaysToDay(today, -plan.startedDaysAgo);
    const row = await insertPlan(db, tenantId, {
      title: plan.title,
      focusKey: plan.focusKey,
      focusLabel: focus?.label ?? plan.focusKey,
      ownerUserId: users.adminId,
      scopeCohortKey: null,
      scopeCohortValue: null,
      target: plan.target,
      startDate,
      endDate: defaultPlanEndDay(startDate),
      status: "active",
      source: "suggested",
      baselineSurveyId: lowi?.id ?? null,
      createdBy: users.adminId,
    });
    for (const action of plan.actions) {
      await insertPlanAction(db, tenantId, row.id, {
        title: action.title,
        ownerUserId: action.owner === "admin" ? users.adminId : users.staffId,
        dueDate: addDaysToDay(today, action.due),
        status: action.status,
        notes: action.notes ?? "",
        doneAt: action.status === "done" ? new Date(now - 4 * 86_400_000) : null,
      });
    }
    if (plan.checkin) {
      const startedAt = now - plan.startedDaysAgo * 86_400_000;
      await seedDemoCheckin(db, tenantId, { id: row.id, title: plan.title, focusKey: plan.focusKey, startedAt }, users.adminId, now);
    }
  }
}
