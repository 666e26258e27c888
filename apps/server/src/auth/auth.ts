import { randomUUID } from "node:crypto";
import { sso } from "@better-auth/sso";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { PASSWORD_MIN_LENGTH } from "@hearth/shared";
import type { DatabaseHandle } from "../db/client.js";
import * as schema from "../db/schema.js";
import type { Env } from "../env.js";
import { claimTenantOwnership, insertTenant } from "../modules/company/company.repo.js";
import type { EmailService } from "../modules/email/email.service.js";
import { renderEmailChangeEmail, renderPasswordResetEmail, renderVerificationEmail } from "../modules/email/email.templates.js";

export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

interface AuthDependencies {
  env: Env;
  database: DatabaseHandle;
  email: EmailService;
}

const splitName = (name: string | undefined) => {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? null, lastName: parts.slice(1).join(" ") || null };
};

const readText = (body: unknown, key: string): string | null => {
  const value = (body as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 200) : null;
};

export function createAuth({ env, database, email }: AuthDependencies) {
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
    trustedOrigins: [new URL(env.APP_URL).origin],
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
        const message = renderPasswordResetEmail({ firstName: (user as { firstName?: string }).firstName, link: url });
        await email.queue({ ...message, to: user.email, kind: "password-reset" });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        const message = renderEmailChangeEmail({
          firstName: (user as { firstName?: string }).firstName,
          newEmail: user.email,
          link: url,
        });
        await email.queue({ ...message, to: user.email, kind: "email-change" });
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
    telemetry: { enabled: false },
    logger: { disabled: env.NODE_ENV === "test" },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            const body = ctx?.body;
            const fromName = splitName(user.name);
            const firstName = readText(body, "firstName") ?? fromName.firstName;
            const lastName = readText(body, "lastName") ?? fromName.lastName;
            const ssoTenantId = await findSsoTenant(user.email);
            if (ssoTenantId) {
              return { data: { ...user, firstName, lastName, tenantId: ssoTenantId, role: "Staff", isInternalAccount: false } };
            }
            const created = await insertTenant(db, { companyName: readText(body, "companyName"), plan: "Free" });
            return { data: { ...user, firstName, lastName, tenantId: created.id, role: "Admin", isInternalAccount: false } };
          },
          async after(user) {
            const created = user as typeof user & { tenantId?: string; role?: string };
            if (created.tenantId && created.role === "Admin") await claimTenantOwnership(db, created.tenantId, user.id);
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
          const message = renderVerificationEmail({ firstName: await firstNameOf(address), code: otp, link });
          await email.queue({ ...message, to: address, kind: "email-verification" });
        },
      }),
      sso({
        provisionUser: undefined,
        trustEmailVerified: true,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
