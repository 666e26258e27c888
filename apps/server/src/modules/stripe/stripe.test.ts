import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { planPrice } from "@hearth/shared";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deal } from "../../db/schema-billing.js";
import { billingOrder } from "../../db/schema-orders.js";
import { tenant } from "../../db/schema.js";
import { type Session, type TestApp, TEST_ORIGIN, call, createTestApp, registerCompany, signIn } from "../../test/harness.js";
import { testEnv } from "../../test/test-env.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { checkoutSessionParams } from "./stripe.checkout.js";
import { findStripeCustomerId, findStripeEvent } from "./stripe.repo.js";
import { STRIPE_RECORDED_BY } from "./stripe.webhook.js";

const CHECKOUT = "/api/certifications/aquire";
const WEBHOOK = "/api/stripe/webhook";
const SECRET_KEY = "sk_test_hearth_stand_in";
const WEBHOOK_SECRET = "whsec_hearth_test_secret";
const STRIPE_ENV = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const silverYearly = () => planPrice("Silver", "Medium", "yearly")!.cents;
const goldYearly = () => planPrice("Gold", "Medium", "yearly")!.cents;

/** A request the stand-in received: Stripe's client sends form-encoded bodies (`metadata[orderId]=…`). */
interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/**
 * A local HTTP server standing in for api.stripe.com: records every request and answers customers, Checkout Sessions
 * and portal sessions as Stripe does (the fields Hearth reads), or `failWith` as an error for the paths it names.
 */
