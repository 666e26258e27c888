/**
 * What a respondent's page reads (GET /api/public/surveys/:id and its logo): the survey's questions, how long it takes
 * (computed from them, decision 0064) and the company's brand (decision 0065). Nothing here names a respondent.
 */
import { buildPublicFields, describeSurveyStatus, estimateSurveyDuration, readableAccent } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { notFound } from "../../lib/errors.js";
import { getCompanyLogo } from "../company/company.service.js";
import { logoRendition } from "./logo-rendition.js";
import { respondentSurveys } from "./respondent-survey-cache.js";
import type { SurveyBrandRow } from "./surveys.repo.js";

/** The path of a survey's logo, versioned by the logo's last change so it can be cached for long; null without a logo. */
export function surveyLogoPath(surveyId: string, brand: Pick<SurveyBrandRow, "logoContentType" | "logoUpdatedAt">): string | null {
  if (!brand.logoContentType) return null;
  return `/api/public/surveys/${encodeURIComponent(surveyId)}/logo?v=${brand.logoUpdatedAt?.getTime() ?? 0}`;
}

export function describeSurveyBrand(surveyId: string, brand: SurveyBrandRow) {
  return {
    name: brand.companyName?.trim() || null,
    logoUrl: surveyLogoPath(surveyId, brand),
    // null: the page keeps Hearth's own colours
    accentColor: brand.accentColor ? readableAccent(brand.accentColor) : null,
  };
}

export async function getPublicSurvey(ctx: AppContext, surveyId: string) {
  const row = await respondentSurveys(ctx).get(surveyId);
  if (!row) throw notFound("This survey does not exist.");
  const status = describeSurveyStatus({ archived: row.archived, draft: row.draft, endDate: row.endDate?.getTime() ?? null }, Date.now());
  const open = status === "Active";
  const fields = open ? buildPublicFields(row.fields, row.metaFields) : [];
  const duration = fields.length > 0 ? estimateSurveyDuration(fields) : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isDemo: row.isDemo,
    status,
    fields,
    company: describeSurveyBrand(row.id, row.brand),
    duration: duration && { minMinutes: duration.minMinutes, maxMinutes: duration.maxMinutes, label: duration.label },
  };
}

/**
 * The logo of the survey's company, for its pages and the emails about it: the company's uploaded logo (only PNG or
 * JPEG, checked on upload by their content), drawn small as a PNG when it is large (logo-rendition.ts); never an SVG.
 */
export async function readPublicSurveyLogo(ctx: AppContext, surveyId: string): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await respondentSurveys(ctx).get(surveyId);
  if (!row?.brand.logoContentType) throw notFound("This survey has no logo.");
  const version = row.brand.logoUpdatedAt?.getTime() ?? 0;
  return logoRendition(`${row.tenantId}:${version}`, () => getCompanyLogo(ctx.database.db, row.tenantId));
}
