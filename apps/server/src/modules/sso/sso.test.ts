import { generateKeyPairSync, randomUUID } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, ssoProvider, user } from "../../db/schema.js";
import { createPasswordUser } from "../../seed/users.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import {
  STRONG_PASSWORD,
  type Session,
  type TestApp,
  addMember,
  call,
  cookieFrom,
  createTestApp,
  registerCompany,
  signIn,
} from "../../test/harness.js";

/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider) on 127.0.0.1: the browser's
 * side of the redirects runs over real HTTP, Hearth's side through app.inject, and Hearth's token exchange, JWKS
 * and userinfo calls go to the provider over loopback.
 */

interface IdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/** The part of oidc-provider (v9, ships no type declarations) this test uses. */
interface OidcGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options: object): Promise<void>;
  Client: { adapter: { upsert(id: string, payload: object): Promise<void> } };
  Grant: (new (init: { clientId: string; accountId: string }) => OidcGrant) & { find(id: string): Promise<OidcGrant | undefined> };
}
type OidcProviderConstructor = new (issuer: string, configuration: object) => OidcProvider;

async function loadOidcProvider(): Promise<OidcProviderConstructor> {
  const name = "oidc-provider";
  const module = (await import(name)) as { default: OidcProviderConstructor };
  return module.default;
}

interface TestIdp {
  issuer: string;
  /** Who the next login at the provider signs in as. */
  account: IdpAccount;
  allowClient(client: { clientId: string; clientSecret: string; redirectUri: string }): Promise<void>;
  close(): Promise<void>;
}

