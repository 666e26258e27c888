import { randomInt, randomUUID } from "node:crypto";
import { sso } from "@better-auth/sso";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getOAuthState } from "better-auth/api";
import { emailOTP, openAPI } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { PASSWORD_MIN_LENGTH } from "@hearth/shared";
import type { DatabaseHandle } from "../db/client.js";
import * as schema from "../db/schema.js";
import type { Env } from "../env.js";
import { AppError } from "../lib/errors.js";
import { appOrigins } from "../lib/origin-check.js";
import { RULED_AUTH_PATHS, rulesWereApplied } from "./ruled-auth-paths.js";
import { GOOGLE_TERMS_REQUIRED, isSocialCallback, readTermsAcceptance } from "./terms-acceptance.js";

export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/**
 * What Better Auth's set-up asks of the slices: the emails it sends, the company a sign-up creates, the Staff seat an
 * SSO sign-in takes. app.ts hands them in (auth-hooks.ts builds them), so the platform imports no slice.
 */
export interface AuthHooks {
  sendPasswordReset(to: string, input: { firstName?: string | null; link: string }): Promise<void>;
  sendEmailChange(to: string, input: { firstName?: string | null; newEmail: string; link: string }): Promise<void>;
  sendVerificationCode(to: string, input: { firstName?: string | null; code: string; link: string }): Promise<void>;
  sendSignUpAttempt(to: string, input: { firstName?: string | null; signInLink: string; resetLink: string }): Promise<void>;
  /** A new sign-up's company, on the Free plan. */
  createCompany(companyName: string | null): Promise<{ id: string }>;
  claimCompanyOwnership(tenantId: string, userId: string): Promise<void>;
  /** Throws an AppError when the company has no Staff seat left for this address. */
  assertStaffSeat(tenantId: string, emailAddress: string): Promise<void>;
}

interface AuthDependencies {
  env: Env;
  database: DatabaseHandle;
  hooks: AuthHooks;
}

const splitName = (name: string | undefined) => {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? null, lastName: parts.slice(1).join(" ") || null };
};

const readText = (body: unknown, key: string): string | null => {
  const value = (body as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 200) : null;
};

/**
 * The SSO plugin's endpoints that manage providers are not reachable over HTTP: companies manage providers through
 * /api/sso/providers (admin only, domain rules), which calls the plugin's server API. The shared callback is unused
 * (each provider has its own /sso/callback/:providerId).
 */
const SSO_MANAGEMENT_PATHS = [
  "/sso/register",
  "/sso/update-provider",
  "/sso/delete-provider",
  "/sso/providers",
  "/sso/get-provider",
  "/sso/request-domain-verification",
  "/sso/verify-domain",
  "/sso/callback",
  "/sso/saml2/sp/metadata",
];

/**
 * Better Auth's openAPI plugin describes its endpoints for Hearth's document (lib/openapi.ts calls it on the
 * server); over HTTP neither its schema nor its reference page (which loads a script from a CDN) is served.
 */
const OPEN_API_PATHS = ["/open-api/generate-schema", "/reference"];

const ssoRefusal = (message: string) => new APIError("FORBIDDEN", { code: "SSO_ACCOUNT_NOT_ALLOWED", message });

