import { describe, expect, it } from "vitest";
import { formatLogLine } from "./log-format.js";

const at = new Date(2026, 11, 7, 9, 5, 3).getTime();

describe("the development log format (issue 25 item 10)", () => {
  it("writes a request as one short line", () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: "h",
      reqId: "r1",
      req: { method: "GET", url: "/api/health", remoteAddress: "127.0.0.1" },
      res: { statusCode: 200 },
      responseTime: 3.4,
      msg: "request completed",
    });
    expect(formatLogLine(line)).toBe("09:05:03 INFO  GET /api/health 200 3 ms");
  });

  it("writes a message with its fields, and an error with its stack under it", () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, msg: "shutting down", signal: "SIGTERM" }))).toBe(
      "09:05:03 INFO  shutting down signal=SIGTERM",
    );
    const error = formatLogLine(
      JSON.stringify({ level: 50, time: at, msg: "job failed", err: { message: "boom", stack: "Error: boom\n    at x" } }),
    );
    expect(error).toBe("09:05:03 ERROR job failed\n  Error: boom\n      at x");
  });

  it("passes a line that is not JSON through", () => {
    expect(formatLogLine("plain text\n")).toBe("plain text");
  });
});
