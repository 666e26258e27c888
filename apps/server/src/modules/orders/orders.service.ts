/**
 * Checkout and orders (issue 12 item 6, docs/decisions/0032): the server prices the choices itself (planCheckout),
 * stores the order with its payable lines and a sales request for the lines that need the sales team, in one
 * transaction; an internal account records the payment, which activates the ordered plan as a deal.
 */
import {
  type Cart,
  type CartChoice,
  type CartContext,
  type CheckoutRequest,
  type OrderDetailResponse,
  type OrderResponse,
  PAYMENT_DUE_DAYS,
  type PricedCartLine,
  type RecordPaymentInput,
  addCartItem,
  BILLING_CYCLE_LABELS,
  computePageWindow,
  describeLicenceType,
  isSellerPayable,
  paymentReferenceFor,
  describePageWindow,
  planCheckout,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { insertDeal } from "../billing/billing.repo.js";
import { lockTenantForLicences } from "../billing/licences.repo.js";
import { readSeller } from "../billing/seller.service.js";
import { buildCartContext, issueOrderBadges, readLowiSurveyFacts } from "../certifications/certifications.service.js";
import { findTenant, updateTenant } from "../company/company.repo.js";
import { CRM_EVENT_JOB, contactFor, enqueueCrmEvents } from "../crm/crm.service.js";
import type { UpdateUserEvent } from "../crm/crm.events.js";
import { openStripeCheckout } from "../stripe/stripe.checkout.js";
import { renderInvoicePdf } from "./invoice-pdf.js";
import {
  type OrderLineRow,
  type OrderRow,
  type SalesRequestRow,
  countOrders,
  findOrder,
  findOrderTenantId,
  findSalesRequestForOrder,
  insertOrder,
  insertSalesRequest,
  listOrderLines,
  listOrders,
  lockOrder,
  nextOrderSequence,
  updateOrder,
} from "./orders.repo.js";

export const ORDER_NUMBER_PREFIX = "HRT";
export const ORDERS_PAGE_SIZE = 25;
/** How an order with nothing to pay is settled at checkout: its payment reference and who recorded it. */
export const INCLUDED_IN_PLAN_REFERENCE = "Included in the plan";
export const INCLUDED_IN_PLAN_RECORDED_BY = "plan";
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far in the future a recorded payment time may be (clock skew between the operator and the server). */
const PAYMENT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** HRT-<year of the order>-<sequence, 6 digits or more>, e.g. HRT-2026-000123. */
export function formatOrderNumber(sequence: number, at: Date): string {
  return `${ORDER_NUMBER_PREFIX}-${at.getUTCFullYear()}-${String(sequence).padStart(6, "0")}`;
}

/** The due date: the order's date plus the agreement's payment days (accounts §9). */
export const orderDueAt = (createdAt: Date) => new Date(createdAt.getTime() + PAYMENT_DUE_DAYS * DAY_MS);

/**
 * Runs inside the checkout transaction after the order is stored, with the company's id: the cart module adds
 * `clearCart` here so a successful checkout closes the cart (spec surveys §7: "success closes the cart") without the
 * orders slice depending on the cart's storage.
 */
export type CheckoutCompletedHook = (tx: Database, tenantId: string) => Promise<void>;
export const checkoutCompletedHooks: CheckoutCompletedHook[] = [];

export function toOrderResponse(row: OrderRow, lines: readonly OrderLineRow[]): OrderResponse {
  return {
    id: row.id,
    number: row.number,
    status: row.status as OrderResponse["status"],
    currency: "usd",
    subtotal: row.subtotal,
    total: row.total,
    billingCycle: row.billingCycle as OrderResponse["billingCycle"],
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentReference: row.paymentReference,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    lines: lines.map((line) => ({
      position: line.position,
      kind: line.kind as "plan" | "badge",
      name: line.name,
      plan: line.plan,
      badgeId: line.badgeId,
      year: line.year,
      licenceType: line.licenceType,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      originalPrice: line.originalPrice,
      isPlanIncluded: line.isPlanIncluded,
    })),
  };
}

function salesItem(line: PricedCartLine) {
  return {
    kind: line.kind,
    name: line.name,
    badgeId: line.badgeId,
    year: line.year,
    licenceType: line.licenceType,
    price: line.originalPrice,
    message: line.message,
  };
}

function toSalesRequestResponse(row: SalesRequestRow) {
  return { id: row.id, items: row.items as ReturnType<typeof salesItem>[], createdAt: row.createdAt.toISOString() };
}

const REFUSAL_MESSAGES: Record<string, string> = {
  "invalid-item": "This item cannot be bought.",
  "invalid-quantity": "The quantity must be 1.",
  "unknown-item": "This item is not on offer.",
  "unknown-licence-type": "Unknown licence type.",
  "plan-not-offered": "Choose a plan above the company's current plan.",
  "already-certified": "This badge is already certified.",
  "already-requested": "This badge is already requested.",
  "already-in-cart": "This item is listed twice.",
  "cart-full": "Too many items.",
};

/** The choices as a cart, refusing (400, naming each item) anything the cart itself would refuse. */
function cartFromChoices(choices: CheckoutRequest["certifications"], context: CartContext): Cart {
  let cart: Cart = { items: [] };
  const fields: Record<string, string> = {};
  choices.forEach((choice, index) => {
    if (choice.kind === "plan" && cart.items.some((item) => item.kind === "plan")) {
      fields[`certifications.${index}`] = "Only one plan per order.";
      return;
    }
    const added = addCartItem(cart, choice satisfies Partial<CartChoice>, context);
    if (added.ok) cart = added.cart;
    else fields[`certifications.${index}`] = REFUSAL_MESSAGES[added.reason] ?? "This item cannot be bought.";
  });
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION_FAILED", "Some items cannot be bought.", { fields });
  return cart;
}

function salesRequestEvent(actorTenantId: string, actorUserId: string, request: SalesRequestRow, contact: UpdateUserEvent["contact"]) {
  const names = (request.items as { name: string; year: number | null }[]).map((item) =>
    item.year ? `${item.name} ${item.year}` : item.name,
  );
  const event: UpdateUserEvent = {
    kind: "update-user",
    eventKey: `sales-request:${request.id}`,
    tenantId: actorTenantId,
    userId: actorUserId,
    contact,
    contactId: null,
    crmUpdateName: "sales_request",
    fields: { abandoned_cart_items: names.join("; ") },
  };
  return event;
}

/** `POST /api/certifications/aquire`. */
export async function checkout(ctx: AppContext, actor: Actor, input: CheckoutRequest, now = new Date()) {
  // The company named must be the caller's own: any other is answered as if it did not exist.
  if (input.companyId !== actor.tenantId) throw notFound("Company not found");
  const { db } = ctx.database;
  // The survey facts are read first, outside the lock: they do not depend on licences and are the slow part.
  const lowi = await readLowiSurveyFacts(ctx, actor.tenantId, now);
  const contact = await contactFor(db, actor.tenantId, actor.userId);
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // One company's checkouts one after the other (decision 0055): its licences are counted and taken under the
    // company row's lock, so two checkouts can never both be given the last licence. Other companies do not wait.
    await lockTenantForLicences(tx, actor.tenantId);
    const context = await buildCartContext(tx, actor.tenantId, input.billingCycle, lowi, now);
    const cart = cartFromChoices(input.certifications, context);
    const plan = planCheckout(cart, context);
    if (plan.purchased.length === 0) {
      throw new AppError("VALIDATION_FAILED", "Nothing in this checkout can be paid for: the items need our sales team.", {
        fields: {
          certifications: "Nothing in this checkout can be paid for: keep the items in the cart to get in touch with our sales team.",
        },
      });
    }
    const sequence = await nextOrderSequence(tx);
    const subtotal = plan.purchased.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const stored = await insertOrder(
      tx,
      actor.tenantId,
      {
        number: formatOrderNumber(sequence, now),
        status: "awaiting_payment",
        currency: "usd",
        subtotal,
        total: plan.amount,
        billingCycle: input.billingCycle,
        createdBy: actor.userId,
        createdAt: now,
        dueAt: orderDueAt(now),
      },
      plan.purchased.map((line, position) => ({
        position,
        kind: line.kind,
        name: line.name,
        plan: line.plan,
        badgeId: line.badgeId,
        year: line.year,
        licenceType: line.licenceType,
        quantity: line.quantity,
        unitPrice: line.price,
        originalPrice: line.originalPrice,
        isPlanIncluded: line.isPlanIncluded,
      })),
    );
    let salesRequest: SalesRequestRow | null = null;
    if (plan.kept.length > 0) {
      salesRequest = await insertSalesRequest(tx, actor.tenantId, {
        orderId: stored.order.id,
        items: plan.kept.map(salesItem),
        createdBy: actor.userId,
      });
      if (contact) await enqueueCrmEvents(ctx.jobs, [salesRequestEvent(actor.tenantId, actor.userId, salesRequest, contact)], tx);
    }
    for (const hook of checkoutCompletedHooks) await hook(tx, actor.tenantId);
    // Nothing to pay (only badges the plan includes): the order is settled at once and its badges are issued, so the
    // plan's included certifications are Certified without waiting for a payment of $0 (issue 13 item 2).
    const settled =
      stored.order.total === 0
        ? await applyOrderPayment(tx, stored.order, {
            paidAt: now,
            reference: INCLUDED_IN_PLAN_REFERENCE,
            recordedBy: INCLUDED_IN_PLAN_RECORDED_BY,
          })
        : null;
    return { ...stored, salesRequest, settled };
  });
  if (result.salesRequest) ctx.jobs.wake(CRM_EVENT_JOB);
  // The order is stored: a Stripe failure from here on leaves it awaiting payment (paymentUrl null, the invoice stands).
  const paymentUrl = ctx.stripe && !result.settled ? await openStripeCheckout(ctx.stripe, db, result.order, result.lines) : null;
  return {
    order: result.settled ?? toOrderResponse(result.order, result.lines),
    salesRequest: result.salesRequest ? toSalesRequestResponse(result.salesRequest) : null,
    paymentUrl,
  };
}

