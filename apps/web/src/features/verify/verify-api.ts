import { api } from "../../lib/api";
import { VERIFY_FILE_MAX_BYTES } from "@hearth/shared";

/** What the server's verification answers (POST /api/credentials/verify, docs/decisions/0037). */
export interface VerifyResult {
  verified: boolean;
  source: "credential" | "png" | "svg";
  checks: {
    signature: { status: "ok" | "failed"; message?: string };
    validity: { status: "ok" | "expired" | "not-yet-valid" | "failed"; validFrom?: string; validUntil?: string };
    revocation: { status: "ok" | "revoked" | "unknown"; message?: string };
    issuer: { status: "ok" | "failed"; id?: string; message?: string };
  };
  credential: Record<string, unknown> | null;
}

export const fetchCredential = (credentialId: string) =>
  api<Record<string, unknown>>(`/api/credentials/${encodeURIComponent(credentialId)}`);

export const verifyCredential = (credential: Record<string, unknown>) =>
  api<VerifyResult>("/api/credentials/verify", { body: { credential } });

/** The largest badge file the server accepts (decision 0054). */
export const BADGE_FILE_MAX_BYTES = VERIFY_FILE_MAX_BYTES;

export async function verifyBadgeFile(file: File): Promise<VerifyResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return api<VerifyResult>("/api/credentials/verify", { body: { file: btoa(binary) } });
}
