import { randomBytes } from "node:crypto";
import {
  DiscoveryError,
  computeDiscoveryUrl,
  fetchDiscoveryDocument,
  normalizeDiscoveryUrls,
  selectTokenEndpointAuthMethod,
  validateDiscoveryDocument,
} from "@better-auth/sso";
import { isAPIError } from "better-auth/api";
import type { SsoProvider, SsoProviderInput } from "@hearth/shared";
import type { Auth } from "../../auth/auth.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import {
  type SsoProviderRow,
  assignProviderToTenant,
  countProviders,
  deleteProvider,
  findDomainClaim,
  holdsFirstClaim,
  listProviders,
} from "./sso.repo.js";

export interface SsoDependencies {
  db: Database;
  auth: Auth;
  appUrl: string;
}

export const MAX_PROVIDERS_PER_COMPANY = 10;
const DISCOVERY_TIMEOUT_MS = 5_000;

/**
 * Webmail and consumer mailbox domains: a claim on one of these would pull strangers into a company.
 * Checked exactly and as a parent domain (mail.yahoo.com is refused as well).
 */
export const PUBLIC_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "hotmail.fr",
  "live.com",
  "live.co.uk",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "yahoo.fr",
  "ymail.com",
  "rocketmail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "protonmail.ch",
  "pm.me",
  "gmx.com",
  "gmx.net",
  "gmx.de",
  "web.de",
  "t-online.de",
  "mail.com",
  "email.com",
  "zoho.com",
  "zohomail.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "126.com",
  "fastmail.com",
  "tutanota.com",
  "tuta.io",
  "hey.com",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "libero.it",
  "btinternet.com",
  "comcast.net",
  "verizon.net",
  "att.net",
  "naver.com",
  "rediffmail.com",
]);

export function isPublicEmailDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split(".");
  for (let start = 0; start < labels.length - 1; start++) {
    if (PUBLIC_EMAIL_DOMAINS.has(labels.slice(start).join("."))) return true;
  }
  return false;
}

const domainOf = (email: string) => email.split("@").pop()?.toLowerCase() ?? "";

const redirectUriFor = (appUrl: string, providerId: string) =>
  `${new URL(appUrl).origin}/api/auth/sso/callback/${encodeURIComponent(providerId)}`;

const toSsoProvider = (appUrl: string, row: SsoProviderRow): SsoProvider => ({
  providerId: row.providerId,
  domain: row.domain,
  issuer: row.issuer,
  redirectUri: redirectUriFor(appUrl, row.providerId),
});

const invalid = (field: keyof SsoProviderInput, message: string, userMessage = "Some fields need your attention.") =>
  new AppError("VALIDATION_FAILED", userMessage, { fields: { [field]: message } });

export async function listSsoProviders(deps: SsoDependencies, tenantId: string): Promise<SsoProvider[]> {
  const rows = await listProviders(deps.db, tenantId);
  return rows.map((row) => toSsoProvider(deps.appUrl, row));
}

/**
 * Registers an OIDC provider for one email domain of the caller's company. Hearth reads the issuer's discovery
 * document itself (public hosts only, unless the operator trusts the origin), then hands the explicit endpoints to
 * the Better Auth SSO plugin so the stored configuration is the plugin's own; finally the row is tied to the company.
 */
export async function registerSsoProvider(
  deps: SsoDependencies,
  actor: Actor,
  input: SsoProviderInput,
  headers: Headers,
): Promise<SsoProvider> {
  const { db, auth } = deps;
  const tenantId = actor.tenantId;
  const domain = input.domain;

  if (isPublicEmailDomain(domain)) {
    throw invalid("domain", "Public email domains such as gmail.com cannot be used for single sign-on.");
  }
  if (!actor.isInternalAccount && (domainOf(actor.email) !== domain || !actor.emailVerified)) {
    throw invalid(
      "domain",
      `You can set up single sign-on only for the domain of your own verified email address (${domainOf(actor.email) || "unknown"}).`,
    );
  }
  const claim = await findDomainClaim(db, tenantId, domain);
  if (claim !== "none") throw domainTaken(claim);
  if ((await countProviders(db, tenantId)) >= MAX_PROVIDERS_PER_COMPANY) {
    throw new AppError("CONFLICT", `A company can register at most ${MAX_PROVIDERS_PER_COMPANY} single sign-on providers.`);
  }

  const discovered = await discoverIssuer(deps, input.issuer);
  const providerId = `${domain.replaceAll(".", "-")}-${randomBytes(4).toString("hex")}`;
  try {
    await auth.api.registerSSOProvider({
      headers,
      body: {
        providerId,
        issuer: discovered.issuer,
        domain,
        oidcConfig: {
          clientId: input.clientId,
          clientSecret: input.clientSecret,
          skipDiscovery: true,
          discoveryEndpoint: discovered.discoveryEndpoint,
          authorizationEndpoint: discovered.authorizationEndpoint,
          tokenEndpoint: discovered.tokenEndpoint,
          jwksEndpoint: discovered.jwksEndpoint,
          userInfoEndpoint: discovered.userInfoEndpoint,
          tokenEndpointAuthentication: discovered.tokenEndpointAuthentication,
          pkce: true,
          scopes: ["openid", "email", "profile"],
          mapping: {
            email: "email",
            emailVerified: "email_verified",
            name: "name",
            extraFields: { firstName: "given_name", lastName: "family_name" },
          },
        },
      },
    });
  } catch (error) {
    if (isAPIError(error)) {
      const status = typeof error.statusCode === "number" ? error.statusCode : 400;
      if (status === 401) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
      if (status < 500) throw invalid("issuer", error.body?.message ?? "The identity provider settings were refused.");
    }
    throw error;
  }

  const assigned = await assignProviderToTenant(db, tenantId, providerId);
  if (!assigned || !(await holdsFirstClaim(db, tenantId, providerId, domain))) {
    await deleteProvider(db, tenantId, providerId);
    throw domainTaken("other");
  }
  return toSsoProvider(deps.appUrl, { providerId, domain, issuer: discovered.issuer });
}

