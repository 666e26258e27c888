/**
 * The action plans as CSV (issue 26 item 6, decision 0078): one row per action, one row with empty action columns for
 * a plan without actions. The same gate and the same visibility as the list: Admins and Managers get every plan of the
 * company (archived ones too), Staff the plans they own or hold an action of. Cells go through the shared formula
 * guard (neutralizeCell) and the file starts with a byte order mark, as the report downloads do.
 */
import {
  ACTION_PLAN_STATUS_LABELS,
  type ActionPlanStatus,
  cohortKeyLabel,
  neutralizeCell,
  PLAN_ACTION_STATUS_LABELS,
  type PlanActionStatus,
} from "@hearth/shared";
import Papa from "papaparse";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { openActionPlans, personName } from "./action-plans.access.js";
import { listPlanExportRows, type PlanExportRow } from "./action-plans.repo.js";

export const ACTION_PLANS_CSV_HEADER = [
  "Plan",
  "Focus",
  "Owner",
  "Scope",
  "Status",
  "Action",
  "Action owner",
  "Action status",
  "Due",
  "Source",
] as const;

const label = <T extends string>(labels: Record<T, string>, value: string): string => labels[value as T] ?? value;

function exportRow(row: PlanExportRow): string[] {
  const { plan } = row;
  const scope =
    plan.scopeCohortKey && plan.scopeCohortValue ? `${cohortKeyLabel(plan.scopeCohortKey)}: ${plan.scopeCohortValue}` : "Whole company";
  const hasAction = row.actionTitle !== null;
  return [
    plan.title,
    plan.focusLabel,
    personName(row.ownerFirstName, row.ownerLastName, row.ownerEmail) ?? "",
    scope,
    label<ActionPlanStatus>(ACTION_PLAN_STATUS_LABELS, plan.status),
    row.actionTitle ?? "",
    hasAction ? (personName(row.actionOwnerFirstName, row.actionOwnerLastName, row.actionOwnerEmail) ?? "") : "",
    hasAction && row.actionStatus ? label<PlanActionStatus>(PLAN_ACTION_STATUS_LABELS, row.actionStatus) : "",
    // A due day is a calendar day in the company's zone, stored as such (YYYY-MM-DD).
    row.actionDueDate ?? "",
    plan.source === "suggested" ? "Suggested" : "Custom",
  ];
}

/** The CSV text and its file name (action-plans-YYYY-MM-DD.csv, the company's day). */
export async function exportActionPlansCsv(ctx: AppContext, actor: Actor): Promise<{ fileName: string; text: string }> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  const rows = await listPlanExportRows(db, actor.tenantId, gate.manager ? null : actor.userId);
  const cells = [[...ACTION_PLANS_CSV_HEADER], ...rows.map(exportRow)].map((line) => line.map(neutralizeCell));
  return { fileName: `action-plans-${gate.today}.csv`, text: `\uFEFF${Papa.unparse(cells, { newline: "\r\n" })}\r\n` };
}
