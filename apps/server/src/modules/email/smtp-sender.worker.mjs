// The SMTP side of outgoing mail, on a thread of its own: nodemailer's pooled transport (message building, the SMTP
// dialogue, the sockets) runs here so that it does not share the main thread with the embedded database and the HTTP
// server. Plain JavaScript so that it loads the same way under tsx, vitest and node. See smtp-sender.ts.
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";

const transporter = nodemailer.createTransport(workerData.url);

parentPort.on("message", async (request) => {
  if (request.type === "close") {
    transporter.close();
    parentPort.close();
    return;
  }
  try {
    const info = await transporter.sendMail(request.mail);
    parentPort.postMessage({ id: request.id, ok: true, messageId: info.messageId ?? null });
  } catch (error) {
    parentPort.postMessage({
      id: request.id,
      ok: false,
      error: {
        message: error instanceof Error ? error.message : String(error),
        code: typeof error?.code === "string" ? error.code : undefined,
        responseCode: typeof error?.responseCode === "number" ? error.responseCode : undefined,
        response: typeof error?.response === "string" ? error.response : undefined,
      },
    });
  }
});
