/**
 * Action plans (issue 26, decision 0078): what a company does about a focus of its survey results, with actions that
 * each have an owner, a due day and a status, and three check-in survey slots. Behind the Transformation Plans feature
 * (Silver and above); a plan for one cohort also needs Department Insights.
 */
import { z } from "zod";
import { ACTION_PLAN_FOCUS_MAX } from "../action-plans/focus.js";
import { isPlanDay, PLAN_DAY_FIRST_YEAR, PLAN_DAY_LAST_YEAR } from "../action-plans/plan-days.js";

export const ACTION_PLAN_STATUSES = ["active", "completed", "archived"] as const;
export type ActionPlanStatus = (typeof ACTION_PLAN_STATUSES)[number];

export const PLAN_ACTION_STATUSES = ["not_started", "in_progress", "done", "blocked"] as const;
export type PlanActionStatus = (typeof PLAN_ACTION_STATUSES)[number];

export const ACTION_PLAN_SOURCES = ["suggested", "custom"] as const;
export type ActionPlanSource = (typeof ACTION_PLAN_SOURCES)[number];

export const ACTION_PLAN_STATUS_LABELS: Record<ActionPlanStatus, string> = {
  active: "Active",
  completed: "Completed",
  archived: "Archived",
};

export const PLAN_ACTION_STATUS_LABELS: Record<PlanActionStatus, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  done: "Done",
  blocked: "Blocked",
};

export const ACTION_PLAN_TITLE_MAX = 120;
export const ACTION_PLAN_TARGET_MAX = 500;
export const PLAN_ACTION_NOTES_MAX = 2000;
/** The most actions one plan holds. */
export const PLAN_ACTIONS_MAX = 100;
/** Check-in survey slots per plan (spec: survey0, survey1, survey2). */
export const ACTION_PLAN_CHECKIN_SLOTS = 3;

const planDay = (what: string) =>
  z
    .string(`Enter the ${what} as YYYY-MM-DD.`)
    .trim()
    .refine(isPlanDay, `Enter the ${what} as a real date, YYYY-MM-DD, between ${PLAN_DAY_FIRST_YEAR} and ${PLAN_DAY_LAST_YEAR}.`);

const title = (what: string) =>
  z
    .string(`Give the ${what} a title.`)
    .trim()
    .min(1, `Give the ${what} a title.`)
    .max(ACTION_PLAN_TITLE_MAX, `Keep the title to ${ACTION_PLAN_TITLE_MAX} characters or fewer.`);

const userId = (what: string) => z.string(`Choose ${what}.`).trim().min(1, `Choose ${what}.`).max(100, `Choose ${what}.`);

const focusKey = z
  .string("Choose what the plan focuses on.")
  .trim()
  .min(1, "Choose what the plan focuses on.")
  .max(ACTION_PLAN_FOCUS_MAX, `Keep the focus to ${ACTION_PLAN_FOCUS_MAX} characters or fewer.`);

const focusLabel = z
  .string()
  .trim()
  .max(ACTION_PLAN_FOCUS_MAX, `Keep the focus to ${ACTION_PLAN_FOCUS_MAX} characters or fewer.`)
  .nullable()
  .optional();

const cohortKey = z
  .string("Choose a cohort.")
  .trim()
  .regex(/^[A-Za-z0-9_]{1,60}$/, "Choose one of your company's cohorts.")
  .nullable()
  .optional();

const cohortValue = z
  .string("Choose a cohort.")
  .trim()
  .min(1, "Choose a cohort.")
  .max(120, "Choose one of your company's cohorts.")
  .nullable()
  .optional();

const target = z
  .string()
  .trim()
  .max(ACTION_PLAN_TARGET_MAX, `Keep the target to ${ACTION_PLAN_TARGET_MAX} characters or fewer.`)
  .nullable()
  .optional();

const notes = z.string("Notes are text.").max(PLAN_ACTION_NOTES_MAX, `Keep the notes to ${PLAN_ACTION_NOTES_MAX} characters or fewer.`);

interface PlanDays {
  startDate?: string;
  endDate?: string;
  scopeCohortKey?: string | null;
  scopeCohortValue?: string | null;
}

/** End on or after the start, and a cohort named by key and value together (or neither), field by field. */
function checkPlanFields(value: PlanDays, context: z.RefinementCtx): void {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    context.addIssue({ code: "custom", path: ["endDate"], message: "The end date must be on or after the start date." });
  }
  const hasKey = Boolean(value.scopeCohortKey);
  const hasValue = Boolean(value.scopeCohortValue);
  if (value.scopeCohortKey !== undefined && value.scopeCohortValue !== undefined && hasKey !== hasValue) {
    context.addIssue({
      code: "custom",
      path: [hasKey ? "scopeCohortValue" : "scopeCohortKey"],
      message: "Choose a cohort, or the whole company.",
    });
  } else if ((value.scopeCohortKey === undefined) !== (value.scopeCohortValue === undefined)) {
    context.addIssue({
      code: "custom",
      path: [value.scopeCohortKey === undefined ? "scopeCohortKey" : "scopeCohortValue"],
      message: "Send the cohort's key and value together.",
    });
  }
}

