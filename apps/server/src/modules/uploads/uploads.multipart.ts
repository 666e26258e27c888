/**
 * The multipart form of the streaming upload, `POST /api/uploads` (issue 14 item 6, decision 0042): the text fields
 * `filename`, `filetype` and `path` first, then one part named `file`, whose bytes go to the storage as they arrive
 * through the same checks as the raw-body form (uploadStream): nothing is held beyond what the parser reads ahead.
 */
import type { MultipartFile, MultipartValue } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, parseInput } from "../../lib/errors.js";
import { toJsonSchema } from "../../lib/route.js";
import { findUnstorableText } from "../../lib/text-input.js";
import { uploadFields, uploadFieldsSchema } from "./uploads.schemas.js";
import { type StoredUpload, uploadStream } from "./uploads.service.js";

/** The longest text field read whole (longer values are refused, not cut). */
const FIELD_BYTES = 1024;
const ORDER = "Send the fields filename, filetype and path first, then the file.";

type Part = MultipartFile | MultipartValue;

const invalid = (field: string, message: string) => new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });

/** What the parser reports (a malformed form, too many parts) as the 400 or 413 it is; never a 5xx. */
function formError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", "The file is too large.");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_FILES_LIMIT") {
    return new AppError("BAD_REQUEST", `The form has too many parts. ${ORDER}`);
  }
  return new AppError("BAD_REQUEST", `The form could not be read. ${ORDER}`);
}

/**
 * Reads the form part by part: the text fields before the file are its name, type and folder (the name and type
 * default to the file part's own); the file part is handed to uploadStream as a stream; what follows it is read
 * once the bytes are stored and before they are recorded, so a second file or a late field removes them.
 */
export async function uploadMultipart(ctx: AppContext, actor: Actor, request: FastifyRequest): Promise<StoredUpload> {
  if (!request.isMultipart()) throw invalid("file", `Send a multipart/form-data form. ${ORDER}`);
  const parts = request
    .parts({
      // The file's own limit is uploadStream's (413, the partial removed); this one only stops a runaway part.
      limits: {
        fields: 10,
        fieldSize: FIELD_BYTES,
        fieldNameSize: 100,
        parts: 12,
        headerPairs: 20,
        fileSize: ctx.env.UPLOAD_MAX_BYTES + 1,
      },
    })
    [Symbol.asyncIterator]();
  const next = async (): Promise<Part | undefined> => {
    try {
      const { value, done } = await parts.next();
      return done ? undefined : (value as Part);
    } catch (error) {
      throw formError(error);
    }
  };

  const fields: Record<string, unknown> = {};
  let part = await next();
  for (; part?.type === "field"; part = await next()) {
    if (part.valueTruncated) throw invalid(part.fieldname, `At most ${FIELD_BYTES} characters`);
    fields[part.fieldname] = part.value;
  }
  if (!part) throw invalid("file", `Add the file, in a part named file. ${ORDER}`);
  if (part.fieldname !== "file") throw invalid(part.fieldname, "Only the part named file may carry a file.");
  const unstorable = findUnstorableText(fields);
  if (Object.keys(unstorable).length > 0) {
    throw new AppError("VALIDATION_FAILED", "Some fields need your attention.", { fields: unstorable });
  }
  if (fields.path === undefined) throw invalid("path", `Give a folder: the path field comes before the file. ${ORDER}`);
  const input = parseInput(uploadFieldsSchema, {
    filename: fields.filename ?? part.filename,
    filetype: fields.filetype ?? part.mimetype,
    path: fields.path,
  });

  const file = part.file;
  let unreadable = false;
  file.once("error", () => {
    unreadable = true;
  });
  try {
    return await uploadStream(ctx, actor, input, file, async () => {
      const after = await next();
      if (after?.type === "file") throw invalid("file", "Send one file per upload.");
      if (after) throw invalid(after.fieldname, `This field came after the file. ${ORDER}`);
    });
  } catch (error) {
    // the file part broke off (a truncated or malformed form): the request's fault, not the server's
    throw unreadable || file.errored ? formError(error) : error;
  }
}

/** The form as the OpenAPI document describes it: the text fields, then the file (fields in the order they must come). */
export function multipartBodySchema(): Record<string, unknown> {
  const fields = toJsonSchema(
    z.object({
      filename: uploadFields.filename.optional().describe("The file's name (default: the file part's own)"),
      filetype: uploadFields.filetype.optional().describe("The file's declared type (default: the file part's own)"),
      path: uploadFields.path.describe("The folder: 1 to 3 segments of a-z, 0-9 and -, such as imports"),
    }),
  ) as { properties: Record<string, unknown>; required?: string[] };
  return {
    ...fields,
    properties: {
      ...fields.properties,
      file: {
        type: "string",
        contentMediaType: "application/octet-stream",
        description: "The file, last: a CSV, PNG, JPEG or PDF (checked on its first 64 KB); at most UPLOAD_MAX_BYTES",
      },
    },
    required: [...(fields.required ?? []), "file"],
  };
}
