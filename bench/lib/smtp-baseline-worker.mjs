/**
 * The SMTP delivery baseline: raw nodemailer on its own worker thread (so it does not share a thread with the SMTP
 * sink in the bench's main thread, as the spawned server does not), with a pooled transport configured as the
 * server's EmailService configures its own: `smtp://host:port?pool=true`, so at most 5 connections.
 * Plain JavaScript because a worker thread does not inherit tsx's loader on every Node version.
 *
 * Protocol: the worker posts {ready: true} once nodemailer is loaded; the parent posts {url, messages, inFlight};
 * the worker answers {sent, failed, firstError, elapsedMs} when every message was accepted or refused.
 */
import { parentPort } from "node:worker_threads";
import nodemailer from "nodemailer";

parentPort.on("message", async (job) => {
  const transport = nodemailer.createTransport(`${job.url}?pool=true`);
  const started = performance.now();
  let next = 0;
  let sent = 0;
  let failed = 0;
  let firstError = null;
  const worker = async () => {
    while (next < job.messages.length) {
      const message = job.messages[next];
      next += 1;
      try {
        await transport.sendMail(message);
        sent += 1;
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: job.inFlight }, worker));
  const elapsedMs = performance.now() - started;
  transport.close();
  parentPort.postMessage({ sent, failed, firstError, elapsedMs });
});
parentPort.postMessage({ ready: true });
