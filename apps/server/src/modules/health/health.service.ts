import type { AppContext } from "../../app-context.js";
import { pingDatabase } from "./health.repo.js";

/** Liveness: the process answers and its database does too (an unreachable database answers 503 through lib/errors). */
export async function checkHealth(ctx: AppContext): Promise<{ status: "ok"; database: "pglite" | "postgres" }> {
  await pingDatabase(ctx.database.db);
  return { status: "ok", database: ctx.database.kind };
}