/** `GET /api/billing/orders`: the caller's company's orders, newest first, with the shared paging footer. */
export async function listCompanyOrders(ctx: AppContext, actor: Actor, page: number) {
  const { db } = ctx.database;
  const total = await countOrders(db, actor.tenantId);
  const window = computePageWindow(total, page, ORDERS_PAGE_SIZE);
  const rows = await listOrders(db, actor.tenantId, (window.page - 1) * ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE);
  const payTo = await readSeller(ctx, db);
  return {
    payTo,
    payable: isSellerPayable(payTo),
    items: rows.map((row) => {
      const { lines: _lines, ...summary } = toOrderResponse(row, []);
      return summary;
    }),
    ...window,
    summary: describePageWindow(window),
  };
}

async function readOrder(db: Database, tenantId: string, orderId: string) {
  const row = await findOrder(db, tenantId, orderId);
  if (!row) throw notFound("Order not found");
  return { row, lines: await listOrderLines(db, tenantId, orderId) };
}

export async function getCompanyOrder(ctx: AppContext, actor: Actor, orderId: string): Promise<OrderDetailResponse> {
  const { db } = ctx.database;
  const { row, lines } = await readOrder(db, actor.tenantId, orderId);
  const sales = await findSalesRequestForOrder(db, actor.tenantId, row.id);
  return { ...toOrderResponse(row, lines), salesRequest: sales ? toSalesRequestResponse(sales) : null };
}

