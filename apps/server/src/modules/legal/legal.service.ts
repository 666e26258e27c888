import { buildOrderForm, describePlanPrice, type OrderForm, type OrderFormSource, toPlan } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { readSeller } from "../billing/seller.service.js";
import { findLatestOrderForForm, findOrderFormRows, findPerson } from "./legal.repo.js";
import { renderOrderFormPdf } from "./order-form-pdf.js";

/**
 * The company's Order Form (spec accounts §2 Legal views, §3, §4): the customer and contact are the company's owner
 * (who registered it and accepted the terms; the signed-in user when the company has no owner), the address and phone
 * are the company's. The plan and fee are what the company ordered (issue 25 item 2, decision 0061): its newest order
 * awaiting payment or paid, at that order's total; with no order, its effective plan at the plan's yearly price for
 * its size (describePlanPrice, the price the plan page and the upgrade dialog show). The seller is the operator's
 * (decision 0060).
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
  const { plan: effectivePlan } = await readEffectivePlan(db, actor.tenantId, today);
  const order = await findLatestOrderForForm(db, actor.tenantId);
  const plan = order?.plan ?? effectivePlan;
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
  const feeCents = order ? order.total : describePlanPrice(toPlan(plan), rows.company.companySize, "yearly").cents;
  const form = buildOrderForm(source, {
    feeCents,
    today,
    seller: await readSeller(ctx, db),
    additionalTerms: order ? `This Order Form covers order ${order.number}; quote that number with your payment.` : undefined,
  });
  return { form, companyName: rows.company.companyName };
}

export async function getOrderFormPdf(ctx: AppContext, actor: Actor): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { form, companyName } = await getOrderForm(ctx, actor);
  const bytes = await renderOrderFormPdf(form, { companyName });
  return { bytes, fileName: "order-form.pdf" };
}
