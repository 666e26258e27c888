import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { sendAttachment } from "../../lib/download.js";
import { defineRoute } from "../../lib/route.js";
import { DATA_URL_MAX_BYTES, readUpload, uploadDataUrl, uploadStream } from "./uploads.service.js";

const uploadedSchema = z.object({ id: z.string(), fileName: z.string(), size: z.number().int(), contentType: z.string() });
const describedFields = {
  filename: z.string("Give the file's name").trim().min(1, "Give the file's name").max(255, "At most 255 characters"),
  filetype: z.string("Give the file's type").trim().min(1, "Give the file's type").max(100, "At most 100 characters"),
  path: z.string("Give a folder").trim().min(1, "Give a folder").max(130, "At most 130 characters"),
};
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

/** Uploads (decision 0042): the data-URL form of the spec and a streaming form for large files; data-import permission. */
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
    body: z.object({ file: z.string("Send the file as a data URL").min(1, "Send the file as a data URL"), ...describedFields }),
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
      query: z.object(describedFields),
      response: uploadedSchema,
      handler: ({ actor, query, request }) => uploadStream(ctx, actor, query, request.body as Readable),
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
