import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../db/client.js";
import { AppError } from "./errors.js";

export interface RateLimitRule {
  /** What is counted, e.g. "sign-in:email:alice@example.com". */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so every app instance behind a load balancer shares them.
 * One statement per check: insert the window's row or add one to it.
 */
export class RateLimiter {
  private checks = 0;

  constructor(private readonly db: Database) {}

  async consume(rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStartSeconds = nowSeconds - (nowSeconds % rule.windowSeconds);
    const windowStart = new Date(windowStartSeconds * 1000);
    const result = await this.db.execute(sql`
      insert into rate_limit_counter (key, window_start, count)
      values (${rule.key}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start) do update set count = rate_limit_counter.count + 1
      returning count`);
    const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 1);
    this.checks += 1;
    if (this.checks % 500 === 0) void this.prune();
    return {
      allowed: count <= rule.limit,
      retryAfterSeconds: Math.max(1, windowStartSeconds + rule.windowSeconds - nowSeconds),
    };
  }

  /** Throws a 429 when any rule is over its limit. Every rule is counted, so a blocked caller stays blocked. */
  async enforce(rules: RateLimitRule[]): Promise<void> {
    let retryAfter = 0;
    for (const rule of rules) {
      const outcome = await this.consume(rule);
      if (!outcome.allowed) retryAfter = Math.max(retryAfter, outcome.retryAfterSeconds);
    }
    if (retryAfter > 0) {
      throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a moment and try again.", {
        message: `rate limited for ${retryAfter}s`,
        fields: { retryAfterSeconds: String(retryAfter) },
      });
    }
  }

  private async prune(): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_counter where window_start < now() - interval '1 day'`).catch(() => undefined);
  }
}
