import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../../db/client.js";
import { crmOutbox } from "../../db/schema-crm.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany, signIn } from "../../test/harness.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import {
  ABANDONED_CART_AFTER_MS,
  ABANDONED_CART_JOB,
  type AbandonedCartJob,
  type CartSnapshot,
  handleAbandonedCart,
  isCartAbandoned,
  scanAbandonedCarts,
} from "./abandoned-cart.js";
import { HubSpotCrmAdapter, OutboxCrmAdapter, createCrmAdapter } from "./crm.adapter.js";
import type { CrmEvent } from "./crm.events.js";
import { insertCrmEvent } from "./crm.repo.js";
import { CRM_EVENT_JOB, deliverCrmEvent } from "./crm.service.js";

/** A local HTTP server standing in for HubSpot: records every request and answers with `status`. */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
async function startFakeHubSpot() {
  const state = { status: 200, requests: [] as Recorded[] };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      state.requests.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: text ? JSON.parse(text) : null,
      });
      response.writeHead(state.status, { "content-type": "application/json" });
      response.end(JSON.stringify(state.status < 300 ? { status: "COMPLETE", results: [] } : { status: "error", message: "boom" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function jobsOf(testApp: TestApp, name: string) {
  return rowsOf<{ id: string; data: unknown; state: string; retry_count: number }>(
    await testApp.ctx.database.db.execute(
      sql`select id, data, state, retry_count from pgboss.job where name = ${name} order by created_on`,
    ),
  );
}

async function outboxRows(testApp: TestApp) {
  return testApp.ctx.database.db.select().from(crmOutbox);
}

/** Runs every queued CRM event job the way the worker does (tests run without workers). */
async function runCrmJobs(testApp: TestApp) {
  const adapter = createCrmAdapter(testApp.ctx.env, testApp.ctx.database.db);
  for (const job of await jobsOf(testApp, CRM_EVENT_JOB)) await deliverCrmEvent(testApp.ctx.database.db, adapter, job.data as CrmEvent);
}

describe("the abandoned-cart rule", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  it("is abandoned when open, not empty and unchanged for 24 h (not a moment sooner)", () => {
    expect(ABANDONED_CART_AFTER_MS).toBe(24 * 3600 * 1000);
    expect(isCartAbandoned({ updatedAt: at(ABANDONED_CART_AFTER_MS), closed: false, items: ["Gold"] }, now)).toBe(true);
    expect(isCartAbandoned({ updatedAt: at(ABANDONED_CART_AFTER_MS - 1), closed: false, items: ["Gold"] }, now)).toBe(false);
    expect(isCartAbandoned({ updatedAt: at(3 * ABANDONED_CART_AFTER_MS), closed: true, items: ["Gold"] }, now)).toBe(false);
    expect(isCartAbandoned({ updatedAt: at(3 * ABANDONED_CART_AFTER_MS), closed: false, items: [] }, now)).toBe(false);
  });
});

describe("CRM events without HubSpot (the outbox)", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Crm Co" });
    other = await registerCompany(testApp.app, { companyName: "Other Co" });
  });
  afterAll(() => testApp.close());

  it("hs-cert-step answers 200 and stores one event per step, user and day, however often its job runs", async () => {
    const first = await call(testApp.app, "POST", "/api/hs-cert-step", { cookie: owner.cookie, body: { steps: ["Evaluation"] } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect(await jobsOf(testApp, CRM_EVENT_JOB)).toHaveLength(1);
    await runCrmJobs(testApp);
    await runCrmJobs(testApp);
    expect(
      (await call(testApp.app, "POST", "/api/hs-cert-step", { cookie: owner.cookie, body: { steps: ["Evaluation"] } })).statusCode,
    ).toBe(200);
    await runCrmJobs(testApp);
    const rows = (await outboxRows(testApp)).filter((row) => row.kind === "cert-step");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: owner.tenantId, userId: owner.userId, status: "stored" });
    expect(rows[0].payload).toMatchObject({ steps: ["Evaluation"], contact: { email: owner.email, companyName: "Crm Co" } });
  });

  it("hubspot/update-user stores the allow-listed fields for the caller's own contact", async () => {
    const response = await call(testApp.app, "POST", "/api/hubspot/update-user", {
      cookie: owner.cookie,
      body: {
        userId: owner.userId,
        userEmail: owner.email,
        contactId: "901",
        companyId: owner.tenantId,
        crmUpdateName: "abandoned_cart",
        fieldsToUpdate: { abandoned_cart_items: ["Gold plan", "Certification"] },
      },
    });
    expect(response.statusCode).toBe(200);
    await runCrmJobs(testApp);
    const [row] = (await outboxRows(testApp)).filter((entry) => entry.kind === "update-user");
    expect(row.payload).toMatchObject({
      contactId: "901",
      crmUpdateName: "abandoned_cart",
      fields: { abandoned_cart_items: "Gold plan; Certification" },
      contact: { email: owner.email },
    });
  });

  it("refuses bad input with 400 and the fields, queuing nothing", async () => {
    const before = (await jobsOf(testApp, CRM_EVENT_JOB)).length;
    const cases: [string, unknown, string][] = [
      ["/api/hs-cert-step", {}, "steps"],
      ["/api/hs-cert-step", { steps: [] }, "steps"],
      ["/api/hs-cert-step", { steps: [""] }, "steps.0"],
      ["/api/hs-cert-step", { steps: ["x".repeat(61)] }, "steps.0"],
      ["/api/hubspot/update-user", { fieldsToUpdate: { abandoned_cart_items: "a" } }, "crmUpdateName"],
      ["/api/hubspot/update-user", { crmUpdateName: "Abandoned Cart!", fieldsToUpdate: { abandoned_cart_items: "a" } }, "crmUpdateName"],
      ["/api/hubspot/update-user", { crmUpdateName: "abandoned_cart", fieldsToUpdate: { lifecyclestage: "customer" } }, "fieldsToUpdate"],
      [
        "/api/hubspot/update-user",
        { crmUpdateName: "abandoned_cart", fieldsToUpdate: { abandoned_cart_items: [] } },
        "fieldsToUpdate.abandoned_cart_items",
      ],
      ["/api/hubspot/update-user", { userEmail: "nope", crmUpdateName: "a", fieldsToUpdate: { abandoned_cart_items: "a" } }, "userEmail"],
    ];
    for (const [url, body, field] of cases) {
      const response = await call(testApp.app, "POST", url, { cookie: owner.cookie, body });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(response.json().error.fields), `${url} ${JSON.stringify(body)}`).toContain(field);
    }
    expect(await jobsOf(testApp, CRM_EVENT_JOB)).toHaveLength(before);
  });

  it("never lets a company's events name another tenant or its people (403 for another user, email or company)", async () => {
    const before = (await jobsOf(testApp, CRM_EVENT_JOB)).length;
    const base = { crmUpdateName: "abandoned_cart", fieldsToUpdate: { abandoned_cart_items: "Gold" } };
    for (const body of [
      { ...base, companyId: other.tenantId },
      { ...base, userId: other.userId },
      { ...base, userEmail: other.email },
    ]) {
      const response = await call(testApp.app, "POST", "/api/hubspot/update-user", { cookie: owner.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect(await jobsOf(testApp, CRM_EVENT_JOB)).toHaveLength(before);
    expect(
      (await call(testApp.app, "POST", "/api/hs-cert-step", { cookie: other.cookie, body: { steps: ["Evaluation"] } })).statusCode,
    ).toBe(200);
    await runCrmJobs(testApp);
    const rows = await outboxRows(testApp);
    expect(rows.some((row) => row.tenantId === other.tenantId)).toBe(true);
    for (const row of rows) {
      const text = JSON.stringify(row);
      const [self, stranger] = row.tenantId === owner.tenantId ? [owner, other] : [other, owner];
      expect(text).toContain(self.email);
      expect(text).not.toContain(stranger.email);
      expect(text).not.toContain(stranger.tenantId);
      expect(text).not.toContain(stranger.userId);
    }
  });

  it("a plan upgrade request enqueues integration/update-company in its transaction; a refused one enqueues nothing", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Upgrading Co" });
    const refused = await call(testApp.app, "POST", "/api/plan_update_request", {
      cookie: company.cookie,
      body: { requestedPlan: "Free" },
    });
    expect(refused.statusCode).toBe(400);
    const named = async () => (await jobsOf(testApp, CRM_EVENT_JOB)).filter((job) => (job.data as CrmEvent).tenantId === company.tenantId);
    expect(await named()).toEqual([]);
    const accepted = await call(testApp.app, "POST", "/api/plan_update_request", {
      cookie: company.cookie,
      body: { requestedPlan: "Gold" },
    });
    expect(accepted.statusCode).toBe(200);
    const jobs = await named();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toMatchObject({
      kind: "update-company",
      platform: "hearth",
      companyName: "Upgrading Co",
      companyData: {
        requested_plan_upgrade: "Gold",
        requested_plan_date: accepted.json().dateRequested,
        requested_plan_upgrade_user_email: company.email,
        requested_plan_upgrade_user_name: "Olive Owner",
      },
    });
    await runCrmJobs(testApp);
    const rows = (await outboxRows(testApp)).filter((row) => row.tenantId === company.tenantId);
    expect(rows.map((row) => row.kind)).toEqual(["update-company"]);
  });

  it("the abandoned-cart scan queues one job per abandoned cart, and its job stores the update once", async () => {
    const now = new Date();
    const carts: CartSnapshot[] = [
      {
        cartId: "cart-old",
        tenantId: owner.tenantId,
        userId: owner.userId,
        updatedAt: new Date(now.getTime() - ABANDONED_CART_AFTER_MS - 1000),
        closed: false,
        items: ["Gold plan"],
      },
      {
        cartId: "cart-new",
        tenantId: owner.tenantId,
        userId: owner.userId,
        updatedAt: new Date(now.getTime() - 1000),
        closed: false,
        items: ["Silver plan"],
      },
      { cartId: "cart-done", tenantId: owner.tenantId, userId: owner.userId, updatedAt: new Date(0), closed: true, items: ["Bronze plan"] },
    ];
    expect(await scanAbandonedCarts(testApp.ctx.jobs, testApp.ctx.database.db, now, async () => carts)).toBe(1);
    const jobs = await jobsOf(testApp, ABANDONED_CART_JOB);
    expect(jobs).toHaveLength(1);
    const adapter = new OutboxCrmAdapter(testApp.ctx.database.db);
    await handleAbandonedCart(testApp.ctx, adapter, jobs[0].data as AbandonedCartJob);
    await handleAbandonedCart(testApp.ctx, adapter, jobs[0].data as AbandonedCartJob);
    const rows = (await outboxRows(testApp)).filter((row) => row.eventKey.startsWith("abandoned-cart:cart-old:"));
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toMatchObject({ crmUpdateName: "abandoned_cart", fields: { abandoned_cart_items: "Gold plan" } });
  });

  it("GET /api/internal/crm-outbox: internal accounts only (403 for Admin and Staff), paged 25 at a time", async () => {
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    for (const session of [owner, staff]) {
      const response = await call(testApp.app, "GET", "/api/internal/crm-outbox", { cookie: session.cookie });
      expect(response.statusCode).toBe(403);
    }
    await createInternalUser(testApp.ctx.database.db, {
      email: "crm-ops@hearth.example",
      password: "Operator-Pass-1!",
      firstName: "C",
      lastName: "Ops",
    });
    const cookie = await signIn(testApp.app, "crm-ops@hearth.example", "Operator-Pass-1!");
    for (let index = 0; index < 30; index += 1) {
      await insertCrmEvent(
        testApp.ctx.database.db,
        other.tenantId,
        {
          kind: "cert-step",
          eventKey: `test-page-${index}`,
          tenantId: other.tenantId,
          userId: other.userId,
          contact: { email: other.email, firstName: null, lastName: null, companyName: "Other Co" },
          steps: ["Evaluation"],
        },
        "stored",
      );
    }
    const total = (await outboxRows(testApp)).length;
    const first = await call(testApp.app, "GET", "/api/internal/crm-outbox", { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, from: 1, to: 25, total, hasNext: true, summary: `Showing 1 to 25 of ${total} results` });
    expect(first.json().items).toHaveLength(25);
    const last = (await call(testApp.app, "GET", `/api/internal/crm-outbox?page=2`, { cookie })).json();
    expect(last).toMatchObject({ page: 2, from: 26, to: total, hasNext: false });
    const ownerOnly = (await call(testApp.app, "GET", `/api/internal/crm-outbox?tenantId=${owner.tenantId}`, { cookie })).json();
    expect(ownerOnly.items.length).toBeGreaterThan(0);
    expect(ownerOnly.items.every((item: { tenantId: string }) => item.tenantId === owner.tenantId)).toBe(true);
    const bad = await call(testApp.app, "GET", "/api/internal/crm-outbox?page=0&tenantId=x", { cookie });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(["page", "tenantId"]));
  });
});