export const actionPlanInputSchema = z
  .object({
    title: title("plan"),
    focusKey,
    focusLabel,
    ownerUserId: userId("who owns the plan"),
    scopeCohortKey: cohortKey,
    scopeCohortValue: cohortValue,
    target,
    /** Today in the company's zone when left out. */
    startDate: planDay("start date").optional(),
    /** The start plus 90 days when left out. */
    endDate: planDay("end date").optional(),
    source: z.enum(ACTION_PLAN_SOURCES, "Choose suggested or custom.").default("custom"),
    baselineSurveyId: z.string().trim().min(1).max(100, "Choose one of your company's surveys.").nullable().optional(),
  })
  .superRefine((value, context) =>
    checkPlanFields({ ...value, scopeCohortKey: value.scopeCohortKey ?? null, scopeCohortValue: value.scopeCohortValue ?? null }, context),
  );
export type ActionPlanInput = z.input<typeof actionPlanInputSchema>;
export type ParsedActionPlanInput = z.output<typeof actionPlanInputSchema>;

/** A change to a plan: only the fields sent change; at least one must be sent. */
export const actionPlanPatchSchema = z
  .object({
    title: title("plan").optional(),
    focusKey: focusKey.optional(),
    focusLabel,
    ownerUserId: userId("who owns the plan").optional(),
    scopeCohortKey: cohortKey,
    scopeCohortValue: cohortValue,
    target,
    startDate: planDay("start date").optional(),
    endDate: planDay("end date").optional(),
    status: z.enum(ACTION_PLAN_STATUSES, "Choose active, completed or archived.").optional(),
    baselineSurveyId: z.string().trim().min(1).max(100, "Choose one of your company's surveys.").nullable().optional(),
  })
  .superRefine((value, context) => {
    if (Object.values(value).every((entry) => entry === undefined)) {
      context.addIssue({ code: "custom", path: ["_"], message: "Send at least one field to change." });
    }
    checkPlanFields(value, context);
  });
export type ActionPlanPatch = z.infer<typeof actionPlanPatchSchema>;

export const planActionInputSchema = z.object({
  title: title("action"),
  ownerUserId: userId("who owns the action").nullable().optional(),
  dueDate: planDay("due date").nullable().optional(),
  status: z.enum(PLAN_ACTION_STATUSES, "Choose not started, in progress, done or blocked.").default("not_started"),
  notes: notes.default(""),
});
export type PlanActionInput = z.input<typeof planActionInputSchema>;
export type ParsedPlanActionInput = z.output<typeof planActionInputSchema>;

/** A change to an action: only the fields sent change; the action's owner may send only status and notes. */
export const planActionPatchSchema = z
  .object({
    title: title("action").optional(),
    ownerUserId: userId("who owns the action").nullable().optional(),
    dueDate: planDay("due date").nullable().optional(),
    status: z.enum(PLAN_ACTION_STATUSES, "Choose not started, in progress, done or blocked.").optional(),
    notes: notes.optional(),
  })
  .refine((value) => Object.values(value).some((entry) => entry !== undefined), {
    path: ["_"],
    message: "Send at least one field to change.",
  });
export type PlanActionPatch = z.infer<typeof planActionPatchSchema>;

/** The fields an action's owner may change on an action they own (and nothing else of the plan). */
export const ACTION_OWNER_FIELDS = ["status", "notes"] as const satisfies readonly (keyof PlanActionPatch)[];

export const planActionReorderSchema = z.object({
  actionIds: z.array(z.uuid("Each action is named by its id."), "Send the plan's action ids in their new order.").max(PLAN_ACTIONS_MAX),
});
export type PlanActionReorder = z.infer<typeof planActionReorderSchema>;

export const actionPlansQuerySchema = z.object({
  /** "true" lists the archived plans instead of the others. */
  archived: z.enum(["true", "false"], "Send archived=true or archived=false.").optional(),
});

export const actionPlanScopeSchema = z.object({ key: z.string(), value: z.string(), label: z.string() });

export const actionPlanSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  focusKey: z.string(),
  focusLabel: z.string(),
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Null for the whole company. */
  scope: actionPlanScopeSchema.nullable(),
  status: z.enum(ACTION_PLAN_STATUSES),
  source: z.enum(ACTION_PLAN_SOURCES),
  startDate: z.string(),
  endDate: z.string(),
  /** The earliest due day of the actions not done yet; null when none has one. */
  nextDueDate: z.string().nullable(),
  actionsDone: z.number().int(),
  actionsTotal: z.number().int(),
  /** Actions not done whose due day has passed in the company's zone. */
  overdueActions: z.number().int(),
  /** The first free check-in slot (0, 1 or 2); null when all three hold a survey. */
  nextCheckinSlot: z.number().int().nullable(),
  /** The next check-in still to be sent (decision 0079): its slot, its day and whether it is scheduled. */
  nextCheckin: z.object({ slot: z.number().int(), day: z.string(), scheduled: z.boolean() }).nullable(),
  updatedAt: z.string(),
});
export type ActionPlanSummary = z.infer<typeof actionPlanSummarySchema>;

