/**
 * The company's cart on the server (issue 12 item 5; spec surveys §4 Cart, §8; docs/decisions/0028). The stored row
 * holds choices; every read prices them with `priceCart` against a context the server builds from its own data, so
 * no price, flag or eligibility sent by a client is ever used. Adding and removing write their activity-log entries
 * (add_to_cart, remove_from_cart) in the same transaction as the change.
 */
import {
  type BillingCycle,
  type Cart,
  type CartChoice,
  type CartContext,
  type CartRefusal,
  type CartResponse,
  type CartActivityLog,
  addCartItem,
  isBillingCycle,
  parseCartChoice,
  priceCart,
  removeCartItem,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { buildCartContext, readLowiSurveyFacts } from "../certifications/certifications.service.js";
import { type CartRow, findCart, lockCart, updateCart } from "./cart.repo.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";

const DEFAULT_BILLING_CYCLE: BillingCycle = "yearly";

/** The stored choices, each read back through parseCartChoice: a stored row that no longer parses is left out. */
export function storedCart(row: Pick<CartRow, "items"> | undefined): Cart {
  const items: CartChoice[] = [];
  for (const value of row?.items ?? []) {
    const parsed = parseCartChoice(value);
    if (parsed.ok) items.push(parsed.choice);
  }
  return { items };
}

function storedCycle(row: Pick<CartRow, "billingCycle"> | undefined): BillingCycle {
  return row && isBillingCycle(row.billingCycle) ? row.billingCycle : DEFAULT_BILLING_CYCLE;
}

function describeCart(row: CartRow | undefined, context: CartContext): CartResponse {
  const priced = priceCart(storedCart(row), context);
  return {
    billingCycle: context.billingCycle,
    lines: priced.lines,
    total: priced.total,
    originalTotal: priced.originalTotal,
    includedSavings: priced.includedSavings,
    currentPlan: context.currentPlan,
    governingPlan: priced.governingPlan,
    offer: priced.offer,
    dropped: priced.dropped,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The company's cart, priced now. A company that never used its cart gets an empty one (nothing is written). */
export async function readCart(ctx: AppContext, actor: Actor): Promise<CartResponse> {
  const { db } = ctx.database;
  const row = await findCart(db, actor.tenantId);
  const lowi = await readLowiSurveyFacts(ctx, actor.tenantId);
  return describeCart(row, await buildCartContext(db, actor.tenantId, storedCycle(row), lowi));
}

/** Which request field a refusal is about, and what the user is told. */
const REFUSALS: Readonly<Record<CartRefusal, { field: string; message: string; code: "VALIDATION_FAILED" | "CONFLICT" | "NOT_FOUND" }>> = {
  "invalid-item": { field: "kind", message: "Choose a plan, or a badge with its licence type.", code: "VALIDATION_FAILED" },
  "invalid-quantity": { field: "quantity", message: "Each cart item has a quantity of 1.", code: "VALIDATION_FAILED" },
  "unknown-item": { field: "item", message: "This item is not on offer.", code: "VALIDATION_FAILED" },
  "unknown-licence-type": {
    field: "licenceType",
    message: "Choose a licence type: digitalorprint or unlimiteduse.",
    code: "VALIDATION_FAILED",
  },
  "plan-not-offered": { field: "plan", message: "Choose a plan above your current plan.", code: "VALIDATION_FAILED" },
  "already-certified": { field: "badgeId", message: "Your company already holds this badge.", code: "VALIDATION_FAILED" },
  "already-requested": { field: "badgeId", message: "This badge has already been requested.", code: "VALIDATION_FAILED" },
  "already-in-cart": { field: "item", message: "This item is already in the cart.", code: "CONFLICT" },
  "not-in-cart": { field: "itemId", message: "This item is not in the cart.", code: "NOT_FOUND" },
  "cart-full": { field: "item", message: "The cart is full. Remove an item to add another.", code: "CONFLICT" },
};

function refusalError(reason: CartRefusal, input?: unknown): AppError {
  const refusal = REFUSALS[reason];
  // An unknown item is the plan's or the badge's fault, whichever was sent.
  let field = refusal.field;
  if (field === "item" && typeof input === "object" && input !== null) {
    field = (input as { kind?: unknown }).kind === "badge" ? "badgeId" : "plan";
  }
  return new AppError(refusal.code, refusal.message, { fields: { [field]: refusal.message } });
}

function logEntries(logs: CartActivityLog[]) {
  return logs.map((log) => ({
    action: log.action,
    // the spec's entry (accounts §3): certification and year; the user and timestamp are the row's
    data: { certification: log.certification, year: log.year, itemId: log.itemId, kind: log.kind, licenceType: log.licenceType },
  }));
}

type CartStep = (cart: Cart, context: CartContext) => ReturnType<typeof addCartItem>;

/** Applies one change under the row lock: refused changes write nothing; accepted ones store the cart and the logs. */
async function changeCart(ctx: AppContext, actor: Actor, step: CartStep, input?: unknown): Promise<CartResponse> {
  const { db } = ctx.database;
  // Eligibility reads the report store, outside the transaction (docs/decisions/0035).
  const lowi = await readLowiSurveyFacts(ctx, actor.tenantId);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await lockCart(tx, actor.tenantId);
    const context = await buildCartContext(tx, actor.tenantId, storedCycle(row), lowi);
    const result = step(storedCart(row), context);
    if (!result.ok) throw refusalError(result.reason, input);
    const updated = await updateCart(tx, actor.tenantId, { items: [...result.cart.items], updatedBy: actor.userId });
    await insertActivityLogs(tx, actor.tenantId, actor.userId, logEntries(result.logs));
    return describeCart(updated, context);
  });
}

/** Adds one choice (a plan replaces the plan in the cart). Only the choice's own fields are read from the input. */
export function addToCart(ctx: AppContext, actor: Actor, input: unknown): Promise<CartResponse> {
  return changeCart(ctx, actor, (cart, context) => addCartItem(cart, input, context), input);
}

export function removeFromCart(ctx: AppContext, actor: Actor, itemId: string): Promise<CartResponse> {
  return changeCart(ctx, actor, (cart, context) => removeCartItem(cart, itemId, context));
}

/** The monthly/yearly toggle; it changes which price the plan line carries. Not an item change: no activity log. */
export async function setCartCycle(ctx: AppContext, actor: Actor, billingCycle: BillingCycle): Promise<CartResponse> {
  const { db } = ctx.database;
  const lowi = await readLowiSurveyFacts(ctx, actor.tenantId);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockCart(tx, actor.tenantId);
    const updated = await updateCart(tx, actor.tenantId, { billingCycle, updatedBy: actor.userId });
    return describeCart(updated, await buildCartContext(tx, actor.tenantId, billingCycle, lowi));
  });
}

/** Empties the company's cart (checkout calls it with its own transaction once the order is stored). */
export async function clearCart(db: Database, tenantId: string): Promise<void> {
  await updateCart(db, tenantId, { items: [] });
}
