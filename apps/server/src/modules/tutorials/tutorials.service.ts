import type { TourId, TourProgress, TourState } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { listTourProgress, upsertTourProgress } from "./tutorials.repo.js";

/** The guided tours the signed-in user has finished or dismissed. */
export async function readTourProgress(ctx: AppContext, actor: Actor): Promise<TourProgress> {
  const rows = await listTourProgress(ctx.database.db, actor.userId);
  return {
    tours: rows.map((row) => ({ tour: row.tour as TourId, state: row.state as TourState, updatedAt: row.updatedAt.toISOString() })),
  };
}

/** Records how the signed-in user left a guided tour. */
export async function saveTourProgress(ctx: AppContext, actor: Actor, tour: TourId, state: TourState): Promise<{ ok: true }> {
  await upsertTourProgress(ctx.database.db, actor.userId, tour, state, new Date());
  return { ok: true };
}
