import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { stripeCustomer, stripeEvent } from "../../db/schema-stripe.js";

export type StripeEventRow = typeof stripeEvent.$inferSelect;

export async function findStripeCustomerId(db: Database, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: stripeCustomer.customerId })
    .from(stripeCustomer)
    .where(eq(stripeCustomer.tenantId, tenantId));
  return row?.customerId ?? null;
}

/**
 * Stores the company's Stripe customer unless one is stored already (two checkouts at once); returns the one stored,
 * which every later checkout and the portal use.
 */
export async function saveStripeCustomerId(db: Database, tenantId: string, customerId: string): Promise<string> {
  await db.insert(stripeCustomer).values({ tenantId, customerId }).onConflictDoNothing({ target: stripeCustomer.tenantId });
  return (await findStripeCustomerId(db, tenantId)) ?? customerId;
}

/**
 * Claims a webhook event by Stripe's id, first thing in the transaction that applies it. False when it was claimed
 * before: a repeated delivery, which then changes nothing (a concurrent one waits here until the first commits). Keyed
 * by Stripe's event id, not a company: the company is only known from the event's content.
 */
export async function claimStripeEvent(db: Database, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeEvent)
    .values({ eventId, type, outcome: "received" })
    .onConflictDoNothing({ target: stripeEvent.eventId })
    .returning({ eventId: stripeEvent.eventId });
  return rows.length > 0;
}

/** What the claimed event did, and the company and order it named when they were found. */
export async function recordStripeEventOutcome(
  db: Database,
  eventId: string,
  values: { outcome: string; tenantId: string | null; orderId: string | null },
): Promise<void> {
  await db.update(stripeEvent).set(values).where(eq(stripeEvent.eventId, eventId));
}

/** For tests and the operator: the stored record of an event. */
export async function findStripeEvent(db: Database, eventId: string): Promise<StripeEventRow | undefined> {
  const [row] = await db.select().from(stripeEvent).where(eq(stripeEvent.eventId, eventId));
  return row;
}
