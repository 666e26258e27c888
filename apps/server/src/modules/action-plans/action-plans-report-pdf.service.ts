/**
 * The company report PDF's "Action plans" section (issue 26 item 6, decision 0078): the plans whose baseline is the
 * report's survey, as the reader may see them on the plans page. The same gate (a company without Transformation
 * Plans gets no section, not an error) and the same visibility (Admins and Managers every plan, archived ones last;
 * Staff those they own or hold an action of). Each plan is read by planDetail, the plan page's own call, so its
 * progress comes from the progress service once and reads in the page's words: a group the suppression plan hides
 * shows the hidden notice, never a number. app.ts hands this source to the reports' routes, which sit below.
 */
import {
  ACTION_PLAN_STATUS_LABELS,
  type ActionPlanDetail,
  describeProgressChange,
  describeProgressPoint,
  formatPlanDay,
  formatPlanDayRange,
  hasPermission,
  PLAN_ACTION_STATUS_LABELS,
  type PlanAction,
  type PlanProgressPoint,
  progressPointLabel,
  progressScaleNote,
} from "@hearth/shared";
import type { ReportPdfEntry, ReportPdfParagraph, ReportPdfSectionSource } from "../reports/report-pdf-sections.js";
import { readPlanGate } from "./action-plans.access.js";
import { listBaselinePlans } from "./action-plans.repo.js";
import { planDetail } from "./action-plans.service.js";

export const ACTION_PLANS_SECTION_HEADING = "Action plans";
const PLANS_PATH = "/dashboard/plans";

/** Where plans are made, as a full address when the app knows its own. */
const plansAddress = (appUrl: string | undefined) => `${(appUrl ?? "").replace(/\/+$/, "")}${PLANS_PATH}`;

function actionLine(action: PlanAction, timeZone: string): string {
  const owner = action.ownerName ?? "No owner";
  const due = action.dueDate ? `due ${formatPlanDay(action.dueDate, timeZone)}` : "no due date";
  return `${action.title} - ${owner}, ${due} - ${PLAN_ACTION_STATUS_LABELS[action.status]}`;
}

function progressLine(point: PlanProgressPoint): string {
  const survey = point.surveyName ? ` (${point.surveyName})` : "";
  const change = describeProgressChange(point);
  return `${progressPointLabel(point)}${survey}: ${describeProgressPoint(point)}${change ? `, ${change}` : ""}`;
}

function planEntry(plan: ActionPlanDetail, timeZone: string): ReportPdfEntry {
  const scope = plan.scope ? `${plan.scope.label}: ${plan.scope.value}` : "Whole company";
  const paragraphs: ReportPdfParagraph[] = [
    { text: plan.title, tone: "title" },
    { text: `Focus: ${plan.focusLabel}` },
    { text: `Owner: ${plan.ownerName ?? "No owner"} - Scope: ${scope} - Status: ${ACTION_PLAN_STATUS_LABELS[plan.status]}` },
    { text: `Runs ${formatPlanDayRange(plan.startDate, plan.endDate, timeZone)}` },
    { text: `Target: ${plan.target ?? "None set"}` },
    { text: `Actions (${plan.actionsDone} of ${plan.actionsTotal} done)`, tone: "label" },
  ];
  if (plan.actions.length === 0) paragraphs.push({ text: "No actions yet.", level: 1, tone: "note" });
  plan.actions.forEach((action, index) => {
    paragraphs.push({ text: `${index + 1}. ${actionLine(action, timeZone)}`, level: 1 });
  });
  paragraphs.push({ text: `Measured progress: ${plan.focusLabel}`, tone: "label" });
  const { progress } = plan;
  if (progress.reason || !progress.baseline) {
    paragraphs.push({ text: progress.reason ?? "Not available.", level: 1, tone: "note" });
  } else {
    paragraphs.push({ text: progressScaleNote(plan.scope), level: 1, tone: "note" });
    for (const point of [progress.baseline, ...progress.checkins]) paragraphs.push({ text: progressLine(point), level: 1 });
  }
  return { paragraphs };
}

export const actionPlansReportSection: ReportPdfSectionSource = async (ctx, actor, { surveyId, filters }) => {
  if (!hasPermission(actor, "action-plans")) return null;
  const { db } = ctx.database;
  const gate = await readPlanGate(db, actor);
  if (!gate) return null;
  const rows = await listBaselinePlans(db, actor.tenantId, surveyId, gate.manager ? null : actor.userId);
  if (rows.length === 0) {
    const sentence = gate.manager
      ? `No action plan answers this survey yet: create one at ${plansAddress(ctx.env.APP_URL)} with this survey as its baseline.`
      : `No action plan you own or hold an action of answers this survey; your plans are at ${plansAddress(ctx.env.APP_URL)}.`;
    return { heading: ACTION_PLANS_SECTION_HEADING, entries: [{ paragraphs: [{ text: sentence }] }] };
  }
  // One plan after the other: each reads its surveys' published state, and the machine is shared.
  const entries: ReportPdfEntry[] = [];
  if (filters.length > 0) {
    entries.push({
      paragraphs: [{ text: "Each plan's progress is read for the plan's own group, not narrowed by this report's filters.", tone: "note" }],
    });
  }
  for (const row of rows) entries.push(planEntry(await planDetail(ctx, gate, actor, row), gate.timeZone));
  return { heading: ACTION_PLANS_SECTION_HEADING, entries };
};
