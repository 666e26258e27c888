/**
 * The demo company's order (issue 25 item 8): its Gold plan reaches it the way a customer's does, through an order for
 * a year of Gold at the price for its size, paid by bank transfer a few days after it was placed. The payment goes
 * through the one path every payment takes (applyOrderPayment), which activates the plan's deal with the order number
 * as its deal id; Billing lists the order and its invoice PDF.
 */
import { planPrice } from "@hearth/shared";
import type { Database } from "../db/client.js";
import { insertOrder, nextOrderSequence } from "../modules/orders/orders.repo.js";
import { applyOrderPayment, formatOrderNumber, orderDueAt } from "../modules/orders/orders.service.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The order was placed this many days before the seed runs, and paid this many days after it was placed. */
export const DEMO_ORDER_AGE_DAYS = 45;
export const DEMO_ORDER_PAID_AFTER_DAYS = 6;

export async function seedDemoOrder(
  db: Database,
  tenantId: string,
  by: { adminId: string; internalId: string },
  now = new Date(),
): Promise<string> {
  const price = planPrice("Gold", "Medium", "yearly");
  if (price === null) throw new Error("Gold has no yearly price for a Medium company");
  const orderedAt = new Date(now.getTime() - DEMO_ORDER_AGE_DAYS * DAY_MS);
  const paidAt = new Date(orderedAt.getTime() + DEMO_ORDER_PAID_AFTER_DAYS * DAY_MS);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const sequence = await nextOrderSequence(tx);
    const number = formatOrderNumber(sequence, orderedAt);
    const stored = await insertOrder(
      tx,
      tenantId,
      {
        number,
        status: "awaiting_payment",
        currency: "usd",
        subtotal: price.cents,
        total: price.cents,
        billingCycle: "yearly",
        createdBy: by.adminId,
        createdAt: orderedAt,
        dueAt: orderDueAt(orderedAt),
      },
      [
        {
          position: 0,
          kind: "plan",
          name: "Gold",
          plan: "Gold",
          badgeId: null,
          year: null,
          licenceType: null,
          quantity: 1,
          unitPrice: price.cents,
          originalPrice: price.cents,
          isPlanIncluded: false,
        },
      ],
    );
    // Recorded by the operator's internal account, as a bank transfer naming the order.
    await applyOrderPayment(tx, stored.order, { paidAt, reference: `Bank transfer citing ${number}`, recordedBy: by.internalId });
    return number;
  });
}
