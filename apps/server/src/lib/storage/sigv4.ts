/**
 * AWS Signature Version 4 for S3-compatible stores (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Ceph), header form,
 * with the payload hash sent as `x-amz-content-sha256` (UNSIGNED-PAYLOAD for a stream). Written against the
 * algorithm AWS documents; checked against its published example signature in sigv4.test.ts.
 */
import { createHash, createHmac } from "node:crypto";

export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Header names lower case; `host` is added from the URL. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or "UNSIGNED-PAYLOAD". */
  payloadHash: string;
  date: Date;
}

export const EMPTY_PAYLOAD_HASH = createHash("sha256").update("").digest("hex");

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
const hex = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");

/** RFC 3986 percent-encoding, as SigV4 wants it (everything but unreserved characters; `/` kept in paths). */
function encode(text: string, keepSlash: boolean): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === "/")) return char;
      return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The headers to send: the request's own plus x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(request: RequestToSign, keys: SigningKeys): Record<string, string> {
  const stamp = amzDate(request.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value])),
    host: request.url.host,
    "x-amz-date": stamp,
    "x-amz-content-sha256": request.payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name].trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...request.url.searchParams.entries()]
    .map(([key, value]) => [encode(key, false), encode(value, false)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const path = encode(decodeURIComponent(request.url.pathname), true);
  const canonicalRequest = [request.method, path, query, canonicalHeaders, signedHeaders, request.payloadHash].join("\n");
  const scope = `${day}/${keys.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), keys.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign, "utf8").digest("hex");
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
