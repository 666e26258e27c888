import { describe, expect, it } from "vitest";
import {
  dailySendingAllowance,
  ESTABLISHED_AFTER_DAYS,
  operatorSendingAllowanceInputSchema,
  SENDING_ALLOWANCE_PER_DAY,
  sendingAllowanceReachedMessage,
  sendingAllowanceTier,
  sendingDay,
  sendingDayResetsAt,
} from "./sending-allowance.js";

const DAY = 86_400_000;
const NOW = Date.parse("2026-12-02T01:30:00.000Z");

describe("the sending allowance", () => {
  it("grows with the company's age and with payment; an operator's figure replaces the tier's", () => {
    const young = { companyCreatedAt: NOW - DAY, hasPaid: false, operatorLimit: null };
    expect(sendingAllowanceTier(young, NOW)).toBe("new");
    expect(dailySendingAllowance(young, NOW)).toBe(SENDING_ALLOWANCE_PER_DAY.new);
    const old = { ...young, companyCreatedAt: NOW - ESTABLISHED_AFTER_DAYS * DAY };
    expect(sendingAllowanceTier(old, NOW)).toBe("established");
    expect(sendingAllowanceTier({ ...young, hasPaid: true }, NOW)).toBe("paying");
    expect(SENDING_ALLOWANCE_PER_DAY.new).toBeLessThan(SENDING_ALLOWANCE_PER_DAY.established);
    expect(SENDING_ALLOWANCE_PER_DAY.established).toBeLessThan(SENDING_ALLOWANCE_PER_DAY.paying);
    expect(dailySendingAllowance({ ...young, operatorLimit: 5_000 }, NOW)).toBe(5_000);
    expect(dailySendingAllowance({ ...young, hasPaid: true, operatorLimit: 0 }, NOW)).toBe(0);
  });

  it("counts by UTC day and resets at the next 00:00 UTC", () => {
    expect(sendingDay(NOW)).toBe("2026-12-02");
    expect(new Date(sendingDayResetsAt(NOW)).toISOString()).toBe("2026-12-03T00:00:00.000Z");
    expect(sendingDay(Date.parse("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31");
    expect(new Date(sendingDayResetsAt(Date.parse("2026-12-31T23:59:59.999Z"))).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("says how many are left and when the allowance resets", () => {
    const message = sendingAllowanceReachedMessage({
      asked: 1_500,
      remaining: 1,
      limit: 300,
      resetsAt: sendingDayResetsAt(NOW),
      day: "2026-12-02",
    });
    expect(message).toContain(
      "This would send 1,500 emails, but your company can send 300 emails a day and 1 email is left for 2026-12-02 (UTC).",
    );
    expect(message).toContain("resets at 2026-12-03 00:00 UTC");
    expect(
      sendingAllowanceReachedMessage({ asked: 2, remaining: 0, limit: 6, resetsAt: sendingDayResetsAt(NOW), day: "2026-12-02" }),
    ).toContain("none are left");
  });

  it("takes an operator's whole number from 0 to 1,000,000 or null, with a reason", () => {
    expect(operatorSendingAllowanceInputSchema.safeParse({ dailyLimit: 0, reason: "abuse" }).success).toBe(true);
    expect(operatorSendingAllowanceInputSchema.safeParse({ dailyLimit: null, reason: "back" }).success).toBe(true);
    for (const dailyLimit of [-1, 2.5, 1_000_001, "10"]) {
      expect(operatorSendingAllowanceInputSchema.safeParse({ dailyLimit, reason: "r" }).success).toBe(false);
    }
    expect(operatorSendingAllowanceInputSchema.safeParse({ dailyLimit: 10, reason: "  " }).success).toBe(false);
  });
});
