import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Ed25519KeyPair } from "@digitalbazaar/ed25519-multikey";
import type { Env } from "../../env.js";
import { MULTIKEY_CONTEXT, OB_V3_CONTEXT, SECURITY_V2_CONTEXT, VC_V2_CONTEXT } from "./contexts.js";

/**
 * The Hearth instance as an Open Badges issuer (docs/decisions/0037): one Ed25519 key, published with the issuer's
 * profile at a stable URL under APP_URL, which is also the controller document that authorises the key.
 */

export const ISSUER_PATH = "/api/credentials/issuer";
export const STATUS_LIST_PATH = "/api/credentials/status/1";
export const CREDENTIAL_PATH = "/api/credentials";
export const ISSUER_NAME = "Hearth";

export interface Issuer {
  /** The issuer profile's id, also the key's controller: {APP_URL}/api/credentials/issuer. */
  id: string;
  /** The verification method: {issuer id}#key-1. */
  keyId: string;
  appUrl: string;
  keyPair: Ed25519KeyPair;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * The 32-byte Ed25519 seed: BADGE_SIGNING_KEY (64 hexadecimal characters), else one generated once into DATA_DIR
 * (`badge-signing-key`), else (an in-memory data directory, as in tests) one kept for the life of the process.
 */
function signingSeed(env: Pick<Env, "BADGE_SIGNING_KEY" | "DATA_DIR">): Buffer {
  if (env.BADGE_SIGNING_KEY) return Buffer.from(env.BADGE_SIGNING_KEY, "hex");
  if (env.DATA_DIR.startsWith("memory://")) {
    processSeed ??= randomBytes(32);
    return processSeed;
  }
  const file = path.join(env.DATA_DIR, "badge-signing-key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  mkdirSync(env.DATA_DIR, { recursive: true });
  const seed = randomBytes(32);
  writeFileSync(file, seed.toString("hex"), { mode: 0o600 });
  return seed;
}
let processSeed: Buffer | undefined;

const issuers = new Map<string, Promise<Issuer>>();

/** The instance's issuer, built once per APP_URL and key. */
export function loadIssuer(env: Pick<Env, "APP_URL" | "BADGE_SIGNING_KEY" | "DATA_DIR">): Promise<Issuer> {
  const seed = signingSeed(env);
  const appUrl = trimSlash(env.APP_URL);
  const cacheKey = `${appUrl} ${seed.toString("hex")}`;
  let issuer = issuers.get(cacheKey);
  if (!issuer) {
    const id = `${appUrl}${ISSUER_PATH}`;
    const keyId = `${id}#key-1`;
    // the key library is loaded on first use, like the signing libraries (credential.ts), not at the server's start
    issuer = import("@digitalbazaar/ed25519-multikey")
      .then((Ed25519Multikey) => Ed25519Multikey.generate({ id: keyId, controller: id, seed: new Uint8Array(seed) }))
      .then((keyPair) => ({ id, keyId, appUrl, keyPair }));
    issuers.set(cacheKey, issuer);
  }
  return issuer;
}

/** The public Multikey document of the verification method. */
export function verificationMethodDocument(issuer: Issuer): Record<string, unknown> {
  return {
    "@context": MULTIKEY_CONTEXT,
    id: issuer.keyId,
    type: "Multikey",
    controller: issuer.id,
    publicKeyMultibase: issuer.keyPair.publicKeyMultibase,
  };
}

/**
 * The issuer document at {APP_URL}/api/credentials/issuer: the Open Badges issuer Profile (id, name, url) and the
 * controller document naming the key as an assertion method, with the public key embedded.
 */
export function issuerDocument(issuer: Issuer): Record<string, unknown> {
  const { "@context": _context, ...method } = verificationMethodDocument(issuer);
  return {
    // Security v2 defines the controller terms (verificationMethod, assertionMethod); Multikey the key's own.
    "@context": [VC_V2_CONTEXT, OB_V3_CONTEXT, SECURITY_V2_CONTEXT, MULTIKEY_CONTEXT],
    id: issuer.id,
    type: ["Profile"],
    name: ISSUER_NAME,
    url: issuer.appUrl,
    description: "The Hearth instance that certifies workplaces; its badges are Open Badges 3.0 credentials.",
    verificationMethod: [method],
    assertionMethod: [issuer.keyId],
  };
}
