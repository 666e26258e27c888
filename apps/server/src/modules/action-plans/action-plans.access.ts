/**
 * Who may do what with action plans (decision 0078). The Transformation Plans feature gates every route; Admins and
 * Managers manage every plan; a plan's owner edits it and its actions but neither hands it to someone else nor
 * archives it; an action's owner changes that action's status and notes. Staff see only the plans they own or hold an
 * action of; any other plan is answered as not found.
 */
import { canManageActionPlans, type Feature, hasFeature, type Plan, resolveTimeZone, todayInZone } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { type Actor, featureUserOf } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import {
  type ActionPlanRow,
  type FoundPlan,
  findCompanySurveyName,
  findCompanyUser,
  findPlan,
  findPlanTenant,
  ownsActionOfPlan,
} from "./action-plans.repo.js";

/** What every action plan call knows once the gate is passed: the company's day, and its features. */
export interface PlanGate {
  timeZone: string;
  /** Today in the company's zone (YYYY-MM-DD). */
  today: string;
  allows(feature: Feature): boolean;
  /** Admins, Managers and internal accounts. */
  manager: boolean;
}

export function planUpgradeRequired(feature: Feature, message: string): AppError {
  return new AppError("PLAN_UPGRADE_REQUIRED", message, { status: 403, fields: { feature } });
}

/**
 * The gate when the company's effective plan (or its own grants) includes Transformation Plans; null otherwise, for a
 * caller that leaves plans out rather than fail (the company report PDF's section).
 */
export async function readPlanGate(db: Database, actor: Actor): Promise<PlanGate | null> {
  const [company, effective] = await Promise.all([findPlanTenant(db, actor.tenantId), readEffectivePlan(db, actor.tenantId)]);
  const tenant = { plan: effective.plan as Plan, features: company?.features ?? [] };
  const allows = (feature: Feature) => hasFeature(featureUserOf(actor), tenant, feature);
  if (!allows("TransformationPlans")) return null;
  const timeZone = resolveTimeZone(company?.timeZone);
  return { timeZone, today: todayInZone(timeZone), allows, manager: canManageActionPlans(actor) };
}

/** Passes when the company's effective plan (or its own grants) includes Transformation Plans; 403 otherwise. */
export async function openActionPlans(db: Database, actor: Actor): Promise<PlanGate> {
  const gate = await readPlanGate(db, actor);
  if (!gate) {
    throw planUpgradeRequired(
      "TransformationPlans",
      "Action plans are part of Transformation Plans, which needs the Silver plan or above.",
    );
  }
  return gate;
}

/** What the caller may do with one plan. */
export interface PlanAbilities {
  edit: boolean;
  changeOwner: boolean;
  archive: boolean;
  /** Add, edit, delete and reorder its actions (never while the plan is archived). */
  manageActions: boolean;
  /**
   * Add a check-in survey and open the plan's surveys: Admins and Managers, who edit and publish surveys (a Staff
   * owner would make a survey the survey rules then let nobody below a Manager edit, publish or delete).
   */
  addCheckin: boolean;
}

export function planAbilities(gate: PlanGate, actor: Actor, plan: Pick<ActionPlanRow, "ownerUserId" | "status">): PlanAbilities {
  const isOwner = plan.ownerUserId !== null && plan.ownerUserId === actor.userId;
  const edit = gate.manager || isOwner;
  return {
    edit,
    changeOwner: gate.manager,
    archive: gate.manager,
    manageActions: edit && plan.status !== "archived",
    addCheckin: gate.manager && plan.status !== "archived",
  };
}

export const planNotFound = () => new AppError("NOT_FOUND", "This action plan does not exist, or it is not shared with you.");

/** The plan when the caller may see it: every plan for Admins and Managers, else one they own or hold an action of. */
export async function loadVisiblePlan(db: Database, gate: PlanGate, actor: Actor, planId: string): Promise<FoundPlan> {
  const found = await findPlan(db, actor.tenantId, planId);
  if (!found) throw planNotFound();
  if (gate.manager || found.plan.ownerUserId === actor.userId) return found;
  if (await ownsActionOfPlan(db, actor.tenantId, planId, actor.userId)) return found;
  throw planNotFound();
}

export function forbiddenFor(message: string): AppError {
  return new AppError("FORBIDDEN", message);
}

/** An owner must be a user of the company: a field-level 400 otherwise. */
export async function requireCompanyUser(db: Database, tenantId: string, userId: string, field: string): Promise<void> {
  if (!(await findCompanyUser(db, tenantId, userId))) {
    throw new AppError("VALIDATION_FAILED", "Choose an owner from your company's team members.", {
      fields: { [field]: "Choose a member of your company." },
    });
  }
}

export async function requireCompanySurvey(db: Database, tenantId: string, surveyId: string): Promise<void> {
  if ((await findCompanySurveyName(db, tenantId, surveyId)) === undefined) {
    throw new AppError("VALIDATION_FAILED", "Choose one of your company's surveys as the baseline.", {
      fields: { baselineSurveyId: "Choose one of your company's surveys, or none." },
    });
  }
}

/** A plan for one cohort needs Department Insights as well. */
export function requireScopeFeature(gate: PlanGate, scopeKey: string | null | undefined): void {
  if (scopeKey && !gate.allows("DepartmentInsights")) {
    throw planUpgradeRequired("DepartmentInsights", "A plan for one cohort needs Department Insights, which needs a higher plan.");
  }
}

export function personName(first: string | null, last: string | null, email: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim() !== "").join(" ");
  return name || email || null;
}