export function createAuth({ env, database, hooks }: AuthDependencies) {
  const { db } = database;

  /** A user signing in by SSO joins the company that registered the provider for their email domain. */
  async function findSsoTenant(emailAddress: string): Promise<string | null> {
    const domain = emailAddress.split("@")[1]?.toLowerCase();
    if (!domain) return null;
    const [provider] = await db
      .select({ organizationId: schema.ssoProvider.organizationId })
      .from(schema.ssoProvider)
      .where(eq(schema.ssoProvider.domain, domain));
    return provider?.organizationId ?? null;
  }

  type SsoProviderRow = { providerId: string; domain: string; organizationId: string | null };

  async function findSsoProvider(providerId: unknown): Promise<SsoProviderRow | null> {
    if (typeof providerId !== "string" || !providerId) return null;
    const [provider] = await db
      .select({
        providerId: schema.ssoProvider.providerId,
        domain: schema.ssoProvider.domain,
        organizationId: schema.ssoProvider.organizationId,
      })
      .from(schema.ssoProvider)
      .where(eq(schema.ssoProvider.providerId, providerId));
    return provider ?? null;
  }

  const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const opaqueToken = () => Array.from({ length: 32 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join("");

  /**
   * Every request Better Auth serves over HTTP passes here, named by the endpoint it reached (ctx.path). An endpoint
   * Hearth's rules guard (auth-rules.ts) is served only when those rules ran for that very endpoint: whatever spelling
   * of a path a client tries, Better Auth's own routing decides which endpoint it is, and this refuses it unruled.
   * Calls from the server itself (auth.api.*) carry no request and are not HTTP traffic.
   */
  const hearthBeforeHook = createAuthMiddleware(async (ctx) => {
    if (ctx.request && RULED_AUTH_PATHS.has(ctx.path) && !rulesWereApplied(ctx.request.headers, ctx.path)) {
      throw new APIError("NOT_FOUND", { code: "NOT_FOUND", message: "Not found" });
    }
    if (ctx.path === "/sign-up/email" && ctx.request) return answerSignUpForExistingAddress(ctx);
    if (ctx.path === "/sign-in/sso") return checkSsoSignIn(ctx);
  });

  type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

  /**
   * Sign-up with an address that already has an account answers exactly as for a new address (status, body shape,
   * a session cookie of the same form that opens nothing, and a password hash for similar timing), and the owner
   * of the address is told by email instead. The answer never says whether the address is registered.
   */
  async function answerSignUpForExistingAddress(ctx: HookContext) {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const address = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    if (!address) return;
    const [existing] = await db
      .select({ id: schema.user.id, firstName: schema.user.firstName })
      .from(schema.user)
      .where(eq(schema.user.email, address));
    if (!existing) return;
    await ctx.context.password.hash(typeof body.password === "string" ? body.password : "");
    await hooks.sendSignUpAttempt(address, {
      firstName: existing.firstName,
      signInLink: `${env.APP_URL}/login`,
      resetLink: `${env.APP_URL}/forgot-password`,
    });
    const cookie = ctx.context.authCookies.sessionToken;
    await ctx.setSignedCookie(cookie.name, opaqueToken(), ctx.context.secret, {
      ...cookie.attributes,
      maxAge: body.rememberMe === false ? undefined : SESSION_LIFETIME_SECONDS,
    });
    if (body.rememberMe === false) {
      const dontRemember = ctx.context.authCookies.dontRememberToken;
      await ctx.setSignedCookie(dontRemember.name, "true", ctx.context.secret, dontRemember.attributes);
    }
    const now = new Date();
    return ctx.json({
      token: opaqueToken(),
      user: {
        name: typeof body.name === "string" ? body.name : "",
        email: address,
        emailVerified: false,
        image: typeof body.image === "string" ? body.image : null,
        createdAt: now,
        updatedAt: now,
        firstName: readText(body, "firstName"),
        lastName: readText(body, "lastName"),
        phone: null,
        jobTitle: null,
        pendingEmail: null,
        role: "Admin",
        tenantId: randomUUID(),
        isInternalAccount: false,
        termsAndConditionsAcceptDate: now,
        id: randomUUID(),
      },
    });
  }

  /**
   * Before the plugin looks a provider up for POST /sign-in/sso: an email (or domain) must match a company's provider
   * exactly. The plugin would also accept a parent domain, which the account rules below refuse after the round trip
   * to the identity provider; this answers at once and clearly instead.
   */
  async function checkSsoSignIn(ctx: HookContext) {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (body.organizationSlug !== undefined) {
      throw new APIError("BAD_REQUEST", { code: "SSO_BY_ORGANIZATION_UNSUPPORTED", message: "Sign in with your work email address." });
    }
    if (typeof body.providerId === "string" && body.providerId) return;
    const fromEmail = typeof body.email === "string" ? body.email.split("@").pop() : undefined;
    const domain = (typeof body.domain === "string" && body.domain ? body.domain : fromEmail)?.trim().toLowerCase();
    const organizationId = domain ? await findSsoTenant(`@${domain}`) : null;
    if (!organizationId) {
      throw new APIError("NOT_FOUND", {
        code: "SSO_NOT_CONFIGURED",
        message: "Single sign-on is not set up for this email domain. Sign in with your password instead.",
      });
    }
  }

  /**
   * The company an SSO sign-in belongs to: the company that registered the provider the user came through, and only
   * for an email address at exactly that provider's domain. An identity provider cannot place anyone elsewhere.
   */
  function ssoTenantFor(provider: SsoProviderRow, emailAddress: string): string {
    const domain = emailAddress.split("@").pop()?.toLowerCase();
    if (!provider.organizationId) throw ssoRefusal("This single sign-on provider is not linked to a company.");
    if (domain !== provider.domain) throw ssoRefusal(`Single sign-on through this provider is only for ${provider.domain} addresses.`);
    return provider.organizationId;
  }

  /** Someone joining a company as Staff takes a view licence: refused past the effective plan's limit (decision 0027 §5). */
  async function checkStaffSeat(tenantId: string, emailAddress: string): Promise<void> {
    try {
      await hooks.assertStaffSeat(tenantId, emailAddress);
    } catch (error) {
      if (error instanceof AppError) throw new APIError("FORBIDDEN", { code: error.code, message: error.userMessage });
      throw error;
    }
  }

  async function firstNameOf(emailAddress: string): Promise<string | null> {
    const [row] = await db
      .select({ firstName: schema.user.firstName })
      .from(schema.user)
      .where(eq(schema.user.email, emailAddress.toLowerCase()));
    return row?.firstName ?? null;
  }

  return betterAuth({
    appName: "Hearth",
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: appOrigins(env),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        ssoProvider: schema.ssoProvider,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await hooks.sendPasswordReset(user.email, { firstName: (user as { firstName?: string }).firstName, link: url });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await hooks.sendEmailChange(user.email, {
          firstName: (user as { firstName?: string }).firstName,
          newEmail: user.email,
          link: url,
        });
      },
    },
    user: {
      changeEmail: { enabled: true },
      additionalFields: {
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        phone: { type: "string", required: false, input: false },
        jobTitle: { type: "string", required: false, input: false },
        pendingEmail: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false, defaultValue: "Staff" },
        tenantId: { type: "string", required: false, input: false },
        isInternalAccount: { type: "boolean", required: false, input: false, defaultValue: false },
        termsAndConditionsAcceptDate: { type: "date", required: false, input: false },
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
        : {},
    session: { expiresIn: SESSION_LIFETIME_SECONDS, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: env.isProduction },
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ["x-forwarded-for"] : [], disableIpTracking: false },
    },
    disabledPaths: [...SSO_MANAGEMENT_PATHS, ...OPEN_API_PATHS],
    hooks: { before: hearthBeforeHook },
    telemetry: { enabled: false },
    logger: { disabled: env.NODE_ENV === "test" },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            const body = ctx?.body;
            const fromName = splitName(user.name);
            // SSO maps the provider's given_name/family_name claims onto firstName/lastName.
            const firstName = readText(body, "firstName") ?? readText(user, "firstName") ?? fromName.firstName;
            const lastName = readText(body, "lastName") ?? readText(user, "lastName") ?? fromName.lastName;
            if (ctx?.path?.startsWith("/sso/")) {
              const provider = await findSsoProvider(ctx.params?.providerId);
              if (!provider) throw ssoRefusal("Unknown single sign-on provider.");
              const tenantId = ssoTenantFor(provider, user.email);
              await checkStaffSeat(tenantId, user.email);
              return { data: { ...user, firstName, lastName, tenantId, role: "Staff", isInternalAccount: false } };
            }
            const ssoTenantId = await findSsoTenant(user.email);
            if (ssoTenantId) {
              await checkStaffSeat(ssoTenantId, user.email);
              return { data: { ...user, firstName, lastName, tenantId: ssoTenantId, role: "Staff", isInternalAccount: false } };
            }
            // The registration form's checkbox: auth-rules.ts refuses a sign-up by email without it; a new company
            // through Google needs it too, carried through the round trip (decision 0029).
            const accepted = readTermsAcceptance({
              path: ctx?.path,
              body,
              oauthState: isSocialCallback(ctx?.path) ? await getOAuthState() : null,
            });
            if (accepted === "missing" && isSocialCallback(ctx?.path)) throw new APIError("FORBIDDEN", { message: GOOGLE_TERMS_REQUIRED });
            const created = await hooks.createCompany(readText(body, "companyName"));
            const termsAndConditionsAcceptDate = accepted === "accepted" ? new Date() : null;
            return {
              data: {
                ...user,
                firstName,
                lastName,
                tenantId: created.id,
                role: "Admin",
                isInternalAccount: false,
                termsAndConditionsAcceptDate,
              },
            };
          },
          async after(user) {
            const created = user as typeof user & { tenantId?: string; role?: string };
            if (created.tenantId && created.role === "Admin") await hooks.claimCompanyOwnership(created.tenantId, user.id);
          },
        },
      },
      account: {
        create: {
          /** An SSO sign-in links only a user of the provider's company whose email is at the provider's domain. */
          async before(account, ctx) {
            const provider = await findSsoProvider(account.providerId);
            if (!provider) return;
            const owner = ctx
              ? await ctx.context.internalAdapter.findUserById(account.userId)
              : ((await db.select().from(schema.user).where(eq(schema.user.id, account.userId)))[0] ?? null);
            if (!owner) throw ssoRefusal("Unknown user.");
            if ((owner as { tenantId?: string }).tenantId !== ssoTenantFor(provider, owner.email)) {
              throw ssoRefusal("This account belongs to another company.");
            }
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        sendVerificationOnSignUp: true,
        disableSignUp: true,
        async sendVerificationOTP({ email: address, otp, type }) {
          if (type !== "email-verification") return;
          const link = `${env.APP_URL}/new-company/verify?${new URLSearchParams({ email: address, code: otp })}`;
          await hooks.sendVerificationCode(address, { firstName: await firstNameOf(address), code: otp, link });
        },
      }),
      sso({
        trustEmailVerified: true,
        // A domain is claimed by registering it (first come, see the decision record); no DNS proof yet.
        domainVerification: { enabled: false },
        disableImplicitSignUp: false,
        defaultOverrideUserInfo: false,
      }),
      openAPI({ disableDefaultReference: true }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
