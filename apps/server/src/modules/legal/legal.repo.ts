import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tenant, user } from "../../db/schema.js";
import { billingOrder, billingOrderLine } from "../../db/schema-orders.js";

export interface OrderFormRows {
  company: {
    companyName: string | null;
    address: string | null;
    phone: string | null;
    ownerUserId: string | null;
    companySize: string | null;
  };
  /** The company's owner (the user who registered it and accepted the terms), when there is one. */
  owner: OrderFormPerson | null;
}

export interface OrderFormPerson {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string;
  termsAndConditionsAcceptDate: Date | null;
}

const personColumns = {
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
  email: user.email,
  termsAndConditionsAcceptDate: user.termsAndConditionsAcceptDate,
};

/** The company row and its owner's order form fields; both read within the tenant. */
export async function findOrderFormRows(db: Database, tenantId: string): Promise<OrderFormRows | null> {
  const [company] = await db
    .select({
      companyName: tenant.companyName,
      address: tenant.address,
      phone: tenant.phone,
      ownerUserId: tenant.ownerUserId,
      companySize: tenant.companySize,
    })
    .from(tenant)
    .where(eq(tenant.id, tenantId));
  if (!company) return null;
  const owner = company.ownerUserId ? await findPerson(db, tenantId, company.ownerUserId) : null;
  return { company, owner };
}

/** One user of the tenant (null when the id belongs to no user of this tenant). */
export async function findPerson(db: Database, tenantId: string, userId: string): Promise<OrderFormPerson | null> {
  const [row] = await db
    .select(personColumns)
    .from(user)
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId)));
  return row ?? null;
}

/** The order an order form states: the company's newest order awaiting payment or paid, with the plan it sold. */
export interface OrderFormOrder {
  number: string;
  total: number;
  createdAt: Date;
  plan: string | null;
}

export async function findLatestOrderForForm(db: Database, tenantId: string): Promise<OrderFormOrder | null> {
  const [order] = await db
    .select({ id: billingOrder.id, number: billingOrder.number, total: billingOrder.total, createdAt: billingOrder.createdAt })
    .from(billingOrder)
    .where(and(eq(billingOrder.tenantId, tenantId), inArray(billingOrder.status, ["awaiting_payment", "paid"])))
    .orderBy(desc(billingOrder.createdAt), desc(billingOrder.number))
    .limit(1);
  if (!order) return null;
  const [line] = await db
    .select({ plan: billingOrderLine.plan })
    .from(billingOrderLine)
    .where(and(eq(billingOrderLine.tenantId, tenantId), eq(billingOrderLine.orderId, order.id), eq(billingOrderLine.kind, "plan")))
    .limit(1);
  return { number: order.number, total: order.total, createdAt: order.createdAt, plan: line?.plan ?? null };
}