async function startStripeStandIn() {
  const state = { requests: [] as Recorded[], failWith: null as null | number, failPaths: [] as string[], counter: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = (request.url ?? "").split("?")[0];
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      state.requests.push({ method: request.method ?? "", path, headers: request.headers, form });
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json", "request-id": `req_${++state.counter}` });
        response.end(JSON.stringify(body));
      };
      if (state.failWith && state.failPaths.includes(path)) {
        return reply(state.failWith, { error: { type: "invalid_request_error", message: "The stand-in refuses this request." } });
      }
      state.counter += 1;
      if (path === "/v1/customers") return reply(200, { id: `cus_test_${state.counter}`, object: "customer", metadata: {} });
      if (path === "/v1/checkout/sessions") {
        const id = `cs_test_${state.counter}`;
        return reply(200, { id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      if (path === "/v1/billing_portal/sessions") {
        return reply(200, {
          id: `bps_${state.counter}`,
          object: "billing_portal.session",
          url: `https://billing.stripe.test/p/session/${state.counter}`,
        });
      }
      return reply(404, { error: { type: "invalid_request_error", message: "Unknown path" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    posted: (path: string) => state.requests.filter((request) => request.method === "POST" && request.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs a body the way Stripe does (`Stripe-Signature: t=…,v1=…`), with the given secret and time. */
const signatureFor = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });

let eventCounter = 0;
function checkoutEvent(
  type: string,
  order: { id: string; tenantId: string; number?: string; total: number },
  session: Partial<Record<string, unknown>> = {},
) {
  eventCounter += 1;
  return {
    id: `evt_test_${eventCounter}_${Date.now()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `cs_test_event_${eventCounter}`,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        client_reference_id: order.id,
        metadata: { orderId: order.id, tenantId: order.tenantId, orderNumber: order.number ?? "HRT-2026-000000" },
        amount_total: order.total,
        currency: "usd",
        payment_intent: `pi_test_${eventCounter}`,
        ...session,
      },
    },
  };
}

describe("Stripe settings", () => {
  it("needs both variables or neither, and says which one is missing", () => {
    expect(testEnv(STRIPE_ENV).STRIPE_SECRET_KEY).toBe(SECRET_KEY);
    expect(testEnv().STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => testEnv({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
    expect(() => testEnv({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set/,
    );
    // An empty variable counts as unset.
    expect(() => testEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: "" })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
  });

  it("refuses values that are not Stripe keys (a publishable key, a secret without whsec_)", () => {
    expect(() => testEnv({ ...STRIPE_ENV, STRIPE_SECRET_KEY: "pk_test_abc" })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret/);
    expect(() => testEnv({ ...STRIPE_ENV, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
  });
});

describe("without Stripe configured", () => {
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    await testApp.ctx.database.db.update(tenant).set({ companySize: "Medium" }).where(eq(tenant.id, owner.tenantId));
  });
  afterAll(() => testApp.close());

  it("has no webhook (404) and checkout answers paymentUrl null", async () => {
    const payload = JSON.stringify(checkoutEvent("checkout.session.completed", { id: owner.tenantId, tenantId: owner.tenantId, total: 1 }));
    const webhook = await testApp.app.inject({
      method: "POST",
      url: WEBHOOK,
      headers: { "content-type": "application/json", "stripe-signature": signatureFor(payload) },
      payload,
    });
    expect(webhook.statusCode).toBe(404);
    const response = await call(testApp.app, "POST", CHECKOUT, {
      cookie: owner.cookie,
      body: { companyId: owner.tenantId, certifications: [{ kind: "plan", plan: "Silver" }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().paymentUrl).toBeNull();
  });
});

describe("with Stripe configured", () => {
  let testApp: TestApp;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let owner: Session;
  let other: Session;
  let internalCookie: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    testApp = await createTestApp({ env: STRIPE_ENV, stripeApi: stripe.api });
    const db = testApp.ctx.database.db;
    owner = await registerCompany(testApp.app, { companyName: "Ember Works" });
    other = await registerCompany(testApp.app, { companyName: "Other Co" });
    for (const id of [owner.tenantId, other.tenantId]) await db.update(tenant).set({ companySize: "Medium" }).where(eq(tenant.id, id));
    await createInternalUser(db, { email: "stripe-ops@hearth.example", password: "Operator-Pass-1!", firstName: "Oz", lastName: "Ops" });
    internalCookie = await signIn(testApp.app, "stripe-ops@hearth.example", "Operator-Pass-1!");
  });
  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  const checkout = (session: Session, plan: string, extra: Record<string, unknown> = {}) =>
    call(testApp.app, "POST", CHECKOUT, {
      cookie: session.cookie,
      body: { companyId: session.tenantId, certifications: [{ kind: "plan", plan, ...extra }] },
    });
  const deliver = (payload: string, signature: string | null = signatureFor(payload), contentType = "application/json") =>
    testApp.app.inject({
      method: "POST",
      url: WEBHOOK,
      headers: { "content-type": contentType, ...(signature === null ? {} : { "stripe-signature": signature }) },
      payload,
    });
  const orderRow = async (orderId: string) => {
    const [row] = await testApp.ctx.database.db.select().from(billingOrder).where(eq(billingOrder.id, orderId));
    return row;
  };
  const dealsOf = (tenantId: string, dealId: string) =>
    testApp.ctx.database.db
      .select()
      .from(deal)
      .where(and(eq(deal.tenantId, tenantId), eq(deal.dealId, dealId)));
  const effectivePlan = async (session: Session) =>
    (await call(testApp.app, "GET", "/api/me", { cookie: session.cookie })).json().tenant.effectivePlan as string;

  let silver: { id: string; number: string; total: number; tenantId: string };

  it("checkout stores the order, then opens a Checkout Session from the server's prices (a tampered price is ignored)", async () => {
    const response = await checkout(owner, "Silver", { price: 1, originalPrice: 1, isPlanIncluded: true });
    expect(response.statusCode).toBe(200);
    const { order, paymentUrl } = response.json();
    expect(order).toMatchObject({ status: "awaiting_payment", total: silverYearly() });
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    silver = { id: order.id, number: order.number, total: order.total, tenantId: owner.tenantId };

    const [customer] = stripe.posted("/v1/customers");
    expect(customer.form).toMatchObject({ name: "Ember Works", "metadata[tenantId]": owner.tenantId });
    expect(customer.headers["idempotency-key"]).toBe(`hearth-customer-${owner.tenantId}`);
    expect(customer.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const customerId = await findStripeCustomerId(testApp.ctx.database.db, owner.tenantId);
    expect(customerId).toMatch(/^cus_test_/);

    const [session] = stripe.posted("/v1/checkout/sessions");
    const orderPage = `${TEST_ORIGIN}/dashboard/billing/order/${order.id}`;
    expect(session.form).toEqual({
      mode: "payment",
      currency: "usd",
      customer: customerId,
      client_reference_id: order.id,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(silverYearly()),
      "line_items[0][price_data][product_data][name]": "Silver plan (billed yearly)",
      "metadata[orderId]": order.id,
      "metadata[tenantId]": owner.tenantId,
      "metadata[orderNumber]": order.number,
      "payment_intent_data[description]": `Hearth order ${order.number}`,
      "payment_intent_data[metadata][orderId]": order.id,
      "payment_intent_data[metadata][tenantId]": owner.tenantId,
      "payment_intent_data[metadata][orderNumber]": order.number,
      success_url: orderPage,
      cancel_url: orderPage,
    });
    expect(session.headers["idempotency-key"]).toBe(`hearth-checkout-${order.id}`);
  });

  it("reuses the company's Stripe customer at its next checkout", async () => {
    const before = stripe.posted("/v1/customers").length;
    const response = await checkout(owner, "Gold");
    expect(response.statusCode).toBe(200);
    expect(response.json().paymentUrl).toEqual(expect.any(String));
    expect(stripe.posted("/v1/customers")).toHaveLength(before);
    const sessions = stripe.posted("/v1/checkout/sessions");
    expect(sessions.at(-1)?.form.customer).toBe(await findStripeCustomerId(testApp.ctx.database.db, owner.tenantId));
    expect(sessions.at(-1)?.form["line_items[0][price_data][unit_amount]"]).toBe(String(goldYearly()));
  });

  it("when Stripe fails, the order is still stored, paymentUrl is null and the invoice is served", async () => {
    stripe.state.failWith = 400;
    stripe.state.failPaths = ["/v1/checkout/sessions"];
    try {
      const response = await checkout(other, "Bronze");
      expect(response.statusCode).toBe(200);
      const { order, paymentUrl } = response.json();
      expect(paymentUrl).toBeNull();
      expect((await orderRow(order.id)).status).toBe("awaiting_payment");
      const invoice = await call(testApp.app, "GET", `/api/billing/orders/${order.id}/invoice.pdf`, { cookie: other.cookie });
      expect(invoice.statusCode).toBe(200);
    } finally {
      stripe.state.failWith = null;
    }
  });

  it("leaves a line at 0 out of the session and sends nothing when the lines do not add up to the total", () => {
    const order = { id: "o", tenantId: "t", number: "HRT-2026-000001", total: 500, currency: "usd", billingCycle: "yearly" };
    const line = { kind: "badge", name: "Certification", year: 2026, licenceType: "digitalorprint", quantity: 1, unitPrice: 500 };
    const included = { ...line, name: "Award", unitPrice: 0, isPlanIncluded: true };
    const params = checkoutSessionParams(order as never, [line, included] as never, "cus_1", TEST_ORIGIN);
    expect(params?.line_items).toEqual([
      { quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Certification, 2026, digitalorprint" } } },
    ]);
    expect(checkoutSessionParams({ ...order, total: 600 } as never, [line] as never, "cus_1", TEST_ORIGIN)).toBeNull();
    expect(checkoutSessionParams({ ...order, total: 0 } as never, [included] as never, "cus_1", TEST_ORIGIN)).toBeNull();
  });

  it("refuses a missing, wrong or stale signature with 400 STRIPE_SIGNATURE_INVALID, changing nothing", async () => {
    const event = checkoutEvent("checkout.session.completed", silver);
    const payload = JSON.stringify(event);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    for (const signature of [
      null,
      "",
      "garbage",
      signatureFor(payload, { secret: "whsec_another_endpoint" }),
      signatureFor(payload, { timestamp: stale }),
      signatureFor(payload.replace('"paid"', '"unpaid"')),
    ]) {
      const response = await deliver(payload, signature);
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json().error.code).toBe("STRIPE_SIGNATURE_INVALID");
    }
    expect((await orderRow(silver.id)).status).toBe("awaiting_payment");
    expect(await findStripeEvent(testApp.ctx.database.db, event.id)).toBeUndefined();
  });

  it("refuses bad input: a body that is not JSON, not an event, an unreadable session, another content type", async () => {
    const notJson = "this is not json";
    const first = await deliver(notJson, signatureFor(notJson));
    expect(first.statusCode).toBe(400);
    expect(first.json().error.code).toBe("BAD_REQUEST");

    const noType = JSON.stringify({ id: "evt_no_type", object: "event", created: 1, data: { object: {} } });
    const second = await deliver(noType, signatureFor(noType));
    expect(second.statusCode).toBe(400);
    expect(second.json().error.fields).toHaveProperty("type");

    const event = checkoutEvent("checkout.session.completed", silver, { payment_status: undefined });
    const noStatus = JSON.stringify(event);
    const third = await deliver(noStatus, signatureFor(noStatus));
    expect(third.statusCode).toBe(400);
    expect(third.json().error.fields).toHaveProperty(["data.object.payment_status"]);
    expect(await findStripeEvent(testApp.ctx.database.db, event.id)).toBeUndefined();

    const form = "a=b";
    const fourth = await deliver(form, signatureFor(form), "application/x-www-form-urlencoded");
    expect(fourth.statusCode).toBe(415);
    expect((await orderRow(silver.id)).status).toBe("awaiting_payment");
  });

  it("another company's order id in the metadata pays nothing (the order is looked up within the metadata's company)", async () => {
    for (const event of [
      checkoutEvent("checkout.session.completed", { ...silver, tenantId: other.tenantId }),
      // The client reference must name the same order as the metadata.
      checkoutEvent("checkout.session.completed", silver, { client_reference_id: "00000000-0000-4000-8000-000000000000" }),
      checkoutEvent("checkout.session.completed", silver, { metadata: {} }),
    ]) {
      const payload = JSON.stringify(event);
      const response = await deliver(payload);
      expect(response.statusCode).toBe(200);
      expect(["order-not-found", "no-order"]).toContain(response.json().outcome);
      expect(await findStripeEvent(testApp.ctx.database.db, event.id)).toMatchObject({ tenantId: null, orderId: null });
    }
    expect((await orderRow(silver.id)).status).toBe("awaiting_payment");
    expect(await effectivePlan(owner)).toBe("Free");
  });

  it("a session whose amount differs from the order's total pays nothing", async () => {
    const event = checkoutEvent("checkout.session.completed", { ...silver, total: silver.total - 100 });
    const response = await deliver(JSON.stringify(event));
    expect(response.json()).toEqual({ received: true, outcome: "amount-mismatch" });
    expect((await orderRow(silver.id)).status).toBe("awaiting_payment");
  });

  it("a paid checkout.session.completed pays the order once and activates the plan; a replay applies nothing", async () => {
    const event = checkoutEvent("checkout.session.completed", silver);
    const payload = JSON.stringify(event);
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: "paid" });
    const row = await orderRow(silver.id);
    expect(row).toMatchObject({
      status: "paid",
      paymentReference: event.data.object.payment_intent,
      recordedBy: STRIPE_RECORDED_BY,
      paidAt: new Date(event.created * 1000),
    });
    expect(await effectivePlan(owner)).toBe("Silver");
    expect(await dealsOf(owner.tenantId, silver.number)).toHaveLength(1);
    expect(await findStripeEvent(testApp.ctx.database.db, event.id)).toMatchObject({
      type: "checkout.session.completed",
      outcome: "paid",
      tenantId: owner.tenantId,
      orderId: silver.id,
    });

    // Stripe delivers an event again (a lost acknowledgement): the same id is acknowledged and changes nothing.
    const replay = await deliver(payload, signatureFor(payload));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await dealsOf(owner.tenantId, silver.number)).toHaveLength(1);

    // The internal recording of the same order now meets a paid order (409), as after any payment.
    const internal = await call(testApp.app, "POST", `/api/internal/orders/${silver.id}/payment`, {
      cookie: internalCookie,
      body: { paidAt: new Date().toISOString(), reference: "WIRE-1" },
    });
    expect(internal.statusCode).toBe(409);
  });

  it("events after the payment, or about a cancelled order, are acknowledged and change nothing", async () => {
    for (const type of ["checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired"]) {
      const response = await deliver(JSON.stringify(checkoutEvent(type, silver, { payment_intent: "pi_other" })));
      expect(response.statusCode, type).toBe(200);
    }
    expect(await orderRow(silver.id)).toMatchObject({ status: "paid", paymentReference: expect.stringMatching(/^pi_test_/) });
    expect(await dealsOf(owner.tenantId, silver.number)).toHaveLength(1);

    const gold = (await checkout(other, "Gold")).json().order;
    const cancel = await call(testApp.app, "POST", `/api/internal/orders/${gold.id}/cancel`, { cookie: internalCookie });
    expect(cancel.statusCode).toBe(200);
    const late = await deliver(JSON.stringify(checkoutEvent("checkout.session.completed", { ...gold, tenantId: other.tenantId })));
    expect(late.json()).toEqual({ received: true, outcome: "order-closed" });
    expect((await orderRow(gold.id)).status).toBe("cancelled");
    expect(await effectivePlan(other)).toBe("Free");
  });

  it("out of order: an unpaid completion and a failure change nothing; the later async success pays, once", async () => {
    const order = (await checkout(other, "Silver")).json().order;
    const ref = { id: order.id, tenantId: other.tenantId, number: order.number, total: order.total };
    const succeeded = checkoutEvent("checkout.session.async_payment_succeeded", ref, { payment_intent: "pi_async" });
    const completedUnpaid = checkoutEvent("checkout.session.completed", ref, { payment_status: "unpaid", payment_intent: null });
    const failed = checkoutEvent("checkout.session.async_payment_failed", ref, { payment_status: "unpaid" });

    expect((await deliver(JSON.stringify(completedUnpaid))).json().outcome).toBe("not-paid-yet");
    expect((await deliver(JSON.stringify(failed))).json().outcome).toBe("no-change");
    expect((await orderRow(order.id)).status).toBe("awaiting_payment");
    expect(await findStripeEvent(testApp.ctx.database.db, failed.id)).toMatchObject({ outcome: "no-change", orderId: order.id });

    expect((await deliver(JSON.stringify(succeeded))).json().outcome).toBe("paid");
    // The unpaid completion delivered again after the success (a retry arriving late) does not undo or repeat anything.
    const lateCopy = { ...completedUnpaid, id: `${completedUnpaid.id}_late` };
    expect((await deliver(JSON.stringify(lateCopy))).json().outcome).toBe("not-paid-yet");
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", paymentReference: "pi_async", recordedBy: STRIPE_RECORDED_BY });
    expect(await effectivePlan(other)).toBe("Silver");
    expect(await dealsOf(other.tenantId, order.number)).toHaveLength(1);
  });

  it("acknowledges an event type it does not use; a body with a NUL escape still verifies (the raw body skips the text check)", async () => {
    const unrelated = {
      id: `evt_unrelated_${Date.now()}`,
      object: "event",
      type: "customer.created",
      created: 1,
      data: { object: { id: "cus_x" } },
    };
    const response = await deliver(JSON.stringify(unrelated));
    expect(response.json()).toEqual({ received: true, outcome: "ignored-type" });
    const withNul = checkoutEvent("checkout.session.expired", silver, { metadata: { orderId: "x\u0000y", tenantId: owner.tenantId } });
    const payload = JSON.stringify(withNul);
    expect(payload).toContain("\\u0000");
    const nul = await deliver(payload);
    expect(nul.statusCode).toBe(200);
    expect(nul.json().outcome).toBe("no-order");
  });

  it("the billing redirect opens the customer portal for a company with a Stripe customer", async () => {
    const response = await call(testApp.app, "GET", "/api/billing/session", { cookie: owner.cookie });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/\d+$/);
    const [portal] = stripe.posted("/v1/billing_portal/sessions");
    expect(portal.form).toEqual({
      customer: await findStripeCustomerId(testApp.ctx.database.db, owner.tenantId),
      return_url: `${TEST_ORIGIN}/dashboard/billing`,
    });
  });

  it("the billing redirect goes to the billing page for a company without a Stripe customer, and when Stripe fails", async () => {
    const newcomer = await registerCompany(testApp.app, { companyName: "Newcomer" });
    const before = stripe.posted("/v1/billing_portal/sessions").length;
    const plain = await call(testApp.app, "GET", "/api/billing/session", { cookie: newcomer.cookie });
    expect(plain.headers.location).toBe(`${TEST_ORIGIN}/dashboard/billing`);
    expect(stripe.posted("/v1/billing_portal/sessions")).toHaveLength(before);

    stripe.state.failWith = 400;
    stripe.state.failPaths = ["/v1/billing_portal/sessions"];
    try {
      const failed = await call(testApp.app, "GET", "/api/billing/session", { cookie: owner.cookie });
      expect(failed.statusCode).toBe(302);
      expect(failed.headers.location).toBe(`${TEST_ORIGIN}/dashboard/billing`);
    } finally {
      stripe.state.failWith = null;
    }
  });
});