export async function getInvoicePdf(ctx: AppContext, actor: Actor, orderId: string) {
  const { db } = ctx.database;
  const { row, lines } = await readOrder(db, actor.tenantId, orderId);
  const tenant = await findTenant(db, actor.tenantId);
  const bytes = await renderInvoicePdf({
    number: row.number,
    reference: paymentReferenceFor(row.number),
    seller: await readSeller(ctx, db),
    status: row.status === "awaiting_payment" ? "Awaiting payment" : row.status === "paid" ? "Paid" : "Cancelled",
    issuedAt: row.createdAt,
    dueAt: row.dueAt,
    paidAt: row.paidAt,
    subtotal: row.subtotal,
    total: row.total,
    company: {
      name: tenant?.companyName ?? null,
      legalName: tenant?.companyLegalName ?? null,
      address: tenant?.address ?? null,
      phone: tenant?.phone ?? null,
    },
    lines: lines.map((line) => ({
      name: line.kind === "plan" ? `${line.name} plan` : line.name,
      detail:
        line.kind === "plan"
          ? (BILLING_CYCLE_LABELS[row.billingCycle as keyof typeof BILLING_CYCLE_LABELS] ?? null)
          : [line.year, describeLicenceType(line.licenceType)].filter(Boolean).join(", ") || null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      isPlanIncluded: line.isPlanIncluded,
    })),
  });
  return { bytes, fileName: `invoice-${row.number}.pdf` };
}

