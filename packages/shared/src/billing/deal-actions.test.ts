import { describe, expect, it } from "vitest";
import { applyDealAction, DEAL_ACTION_REFUSALS, describeDealStatus, offeredDealActions } from "./deal-actions.js";
import { type Deal, isDealActive } from "./deals.js";

const now = new Date("2026-11-24T12:00:00Z");
const recorded: Deal = { isActive: false, activatedDate: null, expiryDate: null, dealId: "crm-1", forceActivate: false, plan: "Gold" };

function applied(deal: Deal, action: Parameters<typeof applyDealAction>[1]): Deal {
  const result = applyDealAction(deal, action, now);
  if (!result.ok) throw new Error(result.message);
  return result.deal;
}

describe("deal actions in the operator console", () => {
  it("activates a recorded deal from now, which then gives its plan", () => {
    const deal = applied(recorded, "activate");
    expect(deal).toMatchObject({ isActive: true, activatedDate: now.toISOString() });
    expect(isDealActive(deal, now)).toBe(true);
    expect(describeDealStatus(deal, now)).toEqual({ active: true, label: "Active" });
  });

  it("refuses to activate a deal with neither a CRM id nor forced activation, and one already active", () => {
    expect(applyDealAction({ ...recorded, dealId: null }, "activate", now)).toEqual({
      ok: false,
      message: DEAL_ACTION_REFUSALS.needsIdOrForce,
    });
    expect(applyDealAction({ ...recorded, dealId: "  " }, "activate", now).ok).toBe(false);
    const active = applied(recorded, "activate");
    expect(applyDealAction(active, "activate", now)).toEqual({ ok: false, message: DEAL_ACTION_REFUSALS.alreadyActive });
  });

  it("renews a deal past its year and clears an expiry that has passed", () => {
    const old: Deal = { ...recorded, isActive: true, activatedDate: "2024-01-01T00:00:00Z", expiryDate: "2025-06-01" };
    expect(describeDealStatus(old, now).label).toBe("Expired");
    const renewed = applied(old, "activate");
    expect(renewed.expiryDate).toBeNull();
    expect(isDealActive(renewed, now)).toBe(true);
    const future: Deal = { ...old, expiryDate: "2027-06-01", activatedDate: "2024-01-01T00:00:00Z" };
    expect(describeDealStatus(future, now).label).toBe("Past its year");
    expect(applied(future, "activate").expiryDate).toBe("2027-06-01");
  });

  it("forces a deal without a CRM id, which then stays active past its year until expired", () => {
    const forced = applied({ ...recorded, dealId: null }, "force");
    expect(forced).toMatchObject({ forceActivate: true, isActive: true, activatedDate: now.toISOString() });
    const twoYearsOn = new Date("2028-12-01T00:00:00Z");
    expect(describeDealStatus(forced, twoYearsOn)).toEqual({ active: true, label: "Active (forced)" });
    expect(applyDealAction(forced, "force", now)).toEqual({ ok: false, message: DEAL_ACTION_REFUSALS.alreadyForced });
    const expired = applyDealAction(forced, "expire", twoYearsOn);
    expect(expired.ok && isDealActive(expired.deal, new Date(twoYearsOn.getTime() + 1))).toBe(false);
  });

  it("keeps an earlier activation date when forcing an activated deal", () => {
    const activated: Deal = { ...recorded, isActive: true, activatedDate: "2026-02-01T00:00:00Z" };
    expect(applied(activated, "force").activatedDate).toBe("2026-02-01T00:00:00Z");
  });

  it("stops forcing: the CRM id and the one-year window decide again", () => {
    const forced: Deal = { ...recorded, dealId: null, isActive: true, activatedDate: "2026-01-01T00:00:00Z", forceActivate: true };
    const unforced = applied(forced, "unforce");
    expect(unforced.forceActivate).toBe(false);
    expect(describeDealStatus(unforced, now).label).toBe("Needs a CRM id or force");
    expect(applyDealAction(unforced, "unforce", now)).toEqual({ ok: false, message: DEAL_ACTION_REFUSALS.notForced });
  });

  it("expires a deal now: it stops giving its plan at once and cannot be expired twice", () => {
    const active = applied(recorded, "activate");
    const expired = applied(active, "expire");
    expect(expired.expiryDate).toBe(now.toISOString());
    const aMomentLater = new Date(now.getTime() + 1);
    expect(isDealActive(expired, aMomentLater)).toBe(false);
    expect(applyDealAction(expired, "expire", aMomentLater)).toEqual({ ok: false, message: DEAL_ACTION_REFUSALS.alreadyExpired });
  });

  it("offers exactly the actions that would apply", () => {
    expect(offeredDealActions(recorded, now)).toEqual(["activate", "force", "expire"]);
    expect(offeredDealActions({ ...recorded, dealId: null }, now)).toEqual(["force", "expire"]);
    const active = applied(recorded, "activate");
    expect(offeredDealActions(active, now)).toEqual(["force", "expire"]);
    expect(offeredDealActions(applied(active, "force"), now)).toEqual(["unforce", "expire"]);
  });
});
