import type { SurveyField } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { type SurveyBrandRow, type SurveyRow, findSurveyForRespondent } from "./surveys.repo.js";

export const RESPONDENT_CACHE_TTL_MS = 5_000;

type CachedSurvey = Pick<
  SurveyRow,
  "id" | "tenantId" | "name" | "description" | "isDemo" | "archived" | "draft" | "endDate" | "metaFields"
> & {
  fields: SurveyField[];
  brand: SurveyBrandRow;
};

/**
 * The survey as respondents need it, kept in memory for a few seconds: the public page and every response read it,
 * and the question list is the largest thing they would otherwise fetch per request. Edits in this process clear
 * the entry at once; another instance's edit is seen within the TTL.
 */
export class RespondentSurveyCache {
  private readonly entries = new Map<string, { survey: CachedSurvey | null; expires: number }>();

  constructor(private readonly ctx: AppContext) {}

  async get(surveyId: string): Promise<CachedSurvey | null> {
    const now = Date.now();
    const hit = this.entries.get(surveyId);
    if (hit && hit.expires > now) return hit.survey;
    const row = await findSurveyForRespondent(this.ctx.database.db, surveyId);
    const survey: CachedSurvey | null = row
      ? {
          id: row.id,
          tenantId: row.tenantId,
          name: row.name,
          description: row.description,
          isDemo: row.isDemo,
          archived: row.archived,
          draft: row.draft,
          endDate: row.endDate,
          metaFields: row.metaFields,
          fields: row.fields as SurveyField[],
          brand: row.brand,
        }
      : null;
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(surveyId, { survey, expires: now + RESPONDENT_CACHE_TTL_MS });
    return survey;
  }

  invalidate(surveyId: string): void {
    this.entries.delete(surveyId);
  }
}

const caches = new WeakMap<AppContext, RespondentSurveyCache>();

export function respondentSurveys(ctx: AppContext): RespondentSurveyCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new RespondentSurveyCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}
