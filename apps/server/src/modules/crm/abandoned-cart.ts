import type { CartChoice } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { JobQueue } from "../../jobs/queue.js";
import { listOpenCartRowsChangedBefore } from "../cart/cart.repo.js";
import { storedCart } from "../cart/cart.service.js";
import type { CrmAdapter } from "./crm.adapter.js";
import { type UpdateUserEvent, abandonedCartEventKey } from "./crm.events.js";
import { contactFor, deliverCrmEvent } from "./crm.service.js";

export const ABANDONED_CART_JOB = "crm.abandoned-cart";
export const ABANDONED_CART_SCAN_JOB = "crm.abandoned-cart-scan";
/** A cart left unchanged this long is abandoned (issue 12 item 8: 24 h). */
export const ABANDONED_CART_AFTER_MS = 24 * 60 * 60 * 1000;
/** The name the abandoned-cart update carries (the spec's crmUpdateName). */
export const ABANDONED_CART_UPDATE_NAME = "abandoned_cart";

/** What the CRM needs of a cart. */
export interface CartSnapshot {
  cartId: string;
  tenantId: string;
  userId: string;
  /** When the cart last changed (an item added or removed). */
  updatedAt: Date;
  /** Checked out (or otherwise closed): never abandoned. */
  closed: boolean;
  /** The items' names, as the CRM shows them. */
  items: string[];
}

/** Abandoned: still open, holding at least one item, and unchanged for the whole period (24 h by default). */
export function isCartAbandoned(
  cart: Pick<CartSnapshot, "updatedAt" | "closed" | "items">,
  now: Date,
  afterMs = ABANDONED_CART_AFTER_MS,
): boolean {
  return !cart.closed && cart.items.length > 0 && now.getTime() - cart.updatedAt.getTime() >= afterMs;
}

/** How the CRM names a stored choice: "Gold plan", or the badge's id until badges have names (issue 13). */
function cartItemName(choice: CartChoice): string {
  return choice.kind === "plan" ? `${choice.plan} plan` : choice.badgeId;
}

/**
 * Open carts with items whose last change is at or before `changedBefore`, across companies (a platform scan, like
 * the email outbox sweep), oldest first, at most `limit`. A cart is never closed: checkout empties it (clearCart), and
 * an empty cart is not listed. The update goes to the user who made the last change.
 */
export async function listOpenCartsChangedBefore(db: Database, changedBefore: Date, limit: number): Promise<CartSnapshot[]> {
  const rows = await listOpenCartRowsChangedBefore(db, changedBefore, limit);
  return rows.flatMap((row) => {
    const items = storedCart(row).items.map(cartItemName);
    if (items.length === 0 || !row.updatedBy) return [];
    return [{ cartId: row.id, tenantId: row.tenantId, userId: row.updatedBy, updatedAt: row.updatedAt, closed: false, items }];
  });
}

export type CartLister = (db: Database, changedBefore: Date, limit: number) => Promise<CartSnapshot[]>;

export interface AbandonedCartJob {
  tenantId: string;
  userId: string;
  cartId: string;
  cartUpdatedAt: string;
  items: string[];
}

/**
 * The scheduled scan: one `crm.abandoned-cart` job per abandoned cart state. A cart changed again after its event
 * is a new state (a new key); one left as it was gives the same key, whose event is sent once.
 */
export async function scanAbandonedCarts(
  jobs: JobQueue,
  db: Database,
  now = new Date(),
  listCarts: CartLister = listOpenCartsChangedBefore,
): Promise<number> {
  const candidates = await listCarts(db, new Date(now.getTime() - ABANDONED_CART_AFTER_MS), 1000);
  const abandoned = candidates.filter((cart) => isCartAbandoned(cart, now));
  await jobs.enqueueMany<AbandonedCartJob>(
    ABANDONED_CART_JOB,
    abandoned.map((cart) => ({
      data: {
        tenantId: cart.tenantId,
        userId: cart.userId,
        cartId: cart.cartId,
        cartUpdatedAt: cart.updatedAt.toISOString(),
        items: cart.items,
      },
      singletonKey: abandonedCartEventKey(cart.cartId, cart.updatedAt),
    })),
  );
  if (abandoned.length > 0) jobs.wake(ABANDONED_CART_JOB);
  return abandoned.length;
}

/** The job: the cart's owner gets the update-user event (abandoned_cart_items), sent once per cart state. */
export async function handleAbandonedCart(ctx: AppContext, adapter: CrmAdapter, job: AbandonedCartJob): Promise<void> {
  const contact = await contactFor(ctx.database.db, job.tenantId, job.userId);
  if (!contact) return; // the user or company is gone: nothing to tell the CRM
  const event: UpdateUserEvent = {
    kind: "update-user",
    eventKey: abandonedCartEventKey(job.cartId, new Date(job.cartUpdatedAt)),
    tenantId: job.tenantId,
    userId: job.userId,
    contact,
    contactId: null,
    crmUpdateName: ABANDONED_CART_UPDATE_NAME,
    fields: { abandoned_cart_items: job.items.join("; ") },
  };
  await deliverCrmEvent(ctx.database.db, adapter, event);
}
