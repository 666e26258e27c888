/** The dashboard: active surveys with their response rates, the latest LOWI score and progress to certification. */
import {
  canReadSurvey,
  certificationBadgeId,
  certificationNextStep,
  type Dashboard,
  describeCertificationProgress,
  evaluateCertification,
  hasPermission,
  isSurveyOpen,
  sharePercent,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { listIssuedBadges } from "../certifications/certifications.repo.js";
import { readOneLowiSurveyFacts } from "../certifications/certifications.service.js";
import { countResponsesBySurvey } from "../surveys/surveys.repo.js";
import { countInviteesBySurvey, findReportTenant, findTenantHeadcount, listPublishedSurveys } from "../reports/reports.repo.js";
import { getCompanyReport } from "../reports/reports.service.js";

export async function getDashboard(ctx: AppContext, actor: Actor): Promise<Dashboard> {
  const { db } = ctx.database;
  const [surveys, tenant, headcount] = await Promise.all([
    listPublishedSurveys(db, actor.tenantId).then((rows) => rows.filter((row) => canReadSurvey(actor, row))),
    findReportTenant(db, actor.tenantId),
    findTenantHeadcount(db, actor.tenantId),
  ]);
  if (!tenant) throw notFound("Company not found");
  const now = Date.now();
  const ids = surveys.map((survey) => survey.id);
  const [responses, invited] = await Promise.all([
    countResponsesBySurvey(db, actor.tenantId, ids),
    countInviteesBySurvey(db, actor.tenantId, ids),
  ]);
  const activeSurveys = surveys
    .filter((survey) => isSurveyOpen({ archived: false, draft: false, endDate: survey.endDate?.getTime() ?? null }, now))
    .map((survey) => {
      const answered = responses.get(survey.id) ?? 0;
      const sent = invited.get(survey.id) ?? 0;
      return {
        id: survey.id,
        name: survey.name,
        isLowi: survey.isLowi,
        responses: answered,
        invited: sent,
        responseRate: sent > 0 ? sharePercent(answered, sent) : null,
        endDate: survey.endDate?.getTime() ?? null,
      };
    });
  const latest = surveys.find((survey) => survey.isLowi && !survey.isDemo) ?? surveys.find((survey) => survey.isLowi) ?? null;
  let latestLowi: Dashboard["latestLowi"] = null;
  let certification: Dashboard["certification"] = null;
  if (latest) {
    const report = await getCompanyReport(ctx, actor, latest.id, []);
    const answered = responses.get(latest.id) ?? 0;
    latestLowi = report.hidden
      ? { surveyId: latest.id, name: latest.name, responses: answered, hidden: true, love: null, benchmarkYear: null }
      : {
          surveyId: latest.id,
          name: latest.name,
          responses: report.responses,
          hidden: false,
          love: report.love,
          benchmarkYear: report.benchmarkYear,
        };
    const progress = describeCertificationProgress(headcount, answered);
    // Each rule of the certification (docs/decisions/0035) for the survey's year, with the step that comes next.
    const facts =
      progress && latest.endDate
        ? await readOneLowiSurveyFacts(ctx, actor.tenantId, { id: latest.id, endDate: latest.endDate, responses: answered })
        : null;
    if (progress && facts && latest.endDate) {
      const year = latest.endDate.getUTCFullYear();
      const eligibility = evaluateCertification(year, headcount, [facts], now);
      const held = (await listIssuedBadges(db, actor.tenantId)).some((badge) => badge.badgeId === certificationBadgeId(year));
      certification = {
        surveyId: latest.id,
        headcount,
        ...progress,
        year,
        eligible: eligibility.eligible,
        checks: eligibility.checks,
        nextStep: certificationNextStep(eligibility, { held, can: (permission) => hasPermission(actor, permission) }),
      };
    }
  }
  return { companyName: tenant.companyName, activeSurveys, latestLowi, certification };
}
