/** Guided tours' progress per user (docs/decisions/0049): a user's own rows, read and written by their user id. */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tourProgress } from "../../db/schema-tutorials.js";

export async function listTourProgress(db: Database, userId: string): Promise<{ tour: string; state: string; updatedAt: Date }[]> {
  return db
    .select({ tour: tourProgress.tour, state: tourProgress.state, updatedAt: tourProgress.updatedAt })
    .from(tourProgress)
    .where(eq(tourProgress.userId, userId))
    .orderBy(tourProgress.tour);
}

export async function upsertTourProgress(db: Database, userId: string, tour: string, state: string, now: Date): Promise<void> {
  await db
    .insert(tourProgress)
    .values({ userId, tour, state, updatedAt: now })
    .onConflictDoUpdate({ target: [tourProgress.userId, tourProgress.tour], set: { state, updatedAt: now } });
}