export async function deleteSsoProvider(deps: SsoDependencies, tenantId: string, providerId: string): Promise<{ ok: true }> {
  if (!(await deleteProvider(deps.db, tenantId, providerId))) throw notFound("Single sign-on provider not found");
  return { ok: true };
}

function domainTaken(claim: "self" | "other"): AppError {
  const message =
    claim === "self"
      ? "Your company already has single sign-on for this domain."
      : "This domain is already used for single sign-on by another company.";
  return new AppError("CONFLICT", message, { fields: { domain: message } });
}

interface DiscoveredIssuer {
  issuer: string;
  discoveryEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint?: string;
  tokenEndpointAuthentication: "client_secret_basic" | "client_secret_post";
}

/**
 * Reads `<issuer>/.well-known/openid-configuration` with the SSO plugin's own fetch policy: no redirects, a
 * timeout, and a host that resolves to a public address, unless the operator listed the origin in Better Auth's
 * trusted origins (BETTER_AUTH_TRUSTED_ORIGINS, for an IdP on a private network). A company admin's input never
 * adds a trusted origin.
 */
async function discoverIssuer(deps: SsoDependencies, issuer: string): Promise<DiscoveredIssuer> {
  const context = await deps.auth.$context;
  const trustedByOperator = (url: string) => context.isTrustedOrigin(url);
  const issuerUrl = new URL(issuer);
  if (issuerUrl.origin === new URL(deps.appUrl).origin) throw invalid("issuer", "The issuer must be your identity provider, not Hearth.");
  if (issuerUrl.username || issuerUrl.password || issuerUrl.search || issuerUrl.hash) {
    throw invalid("issuer", "Enter the issuer URL without credentials, query or fragment.");
  }
  if (issuerUrl.protocol !== "https:" && !trustedByOperator(issuer)) throw invalid("issuer", "The issuer URL must start with https://.");
  try {
    const discoveryEndpoint = computeDiscoveryUrl(issuer);
    const document = await fetchDiscoveryDocument(discoveryEndpoint, DISCOVERY_TIMEOUT_MS, trustedByOperator);
    validateDiscoveryDocument(document, issuer);
    // Endpoints may live on other hosts (Google's do); https is required, and the plugin checks again before
    // each server-side fetch that the host is public or trusted by the operator.
    const endpoints = normalizeDiscoveryUrls(document, issuer, (url) => trustedByOperator(url) || url.startsWith("https://"));
    const tokenEndpointAuthentication = selectTokenEndpointAuthMethod(endpoints);
    if (tokenEndpointAuthentication === "private_key_jwt") {
      throw invalid("issuer", "The identity provider must accept a client secret (client_secret_basic or client_secret_post).");
    }
    return {
      issuer: document.issuer,
      discoveryEndpoint,
      authorizationEndpoint: endpoints.authorization_endpoint,
      tokenEndpoint: endpoints.token_endpoint,
      jwksEndpoint: endpoints.jwks_uri,
      userInfoEndpoint: endpoints.userinfo_endpoint,
      tokenEndpointAuthentication,
    };
  } catch (error) {
    if (error instanceof DiscoveryError)
      throw invalid("issuer", describeDiscoveryError(error), "The identity provider could not be set up.");
    throw error;
  }
}

function describeDiscoveryError(error: DiscoveryError): string {
  switch (error.code) {
    case "discovery_private_host":
      return "The issuer must be reachable on the public internet (an internal identity provider has to be trusted by the operator).";
    case "discovery_untrusted_origin":
    case "discovery_invalid_url":
      return "The identity provider's endpoints must use https.";
    case "discovery_timeout":
      return "The identity provider did not answer in time.";
    case "discovery_not_found":
      return "No OpenID Connect configuration was found at this issuer (…/.well-known/openid-configuration).";
    case "issuer_mismatch":
      return "The issuer URL does not match the issuer the identity provider reports.";
    case "discovery_incomplete":
    case "discovery_invalid_json":
      return "The identity provider's OpenID Connect configuration is incomplete.";
    case "oidc_endpoint_redirect":
      return "The issuer URL redirects; enter the final issuer URL.";
    default:
      return "The identity provider's OpenID Connect configuration could not be read.";
  }
}
