import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { CredentialReader } from "./credential-reader.js";
import { CREDENTIAL_MAX_BYTES, VERIFY_FILE_MAX_BYTES } from "./credential-reading.js";
import { getIssuerDocument, getPublicCredential, getStatusListCredential, revokeBadge, verifySubmission } from "./credentials.service.js";
import { ISSUER_PATH, STATUS_LIST_PATH } from "./issuer.js";

/**
 * Verifications per address: each one reads the file on the reader's thread, canonicalises the credential and
 * checks two signatures (tens of milliseconds of CPU for a real badge, up to the reader's 1 s limit for a hostile
 * file), so a person checking a few badges is never stopped and one address cannot keep a core busy
 * (docs/decisions/0054). Counted in the database, so every instance shares them.
 */
export const VERIFY_PER_MINUTE = 20;
export const VERIFY_PER_HOUR = 200;
/** The request body: the base64 of the largest file, and the field names around it. */
const VERIFY_BODY_LIMIT = Math.ceil(VERIFY_FILE_MAX_BYTES / 3) * 4 + 4 * 1024;

const jsonLdDocument = z.record(z.string(), z.unknown());

export const credentialParamsSchema = z.object({ credentialId: z.uuid() });
export const badgeParamsSchema = z.object({ id: z.uuid() });

export const verifyBodySchema = z
  .object({
    credential: z.union([jsonLdDocument, z.string().min(2).max(CREDENTIAL_MAX_BYTES, "The credential may be 32 KiB at most")]).optional(),
    file: z
      .string()
      .max(Math.ceil(VERIFY_FILE_MAX_BYTES / 3) * 4 + 4, "The badge file may be 512 KiB at most")
      .regex(/^[A-Za-z0-9+/=\s]+$/, "The file must be base64")
      .optional(),
  })
  .refine((body) => (body.credential === undefined) !== (body.file === undefined), {
    message: "Send either a credential or a badge file",
    path: ["credential"],
  });

const check = (statuses: readonly [string, ...string[]]) => z.object({ status: z.enum(statuses), message: z.string().optional() });

export const verifyResponseSchema = z.object({
  verified: z.boolean(),
  source: z.enum(["credential", "png", "svg"]),
  checks: z.object({
    signature: check(["ok", "failed"]),
    validity: check(["ok", "expired", "not-yet-valid", "failed"]).extend({
      validFrom: z.string().optional(),
      validUntil: z.string().optional(),
    }),
    revocation: check(["ok", "revoked", "unknown"]),
    issuer: check(["ok", "failed"]).extend({ id: z.string().optional() }),
  }),
  credential: jsonLdDocument.nullable(),
});

const revokeResponseSchema = z.object({ id: z.uuid(), revokedAt: z.string() });

/** Open Badges 3.0 credentials: the issuer, the status list, each credential, verification and revocation (0037). */
export async function registerCredentialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reader = new CredentialReader();
  app.addHook("onClose", () => reader.close());

  defineRoute(app, ctx, {
    method: "GET",
    url: ISSUER_PATH,
    summary:
      "The instance's Open Badges issuer profile, also the controller document of its Ed25519 key (Multikey) that signs every badge credential",
    tags: ["credentials"],
    access: "public",
    response: jsonLdDocument,
    handler: async ({ reply }) => {
      reply.header("cache-control", "public, max-age=3600").header("access-control-allow-origin", "*");
      return getIssuerDocument(ctx);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: STATUS_LIST_PATH,
    summary: "The signed Bitstring Status List credential of revoked badges (statusPurpose revocation)",
    tags: ["credentials"],
    access: "public",
    response: jsonLdDocument,
    handler: async ({ reply }) => {
      reply.header("cache-control", "public, max-age=60").header("access-control-allow-origin", "*");
      return getStatusListCredential(ctx);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/credentials/verify",
    summary:
      "Verify an Open Badges credential (JSON) or the credential baked into a badge PNG or SVG (base64, 512 KiB at most; a credential 32 KiB at most): signature, validity period, revocation and issuer",
    tags: ["credentials"],
    access: "public",
    body: verifyBodySchema,
    response: verifyResponseSchema,
    bodyLimit: VERIFY_BODY_LIMIT,
    handler: async ({ body, request }) => {
      await ctx.rateLimiter.enforce([
        { key: `credential-verify:ip:${request.ip}`, limit: VERIFY_PER_MINUTE, windowSeconds: 60 },
        { key: `credential-verify-hour:ip:${request.ip}`, limit: VERIFY_PER_HOUR, windowSeconds: 3600 },
      ]);
      return verifySubmission(ctx, reader, body);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/credentials/:credentialId",
    summary: "The signed OpenBadgeCredential of an issued certification or award (public; a revoked one is still answered)",
    tags: ["credentials"],
    access: "public",
    params: credentialParamsSchema,
    response: jsonLdDocument,
    handler: async ({ params, reply }) => {
      reply.header("access-control-allow-origin", "*");
      return getPublicCredential(ctx, params.credentialId);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/internal/badges/:id/revoke",
    summary: "Revoke an issued badge (internal accounts only): its credential's bit is set in the status list, so it no longer verifies",
    tags: ["internal"],
    access: "internal",
    params: badgeParamsSchema,
    response: revokeResponseSchema,
    handler: ({ actor, params }) => revokeBadge(ctx, actor, params.id),
  });
}