/** Finds an order for an internal account (any company) and locks it; 404 when there is none. */
async function lockAnyOrder(tx: Database, orderId: string) {
  const tenantId = await findOrderTenantId(tx, orderId);
  const row = tenantId ? await lockOrder(tx, tenantId, orderId) : undefined;
  if (!row) throw notFound("Order not found");
  return row;
}

const alreadyClosed = (row: OrderRow) =>
  new AppError("CONFLICT", row.status === "paid" ? `Order ${row.number} is already paid.` : `Order ${row.number} is cancelled.`);

/** A payment, whoever records it: an internal account (`recordedBy` its user id) or Stripe's webhook ("stripe"). */
export interface OrderPayment {
  paidAt: Date;
  reference: string;
  recordedBy: string;
}

/**
 * The one place an order becomes paid, inside the caller's transaction with the order row locked (the internal payment
 * route and Stripe's webhook both call it): marks it paid exactly once (409 for an order already paid or cancelled) and
 * activates what it sold: an active deal for the ordered plan from the payment's date, with the order number as its
 * deal id, so the effective plan follows (decision 0027); `tenant.plan` records the plan sold.
 */
export async function applyOrderPayment(tx: Database, row: OrderRow, payment: OrderPayment): Promise<OrderResponse> {
  if (row.status !== "awaiting_payment") throw alreadyClosed(row);
  const { paidAt } = payment;
  const updated = await updateOrder(tx, row.tenantId, row.id, {
    status: "paid",
    paidAt,
    paymentReference: payment.reference,
    recordedBy: payment.recordedBy,
  });
  const lines = await listOrderLines(tx, row.tenantId, row.id);
  const planLine = lines.find((line) => line.kind === "plan" && line.plan);
  if (planLine?.plan) {
    await insertDeal(tx, row.tenantId, {
      plan: planLine.plan,
      dealId: row.number,
      isActive: true,
      activatedDate: paidAt,
      expiryDate: null,
      forceActivate: false,
    });
    await updateTenant(tx, row.tenantId, { plan: planLine.plan });
  }
  // The badges the order bought are issued in the payment's transaction.
  await issueOrderBadges(tx, row.tenantId, { orderId: row.id, paidAt, lines });
  return toOrderResponse(updated, lines);
}

/** `POST /api/internal/orders/:orderId/payment`: an internal account records a payment (applyOrderPayment). */
export async function recordOrderPayment(ctx: AppContext, actor: Actor, orderId: string, input: RecordPaymentInput, now = new Date()) {
  const paidAt = new Date(input.paidAt);
  if (paidAt.getTime() > now.getTime() + PAYMENT_CLOCK_SKEW_MS) {
    throw new AppError("VALIDATION_FAILED", "The payment date cannot be in the future.", {
      fields: { paidAt: "The payment date cannot be in the future." },
    });
  }
  const { db } = ctx.database;
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await lockAnyOrder(tx, orderId);
    return applyOrderPayment(tx, row, { paidAt, reference: input.reference, recordedBy: actor.userId });
  });
  return { order: result };
}

/** `POST /api/internal/orders/:orderId/cancel`: an order awaiting payment is cancelled; a paid one cannot be. */
export async function cancelOrder(ctx: AppContext, actor: Actor, orderId: string, now = new Date()) {
  const { db } = ctx.database;
  const order = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await lockAnyOrder(tx, orderId);
    if (row.status !== "awaiting_payment") throw alreadyClosed(row);
    const updated = await updateOrder(tx, row.tenantId, row.id, { status: "cancelled", cancelledAt: now, recordedBy: actor.userId });
    return toOrderResponse(updated, await listOrderLines(tx, row.tenantId, row.id));
  });
  return { order };
}