describe("CRM events with HubSpot (a local server standing in for it)", () => {
  const token = "pat-test-secret-token-0123456789";
  let hubspot: Awaited<ReturnType<typeof startFakeHubSpot>>;
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    hubspot = await startFakeHubSpot();
    testApp = await createTestApp({ env: { HUBSPOT_TOKEN: token, HUBSPOT_API_URL: hubspot.url }, runJobWorkers: true });
    owner = await registerCompany(testApp.app, { companyName: "Hub Co" });
  });
  afterAll(async () => {
    await testApp.close();
    await hubspot.close();
  });

  it("maps the three events to HubSpot's upserts with the bearer token", async () => {
    hubspot.state.requests = [];
    const adapter = new HubSpotCrmAdapter(token, `${hubspot.url}/`);
    const contact = { email: "ann@example.com", firstName: "Ann", lastName: null, companyName: "Hub Co" };
    const tenantId = "6b3c1f7e-0000-4000-8000-000000000001";
    await adapter.recordCertificationStep({ kind: "cert-step", eventKey: "k1", tenantId, userId: "u1", contact, steps: ["Evaluation"] });
    await adapter.updateContact({
      kind: "update-user",
      eventKey: "k2",
      tenantId,
      userId: "u1",
      contact,
      contactId: "999",
      crmUpdateName: "abandoned_cart",
      fields: { abandoned_cart_items: "Gold plan" },
    });
    const companyData = {
      requested_plan_date: "2026-11-24T00:00:00.000Z",
      requested_plan_upgrade: "Gold",
      requested_plan_upgrade_user_email: "ann@example.com",
      requested_plan_upgrade_user_name: "Ann",
    };
    await adapter.updateCompany({
      kind: "update-company",
      eventKey: "k3",
      tenantId,
      userId: "u1",
      platform: "hearth",
      companyName: "Hub Co",
      companyData,
    });
    expect(hubspot.state.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST /crm/v3/objects/contacts/batch/upsert",
      "POST /crm/v3/objects/contacts/batch/upsert",
      "POST /crm/v3/objects/companies/batch/upsert",
    ]);
    for (const request of hubspot.state.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.headers["content-type"]).toBe("application/json");
    }
    const [certStep, updateUser, updateCompany] = hubspot.state.requests.map((request) => request.body);
    expect(certStep).toEqual({
      inputs: [
        {
          idProperty: "email",
          id: "ann@example.com",
          properties: {
            email: "ann@example.com",
            firstname: "Ann",
            company: "Hub Co",
            hearth_tenant_id: tenantId,
            certification_step: "Evaluation",
          },
        },
      ],
    });
    expect(updateUser).toEqual({
      inputs: [
        {
          idProperty: "email",
          id: "ann@example.com",
          properties: {
            email: "ann@example.com",
            firstname: "Ann",
            company: "Hub Co",
            hearth_tenant_id: tenantId,
            abandoned_cart_items: "Gold plan",
          },
        },
      ],
    });
    expect(updateCompany).toEqual({
      inputs: [
        { idProperty: "hearth_tenant_id", id: tenantId, properties: { name: "Hub Co", hearth_tenant_id: tenantId, ...companyData } },
      ],
    });
  });

  it("a HubSpot 500 leaves the request at 200 and the job retrying; once HubSpot answers, it is sent, and a second run sends nothing", async () => {
    hubspot.state.requests = [];
    hubspot.state.status = 500;
    const response = await call(testApp.app, "POST", "/api/hs-cert-step", { cookie: owner.cookie, body: { steps: ["Evaluation"] } });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const [job] = await jobsOf(testApp, CRM_EVENT_JOB);
        expect(job.state).toBe("retry");
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(hubspot.state.requests).toHaveLength(1);
    const [failed] = await outboxRows(testApp);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "HubSpot answered 500 to POST /crm/v3/objects/contacts/batch/upsert",
    });

    // the internal listing shows the failure, without the token
    await createInternalUser(testApp.ctx.database.db, {
      email: "hub-ops@hearth.example",
      password: "Operator-Pass-1!",
      firstName: "H",
      lastName: "Ops",
    });
    const listing = await call(testApp.app, "GET", "/api/internal/crm-outbox", {
      cookie: await signIn(testApp.app, "hub-ops@hearth.example", "Operator-Pass-1!"),
    });
    expect(listing.json().items[0]).toMatchObject({ status: "failed", kind: "cert-step" });
    expect(listing.body).not.toContain(token);

    hubspot.state.status = 200;
    // the retry is due in 30 s (with backoff); bring it forward instead of waiting
    await testApp.ctx.database.db.execute(sql`update pgboss.job set start_after = now() where name = ${CRM_EVENT_JOB} and state = 'retry'`);
    await vi.waitFor(
      async () => {
        const [job] = await jobsOf(testApp, CRM_EVENT_JOB);
        expect(job.state).toBe("completed");
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(hubspot.state.requests).toHaveLength(2);
    const [sent] = await outboxRows(testApp);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    const [job] = await jobsOf(testApp, CRM_EVENT_JOB);
    const adapter = createCrmAdapter(testApp.ctx.env, testApp.ctx.database.db);
    expect(await deliverCrmEvent(testApp.ctx.database.db, adapter, job.data as CrmEvent)).toBe("skipped");
    expect(hubspot.state.requests).toHaveLength(2);
  });

  it("an unreachable HubSpot fails the job (to be retried), never the request", async () => {
    const adapter = new HubSpotCrmAdapter(token, "http://127.0.0.1:9", 2000);
    const event: CrmEvent = {
      kind: "cert-step",
      eventKey: "unreachable-1",
      tenantId: owner.tenantId,
      userId: owner.userId,
      contact: { email: owner.email, firstName: null, lastName: null, companyName: "Hub Co" },
      steps: ["Evaluation"],
    };
    await expect(deliverCrmEvent(testApp.ctx.database.db, adapter, event)).rejects.toThrow(/HubSpot did not answer/);
    const row = (await outboxRows(testApp)).find((entry) => entry.eventKey === "unreachable-1");
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row?.lastError).not.toContain(token);
  });
});
