/**
 * Uploads (issue 14 item 6, docs/decisions/0042): a file reaches the storage only as the type its bytes show, under
 * its company's own prefix, in a folder of plain segments, with a cleaned name; nothing in the request becomes a path.
 * The data-URL form is the spec's `POST /api/upload-file`; the streaming forms (a multipart form, the importer's, or
 * the raw body) carry large files.
 */
import { randomUUID } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { cleanUploadName, declaredUploadType, isUploadFolder, sniffUploadType, UPLOAD_TYPES, type UploadType } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { findUploadedFile, insertUploadedFile, type UploadedFileRow } from "./uploads.repo.js";

/** The data-URL form carries files up to this size (decoded); larger ones go through the streaming form. */
export const DATA_URL_MAX_BYTES = 10 * 1024 * 1024;
/** How many first bytes decide what a file is. */
const SNIFF_BYTES = 64 * 1024;

const invalid = (field: string, message: string) => new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });

export interface UploadRequest {
  filename: string;
  filetype: string;
  path: string;
}

function checkRequest(input: UploadRequest): UploadType {
  if (!isUploadFolder(input.path)) throw invalid("path", "Use a folder of lower case letters, digits and hyphens, such as imports.");
  const declared = declaredUploadType(input.filetype, input.filename);
  if (!declared) {
    const accepted = Object.values(UPLOAD_TYPES)
      .map((type) => type.label)
      .join(", ");
    throw invalid("filetype", `This type of file is not accepted. Accepted: ${accepted}.`);
  }
  return declared;
}

function checkContent(declared: UploadType, head: Uint8Array): void {
  const actual = sniffUploadType(head);
  if (actual !== declared) {
    throw invalid(
      "file",
      `The file's content is not a ${UPLOAD_TYPES[declared].label}${actual ? ` (it reads as a ${UPLOAD_TYPES[actual].label})` : ""}.`,
    );
  }
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.max(1, Math.floor(bytes / 1024))} KB`;

/**
 * Passes the bytes through while checking them: the first SNIFF_BYTES (or the whole file if smaller) must be the
 * declared type, and the total may not pass `limit`.
 */
function checkingStream(declared: UploadType, limit: number): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${sizeLabel(limit)}.`));
      if (!checked) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) return done();
        try {
          checkContent(declared, head.subarray(0, SNIFF_BYTES));
        } catch (error) {
          return done(error as Error);
        }
        checked = true;
        return done(null, head);
      }
      done(null, chunk);
    },
    flush(done) {
      if (checked) return done();
      try {
        checkContent(declared, head);
      } catch (error) {
        return done(error as Error);
      }
      done(null, head);
    },
  });
}

/**
 * Stores the checked bytes under the company's prefix, then records them. `beforeRecord` runs once the bytes are
 * stored and before the row is written (a multipart form reads its remaining parts there); what it throws removes
 * the stored file, like any failure on the way.
 */
async function store(
  ctx: AppContext,
  actor: Actor,
  input: UploadRequest,
  declared: UploadType,
  body: Readable,
  limit: number,
  beforeRecord?: () => Promise<void>,
) {
  const id = randomUUID();
  const fileName = cleanUploadName(input.filename, declared);
  const storageKey = `${actor.tenantId}/${input.path}/${id}-${fileName}`;
  const checked = checkingStream(declared, limit);
  // The bytes may be refused before the storage reads them (it may first create a folder): the first refusal is
  // kept here, and is the answer, whatever the storage then reports.
  let refusal: unknown;
  checked.on("error", (error) => {
    refusal ??= error;
  });
  body.on("error", (error) => checked.destroy(error));
  // a body that broke off before it got here (a multipart part cut short) would never end the piping
  if (body.destroyed && !body.readableEnded) checked.destroy(body.errored ?? new Error("The upload broke off."));
  let size: number;
  try {
    size = await ctx.storage.put(storageKey, body.pipe(checked), declared);
    if (refusal) throw refusal;
    await beforeRecord?.();
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    throw refusal ?? error;
  }
  return insertUploadedFile(ctx.database.db, actor.tenantId, {
    id,
    storageKey,
    folder: input.path,
    fileName,
    contentType: declared,
    sizeBytes: size,
    uploadedByUserId: actor.userId,
  });
}

export interface StoredUpload {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
}

const describe = (row: UploadedFileRow): StoredUpload => ({
  id: row.id,
  fileName: row.fileName,
  size: row.sizeBytes,
  contentType: row.contentType,
});

/** `POST /api/upload-file`: the file as a data URL (spec surveys §7). Answers the stored file's name (and id). */
export async function uploadDataUrl(ctx: AppContext, actor: Actor, input: UploadRequest & { file: string }): Promise<StoredUpload> {
  const declared = checkRequest(input);
  const match = input.file.match(/^data:([^;,]*)(;[^,]*)?;base64,([A-Za-z0-9+/=\s]*)$/);
  if (!match) throw invalid("file", "Send the file as a base64 data URL.");
  const bytes = Buffer.from(match[3], "base64");
  if (bytes.length === 0) throw invalid("file", "The file is empty.");
  if (bytes.length > DATA_URL_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", "The file is larger than 10 MB: send it through the streaming upload.");
  }
  return describe(await store(ctx, actor, input, declared, Readable.from([bytes]), DATA_URL_MAX_BYTES));
}

/**
 * The streaming forms, `PUT /api/uploads` (the request body) and `POST /api/uploads` (the file part of a multipart
 * form): the bytes go to the storage as they arrive and are checked on the way. `beforeRecord`: see store().
 */
export async function uploadStream(
  ctx: AppContext,
  actor: Actor,
  input: UploadRequest,
  body: Readable,
  beforeRecord?: () => Promise<void>,
): Promise<StoredUpload> {
  const declared = checkRequest(input);
  return describe(await store(ctx, actor, input, declared, body, ctx.env.UPLOAD_MAX_BYTES, beforeRecord));
}

/** `GET /api/uploads/:id`: a file of the company, as stored. */
export async function readUpload(ctx: AppContext, actor: Actor, id: string): Promise<{ row: UploadedFileRow; body: Readable }> {
  const row = await findUploadedFile(ctx.database.db, actor.tenantId, id);
  const body = row ? await ctx.storage.get(row.storageKey) : null;
  if (!row || !body) throw notFound("No such file.");
  return { row, body };
}
