import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { sendAttachment } from "../../lib/download.js";
import { defineRoute } from "../../lib/route.js";
import { multipartBodySchema, uploadMultipart } from "./uploads.multipart.js";
import { uploadedSchema, uploadFields } from "./uploads.schemas.js";
import { DATA_URL_MAX_BYTES, readUpload, uploadDataUrl, uploadStream } from "./uploads.service.js";

/** The body types the streaming upload takes as they come (a CSV may arrive as any of the types browsers give it). */
const STREAMED_TYPES = [
  "text/csv",
  "application/csv",
  "text/plain",
  "application/vnd.ms-excel",
  "image/png",
  "image/jpeg",
  "application/pdf",
  "application/octet-stream",
];

/**
 * A streamed upload that fails has not read the rest of what the client sends: the connection is closed after the
 * answer rather than kept for a next request behind unread bytes.
 */
async function closingOnFailure<T>(reply: FastifyReply, upload: () => Promise<T>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    reply.header("connection", "close");
    throw error;
  }
}

/**
 * Uploads (decision 0042): the data-URL form of the spec, and for large files the streaming forms, a multipart form
 * (the importer's) and the raw body; data-import permission.
 */
export async function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/upload-file",
    summary: "Upload a file as a base64 data URL (at most 10 MB) into a folder of the company's storage; the type is checked on the bytes",
    tags: ["uploads"],
    access: "data-import",
    status: 201,
    // base64 is 4/3 of the bytes, plus the JSON around it
    bodyLimit: Math.ceil((DATA_URL_MAX_BYTES * 4) / 3) + 64 * 1024,
    body: z.object({ file: z.string("Send the file as a data URL").min(1, "Send the file as a data URL"), ...uploadFields }),
    response: uploadedSchema,
    handler: ({ actor, body }) => uploadDataUrl(ctx, actor, body),
  });

  await app.register(async (scope) => {
    // The body is handed over unread: the service streams it to the storage, checking type and size on the way.
    scope.addContentTypeParser(STREAMED_TYPES, (_request, payload, done) => done(null, payload));
    defineRoute(scope, ctx, {
      method: "PUT",
      url: "/api/uploads",
      summary:
        "Upload a large file as the request body (streamed; the progress is the request's), with its name, type and folder in the query; the type is checked on the bytes",
      tags: ["uploads"],
      access: "data-import",
      status: 201,
      bodyLimit: ctx.env.UPLOAD_MAX_BYTES,
      query: z.object(uploadFields),
      streamedBody: () =>
        Object.fromEntries(
          STREAMED_TYPES.map((type) => [type, { type: "string", contentMediaType: type, description: "The file's bytes" }]),
        ),
      response: uploadedSchema,
      handler: ({ actor, query, request, reply }) =>
        closingOnFailure(reply, () => uploadStream(ctx, actor, query, request.body as Readable)),
    });
  });

  await app.register(async (scope) => {
    // Only this scope parses multipart/form-data; the parts are read by the handler as they arrive.
    await scope.register(multipart);
    defineRoute(scope, ctx, {
      method: "POST",
      url: "/api/uploads",
      summary:
        "Upload a large file as a multipart form (streamed; the progress is the request's): the fields filename, filetype and path, then the file; the type is checked on the bytes",
      tags: ["uploads"],
      access: "data-import",
      status: 201,
      streamedBody: () => ({ "multipart/form-data": multipartBodySchema() }),
      response: uploadedSchema,
      handler: ({ actor, request, reply }) => closingOnFailure(reply, () => uploadMultipart(ctx, actor, request)),
    });
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/uploads/:id",
    summary: "A file the company uploaded, as stored (data-import permission)",
    tags: ["uploads"],
    access: "data-import",
    params: z.object({ id: z.uuid("Not a file id") }),
    produces: ["text/csv", "image/png", "image/jpeg", "application/pdf"],
    handler: async ({ actor, params, reply }) => {
      const { row, body } = await readUpload(ctx, actor, params.id);
      return sendAttachment(reply.header("x-content-type-options", "nosniff"), row.contentType, row.fileName, body);
    },
  });
}
