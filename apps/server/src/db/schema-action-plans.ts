import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { survey, tenant, user } from "./schema.js";

/**
 * An action plan (issue 26, decision 0078): what a company does about one focus of its survey results (an agree item,
 * a SPARK area or a focus of its own), who owns it, for whom (the whole company or one cohort) and until when. Its
 * days are calendar days in the company's zone. Deleted with its company; its owner and author are set to null when
 * those accounts are deleted, and the plan stays.
 */
export const actionPlan = pgTable(
  "action_plan",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** An agree item key (lowi_trust), a SPARK area (Respect) or the company's own words. */
    focusKey: text("focus_key").notNull(),
    focusLabel: text("focus_label").notNull(),
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The cohort the plan is for (department, Sales); both null for the whole company. */
    scopeCohortKey: text("scope_cohort_key"),
    scopeCohortValue: text("scope_cohort_value"),
    /** What the plan aims for, in the company's words. */
    target: text("target"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /** active, completed or archived (ACTION_PLAN_STATUSES in @hearth/shared). */
    status: text("status").notNull().default("active"),
    /** suggested (from a report's suggestion) or custom. */
    source: text("source").notNull().default("custom"),
    /** The survey whose results the plan answers, if any; null when that survey is deleted. */
    baselineSurveyId: text("baseline_survey_id").references(() => survey.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // the target of the children's (tenant_id, plan_id) foreign keys: a child can never point at another company's plan
    unique("action_plan_tenant_id_unique").on(table.tenantId, table.id),
    index("action_plan_tenant_status_idx").on(table.tenantId, table.status, table.endDate),
    index("action_plan_tenant_owner_idx").on(table.tenantId, table.ownerUserId),
    check("action_plan_status_check", sql`${table.status} in ('active', 'completed', 'archived')`),
    check("action_plan_source_check", sql`${table.source} in ('suggested', 'custom')`),
    check("action_plan_dates_check", sql`${table.endDate} >= ${table.startDate}`),
    check("action_plan_scope_check", sql`(${table.scopeCohortKey} is null) = (${table.scopeCohortValue} is null)`),
  ],
);

/**
 * The plan's three check-in survey slots (spec: survey0, survey1, survey2), made with the plan. A slot with no
 * survey is free. `draft` is written true when a check-in survey is made and is not kept up to date: a slot's draft
 * flag is read from its survey (decision 0078), since the surveys slice, below this one, never writes here.
 */
export const actionPlanCheckin = pgTable(
  "action_plan_checkin",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").notNull(),
    /** 0, 1 or 2. */
    slot: integer("slot").notNull(),
    surveyId: text("survey_id").references(() => survey.id, { onDelete: "set null" }),
    draft: boolean("draft").notNull().default(false),
    /** When the check-in's invitations go out (decision 0079); null until someone publishes and schedules it. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    /** A cohort plan's check-in also asks the comparable cohorts without a plan, so its change can be compared. */
    askComparison: boolean("ask_comparison").notNull().default(false),
    /** Who scheduled it: the invitations go out in their name, with the copy to their address. */
    scheduledBy: text("scheduled_by").references(() => user.id, { onDelete: "set null" }),
    /** When the scheduling job made the invitations (once: the job claims a null here). */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    invitedCount: integer("invited_count"),
    /** Why no invitation could be made (the sender unverified, the survey closed), in words for the plan page. */
    inviteError: text("invite_error"),
    /** When the plan's owner was told the check-in closed (once: the job claims a null here). */
    closedNotifiedAt: timestamp("closed_notified_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.planId, table.slot] }),
    foreignKey({
      name: "action_plan_checkin_plan_fk",
      columns: [table.tenantId, table.planId],
      foreignColumns: [actionPlan.tenantId, actionPlan.id],
    }).onDelete("cascade"),
    index("action_plan_checkin_survey_idx").on(table.tenantId, table.surveyId),
    check("action_plan_checkin_slot_check", sql`${table.slot} between 0 and 2`),
  ],
);

/** One action of a plan, in the plan's order (`position`, from 0), with its own owner, due day and status. */
export const actionPlanAction = pgTable(
  "action_plan_action",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").notNull(),
    title: text("title").notNull(),
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    dueDate: date("due_date", { mode: "string" }),
    /** not_started, in_progress, done or blocked (PLAN_ACTION_STATUSES in @hearth/shared). */
    status: text("status").notNull().default("not_started"),
    notes: text("notes").notNull().default(""),
    position: integer("position").notNull(),
    /** When the action was last marked done; null while it is not done. */
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({
      name: "action_plan_action_plan_fk",
      columns: [table.tenantId, table.planId],
      foreignColumns: [actionPlan.tenantId, actionPlan.id],
    }).onDelete("cascade"),
    index("action_plan_action_plan_idx").on(table.tenantId, table.planId, table.position),
    index("action_plan_action_owner_idx").on(table.tenantId, table.ownerUserId),
    check("action_plan_action_status_check", sql`${table.status} in ('not_started', 'in_progress', 'done', 'blocked')`),
  ],
);

/**
 * The daily reminders sent (decision 0078): one row per person and company day (the company's zone) they were
 * reminded of their due and overdue actions. The primary key is the claim: a second run the same day inserts nothing
 * and so notifies no one again. Deleted with the company or the person.
 */
export const actionPlanReminder = pgTable(
  "action_plan_reminder",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** How many actions the reminder listed. */
    actions: integer("actions").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.userId, table.day] })],
);
