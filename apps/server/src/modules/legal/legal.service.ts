import { agreementPrice, buildOrderForm, type OrderForm, type OrderFormSource, toPlan } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { findOrderFormRows, findPerson } from "./legal.repo.js";
import { renderOrderFormPdf } from "./order-form-pdf.js";

/**
 * The company's Order Form (spec accounts §2 Legal views, §3, §4): the customer and contact are the company's owner
 * (who registered it and accepted the terms; the signed-in user when the company has no owner), the address and phone
 * are the company's, the plan is the company's effective plan, and the fee is the agreement's price for that plan (decision 0029).
 */
export async function getOrderForm(
  ctx: AppContext,
  actor: Actor,
  today = new Date(),
): Promise<{ form: OrderForm; companyName: string | null }> {
  const { db } = ctx.database;
  const rows = await findOrderFormRows(db, actor.tenantId);
  if (!rows) throw notFound("Company not found");
  const person = rows.owner ?? (await findPerson(db, actor.tenantId, actor.userId));
  // The plan the company is on: the effective plan of its deals (decision 0027), as every other plan check reads it.
  const { plan } = await readEffectivePlan(db, actor.tenantId, today);
  const source: OrderFormSource = {
    firstName: person?.firstName ?? null,
    lastName: person?.lastName ?? null,
    phone: person?.phone ?? null,
    companyAddress: rows.company.address,
    companyPhone: rows.company.phone,
    email: person?.email ?? null,
    plan,
    termsAndConditionsAcceptDate: person?.termsAndConditionsAcceptDate ?? null,
  };
  const form = buildOrderForm(source, { feeCents: agreementPrice(toPlan(plan)), today });
  return { form, companyName: rows.company.companyName };
}

export async function getOrderFormPdf(ctx: AppContext, actor: Actor): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { form, companyName } = await getOrderForm(ctx, actor);
  const bytes = await renderOrderFormPdf(form, { companyName });
  return { bytes, fileName: "order-form.pdf" };
}
