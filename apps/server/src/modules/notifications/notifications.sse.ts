/**
 * Server-sent events over HTTP (the transport of GET /api/notifications/stream): the stream's body, its `retry:`
 * advice, a comment line every 25 seconds so proxies keep an idle connection open, and the bookkeeping that ends
 * every stream before the server closes and unsubscribes a stream whose client went away.
 */
import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";

export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the connection drops. */
export const RETRY_MS = 5_000;

type Send<T> = (message: T) => void;

export class SseStreams {
  /** Each open stream's body and its response. */
  private readonly open = new Map<PassThrough, FastifyReply["raw"]>();

  /**
   * Answers `reply` with a new event stream fed by `subscribe` (which gets a send function for event `event`, and
   * answers the unsubscribe to call when the stream ends). A subscribe that throws answers its error instead.
   */
  async serve<T>(reply: FastifyReply, event: string, subscribe: (send: Send<T>) => Promise<() => void>): Promise<PassThrough> {
    const body = new PassThrough();
    body.write(`retry: ${RETRY_MS}\n\n`);
    const send: Send<T> = (message) => {
      if (!body.writableEnded && !body.destroyed) body.write(`event: ${event}\ndata: ${JSON.stringify(message)}\n\n`);
    };
    let unsubscribe: () => void;
    try {
      unsubscribe = await subscribe(send);
    } catch (error) {
      body.destroy();
      throw error;
    }
    const heartbeat = setInterval(() => {
      if (!body.writableEnded) body.write(": keep-alive\n\n");
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(body);
      if (!body.writableEnded) body.end();
      // a client that went may leave its socket half open: nothing more is written to it
      if (!reply.raw.writableFinished) reply.raw.destroy();
    };
    body.once("close", end);
    reply.raw.once("close", end);
    // a client that goes may only half-close its side (the server keeps such sockets open to finish answering)
    reply.raw.socket?.once("end", end);
    this.open.set(body, reply.raw);
    reply
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("cache-control", "no-cache, no-transform")
      // nginx and similar proxies would otherwise hold the events back in their buffers
      .header("x-accel-buffering", "no")
      // a stream's connection is its own: once the stream ends (the server closing) it closes too, not kept alive idle
      .header("connection", "close");
    return body;
  }

  get size(): number {
    return this.open.size;
  }

  /** Ends every open stream (the server is closing; browsers reconnect to another instance or later). */
  endAll(): void {
    for (const [body, response] of [...this.open]) {
      body.end();
      response.destroy();
    }
  }
}
