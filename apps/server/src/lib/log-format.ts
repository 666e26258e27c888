/**
 * The server's log as people read it in development (issue 25 item 10, decision 0071): one short line per record —
 * the time, the level, the message and its few fields — and one line per request ("GET /api/health 200 3 ms"). In
 * production (NODE_ENV=production) or with LOG_FORMAT=json the log stays pino's JSON, one object per line, for log
 * collectors. No dependency: pino hands each record to `write` as a line of JSON.
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const COLOURS: Record<number, string> = { 10: "90", 20: "90", 30: "32", 40: "33", 50: "31", 60: "35" };
/** Fields every record carries or that are written out in words already. */
const OMITTED = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "req", "res", "responseTime", "err", "v"]);

const pad = (value: number) => String(value).padStart(2, "0");
const clock = (time: unknown) => {
  const date = new Date(typeof time === "number" ? time : Date.now());
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

function fieldText(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const short = text.length > 120 ? `${text.slice(0, 117)}…` : text;
  return /\s/.test(short) && typeof value === "string" ? JSON.stringify(short) : short;
}

/** One JSON log line as one readable line (two or more for an error with a stack); anything else passes through. */
export function formatLogLine(json: string, colour = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.replace(/\n$/, "");
  }
  const level = typeof record.level === "number" ? record.level : 30;
  const name = (LEVELS[level] ?? "INFO").padEnd(5);
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const head = `${paint("2", clock(record.time))} ${paint(COLOURS[level] ?? "0", name)}`;
  const req = record.req as { method?: string; url?: string } | undefined;
  const res = record.res as { statusCode?: number } | undefined;
  let text: string;
  if (req?.method && res?.statusCode !== undefined) {
    const ms = typeof record.responseTime === "number" ? ` ${record.responseTime.toFixed(0)} ms` : "";
    text = `${req.method} ${req.url ?? ""} ${res.statusCode}${ms}`;
  } else {
    text = typeof record.msg === "string" ? record.msg : "";
  }
  const fields = Object.entries(record)
    .filter(([key, value]) => !OMITTED.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const lines = [[head, text, ...fields].filter(Boolean).join(" ")];
  const err = record.err as { message?: string; stack?: string } | undefined;
  if (err) lines.push(`  ${err.stack ?? err.message ?? ""}`.replace(/\n/g, "\n  "));
  return lines.join("\n");
}

/** A pino destination that writes each record as `formatLogLine` does. */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): { write(line: string): void } {
  const colour = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return { write: (line: string) => void out.write(`${formatLogLine(line, colour)}\n`) };
}

/**
 * One log record per request, when it is answered, with its method, path, status and time (Fastify writes two: the
 * request on arrival, the status when answered). The built app's files (`/assets/`) are many and say little: debug.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const record = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...record, err: error }, "request errored");
    else if (request.url.startsWith("/assets/")) reply.log.debug(record, "request completed");
    else reply.log.info(record, "request completed");
  }
}
