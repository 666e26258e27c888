import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { defineRoute } from "../../lib/route.js";
import { getIssuerDocument, getPublicCredential, getStatusListCredential, revokeBadge, verifySubmission } from "./credentials.service.js";
import { ISSUER_PATH, STATUS_LIST_PATH } from "./issuer.js";

/** A badge image sent for verification: 1 MiB of PNG or SVG at most (base64 in JSON, about 1.4 MB). */
export const VERIFY_FILE_MAX_BYTES = 1024 * 1024;
/** Verifications per minute per address: each one canonicalises and checks two signatures. */
export const VERIFY_PER_MINUTE = 60;

const jsonLdDocument = z.record(z.string(), z.unknown());

export const credentialParamsSchema = z.object({ credentialId: z.uuid() });
export const badgeParamsSchema = z.object({ id: z.uuid() });

export const verifyBodySchema = z
  .object({
    credential: z.union([jsonLdDocument, z.string().min(2).max(200_000)]).optional(),
    file: z
      .string()
      .max(Math.ceil(VERIFY_FILE_MAX_BYTES / 3) * 4 + 4, "The badge file may be 1 MiB at most")
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
  const limiter = new MemoryRateLimiter(VERIFY_PER_MINUTE, 60_000);

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
      "Verify an Open Badges credential (JSON) or the credential baked into a badge PNG or SVG (base64, 1 MiB at most): signature, validity period, revocation and issuer",
    tags: ["credentials"],
    access: "public",
    body: verifyBodySchema,
    response: verifyResponseSchema,
    bodyLimit: 2 * 1024 * 1024,
    handler: async ({ body, request }) => {
      limiter.enforce(request.ip);
      return verifySubmission(ctx, body);
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