async function startIdp(initial: IdpAccount): Promise<TestIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "test-signing-key", alg: "RS256", use: "sig" };
  const state = { account: initial };

  const Provider = await loadOidcProvider();
  const provider: OidcProvider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const current = state.account;
      if (sub !== current.sub) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ ...current, name: `${current.given_name} ${current.family_name}` }),
      };
    },
    /** Consent is implied: the test client is the company's own application. */
    async loadExistingGrant(ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string; grantIdFor(id: string): string | undefined }; result?: unknown };
    }) {
      const existing = ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (existing) return provider.Grant.find(existing);
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handleOidc = provider.callback();

  server.on("request", (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      // The login page: the person signs in as the current account at once.
      provider
        .interactionFinished(req, res, { login: { accountId: state.account.sub } }, { mergeWithLastSubmission: false })
        .catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      return;
    }
    handleOidc(req, res);
  });

  return {
    issuer,
    get account() {
      return state.account;
    },
    set account(next: IdpAccount) {
      state.account = next;
    },
    async allowClient({ clientId, clientSecret, redirectUri }) {
      await provider.Client.adapter.upsert(clientId, {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const setCookies = (response: { headers: Headers }) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);

/** Follows the provider's redirects the way a browser does (its own cookie jar) until they leave the provider. */
async function browseProvider(startUrl: string, idpOrigin: string, jar: Map<string, string>): Promise<URL> {
  let next = new URL(startUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (next.origin !== idpOrigin) return next;
    const response = await fetch(next, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const cookie of setCookies(response)) {
      const [name, ...value] = cookie.split("=");
      jar.set(name, value.join("="));
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`the identity provider answered ${response.status}: ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error("too many redirects at the identity provider");
}

const setCookieList = (response: LightMyRequestResponse) => {
  const header = response.headers["set-cookie"];
  return Array.isArray(header) ? header : header ? [header] : [];
};

describe("single sign-on by work email", () => {
  const suffix = randomUUID().slice(0, 8);
  const domainA = `acme-${suffix}.test`;
  const domainB = `globex-${suffix}.test`;
  const client = { clientId: "hearth-acme", clientSecret: `secret-${randomUUID()}` };
  const jane: IdpAccount = {
    sub: "idp-user-jane",
    email: `jane@${domainA}`,
    email_verified: true,
    given_name: "Jane",
    family_name: "Doe",
  };

  let idp: TestIdp;
  let testApp: TestApp;
  let adminA: Session;
  let adminB: Session;
  let staffA: Session;
  let previousTrustedOrigins: string | undefined;
  const providerBody = () => ({ domain: domainA, issuer: idp.issuer, clientId: client.clientId, clientSecret: client.clientSecret });
  const db = () => testApp.ctx.database.db;
  const providerRows = () => db().select().from(ssoProvider);

  /** A company's owner whose (verified) email address is at the given domain. */
  async function companyAt(domain: string, companyName: string): Promise<Session> {
    const owner = await registerCompany(testApp.app, { email: `owner@${domain}`, companyName });
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, owner.userId));
    return owner;
  }

  /** The whole browser journey: Hearth's sign-in, the provider, back to Hearth's callback. */
  async function signInWithSso(email: string) {
    const start = await call(testApp.app, "POST", "/api/auth/sign-in/sso", {
      body: { email, callbackURL: "/welcome", errorCallbackURL: "/sign-in" },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { url, redirect } = start.json();
    expect(redirect).toBe(true);
    expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
    const callbackUrl = await browseProvider(url, idp.issuer, new Map());
    expect(callbackUrl.origin).toBe("http://hearth.test");
    const callback = await testApp.app.inject({
      method: "GET",
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { cookie: cookieFrom(start) },
    });
    const sessionCookie = setCookieList(callback)
      .map((cookie) => cookie.split(";")[0])
      .filter((cookie) => cookie.includes("session_token=") && !cookie.endsWith("="))
      .join("; ");
    return { callbackUrl, callback, sessionCookie, location: String(callback.headers.location ?? "") };
  }

  beforeAll(async () => {
    idp = await startIdp(jane);
    // The operator's allowlist for an identity provider on a private network (here: loopback).
    previousTrustedOrigins = process.env.BETTER_AUTH_TRUSTED_ORIGINS;
    process.env.BETTER_AUTH_TRUSTED_ORIGINS = idp.issuer;
    testApp = await createTestApp();
    adminA = await companyAt(domainA, "Acme");
    adminB = await companyAt(domainB, "Globex");
    staffA = await addMember(testApp, adminA.tenantId, "Staff");
    // Employees joining by SSO take view licences, which Free does not include (decision 0027 §5).
    await putTenantOnPlan(testApp.ctx.database.db, adminA.tenantId, "Bronze");
    await putTenantOnPlan(testApp.ctx.database.db, adminB.tenantId, "Bronze");
  });

  afterAll(async () => {
    await testApp?.close();
    await idp?.close();
    if (previousTrustedOrigins === undefined) delete process.env.BETTER_AUTH_TRUSTED_ORIGINS;
    else process.env.BETTER_AUTH_TRUSTED_ORIGINS = previousTrustedOrigins;
  });

  it("refuses signed-out callers (401) and staff (403) on every provider route, and writes nothing", async () => {
    const routes = [
      ["GET", "/api/sso/providers", undefined],
      ["POST", "/api/sso/providers", providerBody()],
      ["DELETE", "/api/sso/providers/anything", undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const signedOut = await call(testApp.app, method, url, { body });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json().error.code).toBe("UNAUTHENTICATED");
      const staff = await call(testApp.app, method, url, { body, cookie: staffA.cookie });
      expect(staff.statusCode, `${method} ${url}`).toBe(403);
      expect(staff.json().error.code).toBe("FORBIDDEN");
    }
    expect(await providerRows()).toEqual([]);
  });

  it("rejects bad input with a reason per field and writes nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...providerBody(), domain: "not a domain" }, "domain"],
      [{ ...providerBody(), domain: "https://acme.test/" }, "domain"],
      [{ ...providerBody(), clientId: undefined }, "clientId"],
      [{ ...providerBody(), clientSecret: "" }, "clientSecret"],
      [{ ...providerBody(), issuer: "javascript:alert(1)" }, "issuer"],
      [{ ...providerBody(), domain: "gmail.com" }, "domain"],
      [{ ...providerBody(), domain: "proton.me" }, "domain"],
      // Only the domain of the admin's own verified address may be claimed.
      [{ ...providerBody(), domain: domainB }, "domain"],
      // Not trusted by the operator and not https.
      [{ ...providerBody(), issuer: "http://127.0.0.2:9/" }, "issuer"],
      // A loopback issuer the operator did not list.
      [{ ...providerBody(), issuer: "https://127.0.0.1:9" }, "issuer"],
    ];
    for (const [body, field] of cases) {
      const response = await call(testApp.app, "POST", "/api/sso/providers", { cookie: adminA.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields?.[field], JSON.stringify(response.json())).toEqual(expect.any(String));
    }
    expect(await providerRows()).toEqual([]);
  });

  let providerId: string;

  it("registers an OIDC provider for the company's domain, discovered from the issuer", async () => {
    const response = await call(testApp.app, "POST", "/api/sso/providers", { cookie: adminA.cookie, body: providerBody() });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    providerId = created.providerId;
    expect(created).toEqual({
      providerId: expect.any(String),
      domain: domainA,
      issuer: idp.issuer,
      redirectUri: `http://hearth.test/api/auth/sso/callback/${providerId}`,
    });

    const [row] = await providerRows();
    expect(row).toMatchObject({ providerId, domain: domainA, issuer: idp.issuer, organizationId: adminA.tenantId, userId: adminA.userId });
    // Stored in the plugin's own format, with the endpoints read from the discovery document.
    const oidcConfig = JSON.parse(row.oidcConfig ?? "{}");
    expect(oidcConfig).toMatchObject({
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      authorizationEndpoint: expect.stringContaining(idp.issuer),
      tokenEndpoint: expect.stringContaining(idp.issuer),
      jwksEndpoint: expect.stringContaining(idp.issuer),
      pkce: true,
    });

    const list = await call(testApp.app, "GET", "/api/sso/providers", { cookie: adminA.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created]);
    expect(list.body).not.toContain(client.clientSecret);

    await idp.allowClient({ ...client, redirectUri: created.redirectUri });
  });

  it("refuses a domain that is already claimed (409), by this company or another", async () => {
    const again = await call(testApp.app, "POST", "/api/sso/providers", { cookie: adminA.cookie, body: providerBody() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "CONFLICT", fields: { domain: expect.any(String) } });

    // An admin of company B whose own address is at A's domain still cannot take it.
    const email = `it@${domainA}`;
    await createPasswordUser(db(), {
      tenantId: adminB.tenantId,
      email,
      password: STRONG_PASSWORD,
      firstName: "Ian",
      lastName: "Tee",
      role: "Admin",
    });
    const cookie = await signIn(testApp.app, email);
    const other = await call(testApp.app, "POST", "/api/sso/providers", { cookie, body: providerBody() });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.fields.domain).toMatch(/another company/);
    expect(await providerRows()).toHaveLength(1);
  });

  it("signs a new employee in through the identity provider: Staff of the company that registered it", async () => {
    const first = await signInWithSso(jane.email);
    expect(first.callbackUrl.pathname).toBe(`/api/auth/sso/callback/${providerId}`);
    expect(first.callback.statusCode, first.callback.body).toBe(302);
    expect(first.location).toBe("/welcome");
    expect(first.sessionCookie).not.toBe("");

    const me = await call(testApp.app, "GET", "/api/me", { cookie: first.sessionCookie });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.user).toMatchObject({
      email: jane.email,
      emailVerified: true,
      firstName: "Jane",
      lastName: "Doe",
      role: "Staff",
      roleLabel: "Employee",
      isTenantOwner: false,
    });
    expect(body.tenant).toMatchObject({ id: adminA.tenantId, companyName: "Acme" });

    const second = await signInWithSso(jane.email);
    expect(second.callback.statusCode).toBe(302);
    const meAgain = (await call(testApp.app, "GET", "/api/me", { cookie: second.sessionCookie })).json();
    expect(meAgain.user.id).toBe(body.user.id);
    expect(await db().select().from(user).where(eq(user.email, jane.email))).toHaveLength(1);
    const links = await db()
      .select()
      .from(account)
      .where(and(eq(account.providerId, providerId), eq(account.userId, body.user.id)));
    expect(links).toHaveLength(1);
    expect(links[0].accountId).toBe(jane.sub);
  });

  it("never creates or links a user outside the provider's domain and company", async () => {
    // The provider asserts an address at another domain: refused, no user.
    const stranger = `mallory@${domainB}`;
    idp.account = { ...jane, sub: "idp-user-mallory", email: stranger };
    const foreign = await signInWithSso(jane.email);
    expect(foreign.callback.statusCode).toBe(302);
    expect(foreign.location).toMatch(/^\/sign-in\?error=SSO_ACCOUNT_NOT_ALLOWED&error_description=.+/);
    expect(foreign.sessionCookie).toBe("");
    expect(await db().select().from(user).where(eq(user.email, stranger))).toEqual([]);

    // The provider asserts the (verified) address of company B's user at A's domain: not linked to it.
    idp.account = { ...jane, sub: "idp-user-ian", email: `it@${domainA}` };
    const takeover = await signInWithSso(`it@${domainA}`);
    expect(takeover.location).toMatch(/^\/sign-in\?error=SSO_ACCOUNT_NOT_ALLOWED/);
    expect(takeover.sessionCookie).toBe("");
    const ian = await db()
      .select()
      .from(user)
      .where(eq(user.email, `it@${domainA}`));
    expect(ian).toHaveLength(1);
    expect(await db().select().from(account).where(eq(account.userId, ian[0].id))).toHaveLength(1); // still only the password
    idp.account = jane;
  });

  it("refuses a new employee by SSO when the company's plan has no view licence left, and creates no user", async () => {
    const nora = `nora@${domainA}`;
    idp.account = { ...jane, sub: "idp-user-nora", email: nora };
    await putTenantOnPlan(testApp.ctx.database.db, adminA.tenantId, "Free");
    try {
      const refused = await signInWithSso(nora);
      expect(refused.callback.statusCode).toBe(302);
      expect(refused.location).toMatch(/^\/sign-in\?error=PLAN_UPGRADE_REQUIRED&error_description=.+/);
      expect(refused.sessionCookie).toBe("");
      expect(await db().select().from(user).where(eq(user.email, nora))).toEqual([]);
    } finally {
      await putTenantOnPlan(testApp.ctx.database.db, adminA.tenantId, "Bronze");
      idp.account = jane;
    }
  });

  it("answers a sign-in for a domain without single sign-on with a clear 404", async () => {
    for (const email of [`someone@unknown-${suffix}.test`, `jane@eu.${domainA}`, "jane@gmail.com"]) {
      const response = await call(testApp.app, "POST", "/api/auth/sign-in/sso", { body: { email, callbackURL: "/welcome" } });
      expect(response.statusCode, email).toBe(404);
      expect(response.json().error).toEqual({
        code: "SSO_NOT_CONFIGURED",
        message: "Single sign-on is not set up for this email domain. Sign in with your password instead.",
      });
    }
    const bySlug = await call(testApp.app, "POST", "/api/auth/sign-in/sso", {
      body: { organizationSlug: "acme", callbackURL: "/welcome" },
    });
    expect(bySlug.statusCode).toBe(400);
  });

  it("does not let another company list or delete the provider, nor anyone reach the plugin's own management endpoints", async () => {
    const listB = await call(testApp.app, "GET", "/api/sso/providers", { cookie: adminB.cookie });
    expect(listB.statusCode).toBe(200);
    expect(listB.json()).toEqual([]);

    const deleteB = await call(testApp.app, "DELETE", `/api/sso/providers/${providerId}`, { cookie: adminB.cookie });
    expect(deleteB.statusCode).toBe(404);
    const missing = await call(testApp.app, "DELETE", "/api/sso/providers/no-such-provider", { cookie: adminB.cookie });
    expect(deleteB.json()).toEqual(missing.json());
    expect(await providerRows()).toHaveLength(1);

    for (const path of ["/api/auth/sso/register", "/api/auth/sso/update-provider", "/api/auth/sso/delete-provider"]) {
      const direct = await call(testApp.app, "POST", path, {
        cookie: adminA.cookie,
        body: { ...providerBody(), providerId, domain: "evil.test" },
      });
      expect(direct.statusCode, path).toBe(404);
    }
    const listDirect = await call(testApp.app, "GET", "/api/auth/sso/providers", { cookie: adminA.cookie });
    expect(listDirect.statusCode).toBe(404);
    const [row] = await providerRows();
    expect(row.domain).toBe(domainA);
  });

  it("lets the company delete its provider; sign-in by SSO for the domain then stops", async () => {
    const response = await call(testApp.app, "DELETE", `/api/sso/providers/${providerId}`, { cookie: adminA.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await providerRows()).toEqual([]);
    expect(await db().select().from(account).where(eq(account.providerId, providerId))).toEqual([]);
    const list = await call(testApp.app, "GET", "/api/sso/providers", { cookie: adminA.cookie });
    expect(list.json()).toEqual([]);
    const signInAfter = await call(testApp.app, "POST", "/api/auth/sign-in/sso", { body: { email: jane.email, callbackURL: "/welcome" } });
    expect(signInAfter.statusCode).toBe(404);
  });
});
