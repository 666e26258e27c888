/** Saved comment filters per member and survey (spec: selectedFilters). */
import { type SelectedFilters, type SelectedFiltersResponse, selectedFiltersSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { surveyFieldsOf } from "../team/team-cohorts.service.js";
import { readSelectedFilters, writeSelectedFilters } from "./comments.repo.js";

export async function getSelectedFilters(ctx: AppContext, actor: Actor, surveyId: string): Promise<SelectedFiltersResponse> {
  await surveyFieldsOf(ctx, actor, surveyId);
  const all = await readSelectedFilters(ctx.database.db, actor.tenantId, actor.userId);
  const parsed = selectedFiltersSchema.safeParse(all[surveyId]);
  return { surveyId, filters: parsed.success ? parsed.data : null };
}

export async function putSelectedFilters(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  filters: SelectedFilters,
): Promise<SelectedFiltersResponse> {
  await surveyFieldsOf(ctx, actor, surveyId);
  await writeSelectedFilters(ctx.database.db, actor.tenantId, actor.userId, surveyId, filters);
  return { surveyId, filters };
}
