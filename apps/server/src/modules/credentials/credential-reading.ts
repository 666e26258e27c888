import { CREDENTIAL_MAX_BYTES, CREDENTIAL_MAX_DEPTH, VERIFY_FILE_MAX_BYTES } from "@hearth/shared";
import { jsonDepthWithin } from "../../lib/json-depth.js";
import { BakedCredentialError, isPng, readBakedCredential } from "./baking.js";

/**
 * What POST /api/credentials/verify reads before any signature is checked (docs/decisions/0054): the uploaded badge
 * file, the credential baked into it (a compressed PNG chunk is inflated no further than the bound) or sent as text,
 * and its JSON, each bounded. Pure; credential-reader.ts runs it on a worker thread with a time limit.
 */

export { CREDENTIAL_MAX_BYTES, CREDENTIAL_MAX_DEPTH, VERIFY_FILE_MAX_BYTES };

export type CredentialReadProblem =
  | "file-too-large"
  | "not-an-image"
  | "no-credential"
  | "credential-too-large"
  | "too-deep"
  | "not-json"
  | "not-an-object";

export type CredentialReadOutcome =
  | { ok: true; source: "credential" | "png" | "svg"; credential: Record<string, unknown> }
  | { ok: false; problem: CredentialReadProblem };

export interface CredentialReadInput {
  /** A badge PNG or SVG, base64. */
  file?: string;
  /** A credential as JSON text. */
  text?: string;
}

const fail = (problem: CredentialReadProblem): CredentialReadOutcome => ({ ok: false, problem });

function parseCredential(text: string, source: "credential" | "png" | "svg"): CredentialReadOutcome {
  if (Buffer.byteLength(text, "utf8") > CREDENTIAL_MAX_BYTES) return fail("credential-too-large");
  if (!jsonDepthWithin(text, CREDENTIAL_MAX_DEPTH)) return fail("too-deep");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail("not-json");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return fail("not-an-object");
  return { ok: true, source, credential: parsed as Record<string, unknown> };
}

export function readSubmittedCredential(input: CredentialReadInput): CredentialReadOutcome {
  if (input.file === undefined) return parseCredential(input.text ?? "", "credential");
  // base64 of the bound, checked before anything is decoded
  if (input.file.length > Math.ceil(VERIFY_FILE_MAX_BYTES / 3) * 4 + 4) return fail("file-too-large");
  const bytes = Buffer.from(input.file, "base64");
  if (bytes.length > VERIFY_FILE_MAX_BYTES) return fail("file-too-large");
  let text: string | null;
  try {
    text = readBakedCredential(bytes, CREDENTIAL_MAX_BYTES);
  } catch (error) {
    return fail(error instanceof BakedCredentialError ? error.problem : "not-an-image");
  }
  if (text === null) return fail("no-credential");
  return parseCredential(text, isPng(bytes) ? "png" : "svg");
}
