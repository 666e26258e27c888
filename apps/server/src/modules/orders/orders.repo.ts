import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { billingOrder, billingOrderLine, salesRequest } from "../../db/schema-orders.js";

export type OrderRow = typeof billingOrder.$inferSelect;
export type OrderLineRow = typeof billingOrderLine.$inferSelect;
export type SalesRequestRow = typeof salesRequest.$inferSelect;
export type NewOrder = Omit<typeof billingOrder.$inferInsert, "id" | "tenantId">;
export type NewOrderLine = Omit<typeof billingOrderLine.$inferInsert, "id" | "tenantId" | "orderId">;

/** The next value of the order-number sequence (never reused, even when the transaction rolls back). */
export async function nextOrderSequence(db: Database): Promise<number> {
  const result = await db.execute(sql`select nextval('billing_order_number_seq') as value`);
  const [row] = (result as unknown as { rows: { value: string | number }[] }).rows;
  return Number(row.value);
}

export async function insertOrder(db: Database, tenantId: string, values: NewOrder, lines: readonly NewOrderLine[]) {
  const [order] = await db
    .insert(billingOrder)
    .values({ ...values, tenantId })
    .returning();
  const rows = lines.length
    ? await db
        .insert(billingOrderLine)
        .values(lines.map((line) => ({ ...line, tenantId, orderId: order.id })))
        .returning()
    : [];
  return { order, lines: rows.sort((a, b) => a.position - b.position) };
}

export async function insertSalesRequest(
  db: Database,
  tenantId: string,
  values: { orderId: string | null; items: Record<string, unknown>[]; createdBy: string | null },
): Promise<SalesRequestRow> {
  const [row] = await db
    .insert(salesRequest)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

/** The sales request made by the same checkout as the order, if there was one. */
export async function findSalesRequestForOrder(db: Database, tenantId: string, orderId: string): Promise<SalesRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(salesRequest)
    .where(and(eq(salesRequest.tenantId, tenantId), eq(salesRequest.orderId, orderId)))
    .limit(1);
  return row;
}

export async function findOrder(db: Database, tenantId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(billingOrder)
    .where(and(eq(billingOrder.tenantId, tenantId), eq(billingOrder.id, orderId)));
  return row;
}

/** For internal accounts, who act on any company's order: the order's tenant comes from the row. */
export async function findOrderTenantId(db: Database, orderId: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: billingOrder.tenantId }).from(billingOrder).where(eq(billingOrder.id, orderId));
  return row?.tenantId ?? null;
}

/** Locks the order row for a status change (payment or cancellation happen once). */
export async function lockOrder(db: Database, tenantId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(billingOrder)
    .where(and(eq(billingOrder.tenantId, tenantId), eq(billingOrder.id, orderId)))
    .for("update");
  return row;
}

export async function listOrderLines(db: Database, tenantId: string, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(billingOrderLine)
    .where(and(eq(billingOrderLine.tenantId, tenantId), eq(billingOrderLine.orderId, orderId)))
    .orderBy(asc(billingOrderLine.position));
}

export async function countOrders(db: Database, tenantId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(billingOrder).where(eq(billingOrder.tenantId, tenantId));
  return Number(row?.value ?? 0);
}

export async function listOrders(db: Database, tenantId: string, offset: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(billingOrder)
    .where(eq(billingOrder.tenantId, tenantId))
    .orderBy(desc(billingOrder.createdAt), desc(billingOrder.number))
    .offset(offset)
    .limit(limit);
}

export async function updateOrder(
  db: Database,
  tenantId: string,
  orderId: string,
  values: Partial<Pick<OrderRow, "status" | "paidAt" | "paymentReference" | "recordedBy" | "cancelledAt">>,
): Promise<OrderRow> {
  const [row] = await db
    .update(billingOrder)
    .set(values)
    .where(and(eq(billingOrder.tenantId, tenantId), eq(billingOrder.id, orderId)))
    .returning();
  return row;
}

export async function countSalesRequests(db: Database, tenantId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(salesRequest).where(eq(salesRequest.tenantId, tenantId));
  return Number(row?.value ?? 0);
}
