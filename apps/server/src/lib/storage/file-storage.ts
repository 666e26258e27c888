/**
 * Where uploaded files live (issue 14 item 6, docs/decisions/0042): the data directory by default, any S3-compatible
 * store when S3_* is set. Keys are built by the uploads service only (tenant id, a checked folder, a random id and a
 * cleaned name) and checked again here, so no key can leave the storage root whatever reaches this module.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { EMPTY_PAYLOAD_HASH, type SigningKeys, signRequest } from "./sigv4.js";

export interface FileStorage {
  readonly kind: "local" | "s3" | "memory";
  /** Stores the bytes under `key`; answers the number of bytes stored. */
  put(key: string, body: Readable, contentType: string): Promise<number>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

/** A storage key: segments of letters, digits, `.`, `_` and `-`, joined by `/`; none empty, `.` or `..`. */
export function assertStorageKey(key: string): void {
  const segments = key.split("/");
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((segment) => /^[A-Za-z0-9._-]{1,200}$/.test(segment) && segment !== "." && segment !== "..");
  if (!valid) throw new Error(`Refused storage key: ${JSON.stringify(key)}`);
}

/** Files under `<DATA_DIR>/uploads`. */
export class LocalFileStorage implements FileStorage {
  readonly kind = "local" as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, "uploads");
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(`${this.root}${path.sep}`)) throw new Error(`Refused storage key: ${JSON.stringify(key)}`);
    return resolved;
  }

  async put(key: string, body: Readable, _contentType?: string): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const out = createWriteStream(partial, { flags: "wx" });
    try {
      await pipeline(body, count, out);
    } catch (error) {
      // The file is opened in the background: a refusal that comes before the open completes would otherwise
      // see the partial file created after it was removed. Wait for the stream to close, then remove it.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, target);
    return size;
  }

  async get(key: string): Promise<Readable | null> {
    const target = this.pathOf(key);
    try {
      await stat(target);
    } catch {
      return null;
    }
    return createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Files in memory: the storage of a process whose data is in memory too (DATA_DIR=memory://, tests and tools). */
export class MemoryFileStorage implements FileStorage {
  readonly kind = "memory" as const;
  private readonly files = new Map<string, Buffer>();

  async put(key: string, body: Readable, _contentType?: string): Promise<number> {
    assertStorageKey(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    this.files.set(key, bytes);
    return bytes.length;
  }

  async get(key: string): Promise<Readable | null> {
    assertStorageKey(key);
    const bytes = this.files.get(key);
    return bytes ? Readable.from([bytes]) : null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    this.files.delete(key);
  }
}

export interface S3Settings extends SigningKeys {
  endpoint: string;
  bucket: string;
}

/**
 * An S3-compatible bucket, path-style (`<endpoint>/<bucket>/<key>`, which every compatible store accepts), signed
 * with SigV4. A stream is sent as one PUT with UNSIGNED-PAYLOAD and a known length (buffered up to the upload limit
 * the caller enforces), since S3 refuses chunked uploads without a length.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = "s3" as const;

  constructor(
    private readonly settings: S3Settings,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  private urlOf(key: string): URL {
    assertStorageKey(key);
    return new URL(`${this.settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(this.settings.bucket)}/${key}`);
  }

  private async send(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Response> {
    const url = this.urlOf(key);
    const signed = signRequest(
      { method, url, headers, payloadHash: body ? "UNSIGNED-PAYLOAD" : EMPTY_PAYLOAD_HASH, date: new Date() },
      this.settings,
    );
    return this.fetcher(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined });
  }

  async put(key: string, body: Readable, contentType: string): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    const response = await this.send("PUT", key, bytes, { "content-type": contentType, "content-length": String(bytes.length) });
    if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return bytes.length;
  }

  async get(key: string): Promise<Readable | null> {
    const response = await this.send("GET", key);
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw new Error(`S3 GET ${key} answered ${response.status}`);
    return Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send("DELETE", key);
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`);
  }
}

export interface StorageEnv {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

/** The S3 store when S3_* is set (env.ts refuses a partial set), else the data directory (memory for memory://). */
export function createFileStorage(env: StorageEnv): FileStorage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return new S3FileStorage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return env.DATA_DIR.startsWith("memory://") ? new MemoryFileStorage() : new LocalFileStorage(env.DATA_DIR);
}
