import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tenant, user } from "../../db/schema.js";

export interface OrderFormRows {
  company: { companyName: string | null; address: string | null; phone: string | null; ownerUserId: string | null };
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
