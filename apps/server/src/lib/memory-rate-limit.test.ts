import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "./memory-rate-limit.js";

describe("in-memory rate limiter", () => {
  it("allows the limit per window and key, then refuses until the next window", () => {
    const limiter = new MemoryRateLimiter(3, 60_000);
    const start = 1_800_000_000_000;
    for (let i = 0; i < 3; i += 1) limiter.enforce("1.2.3.4", start + i);
    expect(() => limiter.enforce("1.2.3.4", start + 10)).toThrow(/Too many attempts/);
    expect(() => limiter.enforce("5.6.7.8", start + 10)).not.toThrow();
    expect(() => limiter.enforce("1.2.3.4", start + 60_000)).not.toThrow();
  });
});
