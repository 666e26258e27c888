import { AppError } from "./errors.js";

/**
 * A per-process fixed-window limiter for hot public endpoints (survey responses), where a database write per request
 * would cost as much as the work itself. Each instance enforces the limit on its own traffic.
 */
export class MemoryRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  enforce(key: string, now = Date.now()): void {
    const start = now - (now % this.windowMs);
    const current = this.windows.get(key);
    if (!current || current.start !== start) {
      if (this.windows.size > 50_000) this.prune(start);
      this.windows.set(key, { start, count: 1 });
      return;
    }
    current.count += 1;
    if (current.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
      throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a moment and try again.", {
        fields: { retryAfterSeconds: String(retryAfter) },
      });
    }
  }

  private prune(currentStart: number): void {
    for (const [key, window] of this.windows) if (window.start !== currentStart) this.windows.delete(key);
  }
}
