/**
 * What Hearth staff can do to a recorded deal from the operator console (issue 15, decision 0051): activate it, force
 * it, stop forcing it, expire it. Pure: the caller passes `now`; the activity rule itself is `describeDealActivity`.
 */
import { type Deal, type DealInactiveReason, describeDealActivity, isDealExpired } from "./deals.js";

export const DEAL_ACTIONS = ["activate", "force", "unforce", "expire"] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];

export const DEAL_ACTION_LABELS: Record<DealAction, string> = {
  activate: "Activate",
  force: "Force",
  unforce: "Stop forcing",
  expire: "Expire now",
};

/** The toast after each action succeeds. */
export const DEAL_ACTION_DONE: Record<DealAction, string> = {
  activate: "Deal activated",
  force: "Deal forced",
  unforce: "Deal no longer forced",
  expire: "Deal expired",
};

export const DEAL_ACTION_REFUSALS = {
  needsIdOrForce: "A deal needs a CRM deal id, or to be forced, before it can be activated.",
  alreadyActive: "This deal is already active.",
  alreadyForced: "This deal is already forced.",
  notForced: "This deal is not forced.",
  alreadyExpired: "This deal has already expired.",
} as const;

export type DealActionResult = { ok: true; deal: Deal } | { ok: false; message: string };

/**
 * The deal after `action` at `now`, or why the action does not apply.
 * - activate: flags it active from now (a new one-year window) and clears an expiry that has passed; it needs a CRM
 *   deal id or forced activation, without which the rule would keep it inactive.
 * - force: forced activation, flagged active, activated now if it never was, a passed expiry cleared. A forced deal
 *   stays active past its year until it is expired.
 * - unforce: forced activation off; the deal id and the one-year window decide again.
 * - expire: the expiry date becomes now, so the deal stops giving its plan at once. The record stays.
 */
export function applyDealAction(deal: Deal, action: DealAction, now: Date): DealActionResult {
  const at = now.toISOString();
  const expired = isDealExpired(deal, now);
  switch (action) {
    case "activate": {
      const hasId = typeof deal.dealId === "string" && deal.dealId.trim() !== "";
      if (!hasId && !deal.forceActivate) return { ok: false, message: DEAL_ACTION_REFUSALS.needsIdOrForce };
      if (describeDealActivity(deal, now).active) return { ok: false, message: DEAL_ACTION_REFUSALS.alreadyActive };
      return { ok: true, deal: { ...deal, isActive: true, activatedDate: at, expiryDate: expired ? null : deal.expiryDate } };
    }
    case "force": {
      if (deal.forceActivate && deal.isActive && !expired && deal.activatedDate) {
        return { ok: false, message: DEAL_ACTION_REFUSALS.alreadyForced };
      }
      return {
        ok: true,
        deal: {
          ...deal,
          forceActivate: true,
          isActive: true,
          activatedDate: deal.activatedDate ?? at,
          expiryDate: expired ? null : deal.expiryDate,
        },
      };
    }
    case "unforce":
      if (!deal.forceActivate) return { ok: false, message: DEAL_ACTION_REFUSALS.notForced };
      return { ok: true, deal: { ...deal, forceActivate: false } };
    case "expire":
      if (expired) return { ok: false, message: DEAL_ACTION_REFUSALS.alreadyExpired };
      return { ok: true, deal: { ...deal, expiryDate: at } };
  }
}

/** The actions the console offers for a deal at `now`: exactly those `applyDealAction` would carry out. */
export function offeredDealActions(deal: Deal, now: Date): DealAction[] {
  return DEAL_ACTIONS.filter((action) => applyDealAction(deal, action, now).ok);
}

const INACTIVE_LABELS: Record<DealInactiveReason, string> = {
  "not-flagged-active": "Not active",
  "no-activation-date": "Never activated",
  "no-deal-id": "Needs a CRM id or force",
  expired: "Expired",
  "outside-one-year": "Past its year",
};

/** A deal's state in a word or three, for the console's table. */
export function describeDealStatus(deal: Deal, now: Date): { active: boolean; label: string } {
  const activity = describeDealActivity(deal, now);
  if (activity.active) return { active: true, label: activity.reason === "forced" ? "Active (forced)" : "Active" };
  return { active: false, label: INACTIVE_LABELS[activity.reason] };
}