export const actionPlanListSchema = z.object({
  plans: z.array(actionPlanSummarySchema),
  /** Whether the caller may create plans (Admins and Managers). */
  canCreate: z.boolean(),
  /** Today in the company's zone, the day "overdue" was read against. */
  today: z.string(),
});
export type ActionPlanList = z.infer<typeof actionPlanListSchema>;

export const planActionSchema = z.object({
  id: z.string(),
  title: z.string(),
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(PLAN_ACTION_STATUSES),
  notes: z.string(),
  position: z.number().int(),
  doneAt: z.string().nullable(),
  overdue: z.boolean(),
  /** The caller may change every field and delete it (Admins, Managers, the plan's owner). */
  canEdit: z.boolean(),
  /** The caller may change its status and notes (also the action's own owner). */
  canUpdateStatus: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanAction = z.infer<typeof planActionSchema>;

export const actionPlanCheckinSchema = z.object({
  slot: z.number().int(),
  surveyId: z.string().nullable(),
  surveyName: z.string().nullable(),
  draft: z.boolean(),
  /** The day its invitations go out by default (plan start + 30, 60 or 90 days; today when that has passed). */
  suggestedSendDay: z.string(),
  /** When its invitations go out (ISO), once scheduled; null before. */
  sendAt: z.string().nullable(),
  /** When the invitations were made, and for how many people; null until the scheduling job has run. */
  invitedAt: z.string().nullable(),
  invitedCount: z.number().int().nullable(),
  /** Why the invitations could not be made, in words; null when they were (or are still to be). */
  inviteError: z.string().nullable(),
  /** The survey's last moment (ISO); null for a free slot or a survey without an end. */
  endsAt: z.string().nullable(),
  /** The survey has ended (closed or past its end date). */
  closed: z.boolean(),
  /** Whether the check-in also asks the comparable cohorts without a plan (cohort plans). */
  askComparison: z.boolean(),
});
export type ActionPlanCheckin = z.infer<typeof actionPlanCheckinSchema>;

/** One measurement of the plan's focus: a number with its n and 95% interval, or why there is none. */
export const planProgressPointSchema = z.object({
  /** Null for the baseline; 0..2 for a check-in. */
  slot: z.number().int().nullable(),
  surveyId: z.string(),
  surveyName: z.string().nullable(),
  score: z.number().nullable(),
  n: z.number().int().nullable(),
  ci: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Check-ins only: the score minus the baseline's, when both can be read. */
  change: z.number().nullable(),
  /** Why no number is shown (the reports' hidden notice for a group below the threshold). */
  notice: z.string().nullable(),
});
export type PlanProgressPoint = z.infer<typeof planProgressPointSchema>;

/** One comparable cohort of a cohort plan: the same key, another value, no plan of its own (decision 0079). */
export const planComparisonCohortSchema = z.object({
  value: z.string(),
  baseline: planProgressPointSchema,
  checkins: z.array(planProgressPointSchema),
});

export const planProgressSchema = z.object({
  /** Why progress cannot be measured at all for this plan; null when it can. */
  reason: z.string().nullable(),
  baseline: planProgressPointSchema.nullable(),
  checkins: z.array(planProgressPointSchema),
  /**
   * A cohort plan's comparison: the cohorts of its key without a plan that the baseline report shows, measured the same
   * way at baseline and at each check-in (through the suppression plan); null for a company plan.
   */
  comparison: z
    .object({
      cohortLabel: z.string(),
      cohorts: z.array(planComparisonCohortSchema),
      /** Comparable cohorts left out of the list (only the largest are shown). */
      more: z.number().int(),
    })
    .nullable(),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const actionPlanDetailSchema = actionPlanSummarySchema.extend({
  target: z.string().nullable(),
  baselineSurveyId: z.string().nullable(),
  baselineSurveyName: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  today: z.string(),
  actions: z.array(planActionSchema),
  checkins: z.array(actionPlanCheckinSchema),
  /** The focus at baseline and at each check-in, through the reports' suppression plan. */
  progress: planProgressSchema,
  /** What the caller may do with the plan itself. */
  can: z.object({
    edit: z.boolean(),
    changeOwner: z.boolean(),
    archive: z.boolean(),
    manageActions: z.boolean(),
    /** Add check-in surveys and open them (Admins and Managers). */
    addCheckin: z.boolean(),
  }),
});
export type ActionPlanDetail = z.infer<typeof actionPlanDetailSchema>;

/** Publish a check-in survey (when still a draft) and schedule its invitations to the plan's scope (decision 0079). */
export const checkinScheduleSchema = z.object({
  /** The day the invitations go out at 09:00 in the company's zone. */
  sendDay: planDay("send day"),
  /** A cohort plan's check-in also asks the comparable cohorts without a plan (default), so the change can be compared. */
  askComparison: z.boolean("Send true or false.").default(true),
});
export type CheckinSchedule = z.input<typeof checkinScheduleSchema>;
