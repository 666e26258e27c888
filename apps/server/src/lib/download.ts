import type { FastifyReply } from "fastify";

/** A generated file sent as a download that no cache keeps (reports, invoices, order forms). */
export function sendAttachment(
  reply: FastifyReply,
  contentType: string,
  fileName: string,
  body: Uint8Array | string | NodeJS.ReadableStream,
): FastifyReply {
  return reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(typeof body === "string" || !(body instanceof Uint8Array) ? body : Buffer.from(body));
}
