/** Issue 23 L6: the respondent page's submit retry honours a 503's Retry-After, within a bound. */
import { describe, expect, test } from "vitest";
import { type FetchLike, parseRetryAfter, RESPONSE_RETRIES, RESPONSE_RETRY_AFTER_MAX_MS, responseRetryDelay, submitResponse } from "./api";

const input = { surveyId: "Abcdefghij12", data: { mood: "Good" }, token: null };
const unavailable = (retryAfter?: string) =>
  new Response(JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "briefly unavailable" } }), {
    status: 503,
    headers: { "content-type": "application/json", ...(retryAfter === undefined ? {} : { "retry-after": retryAfter }) },
  });
const stored = () => new Response("true", { status: 200, headers: { "content-type": "application/json" } });

function run(responses: (() => Response)[]) {
  let calls = 0;
  const delays: number[] = [];
  const fetchImpl: FetchLike = async () => responses[Math.min(calls++, responses.length - 1)]();
  return { delays, calls: () => calls, options: { fetchImpl, sleep: async (ms: number) => void delays.push(ms) } };
}

describe("parseRetryAfter", () => {
  test("reads seconds and HTTP dates; anything else is none", () => {
    const now = Date.parse("2026-12-02T01:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Wed, 02 Dec 2026 01:00:10 GMT", now)).toBe(10_000);
    expect(parseRetryAfter("Wed, 02 Dec 2026 00:59:00 GMT", now)).toBe(0);
    for (const value of [null, "", "soon", "-5", "1.5", "3s"]) expect(parseRetryAfter(value, now)).toBeNull();
  });
});

describe("responseRetryDelay", () => {
  test("the spec's 1500 ms × the retry's number unless Retry-After asks for longer, at most the bound", () => {
    expect(responseRetryDelay(1, null)).toBe(1500);
    expect(responseRetryDelay(2, 1000)).toBe(3000);
    expect(responseRetryDelay(1, 3000)).toBe(3000);
    expect(responseRetryDelay(4, 3000)).toBe(6000);
    expect(responseRetryDelay(1, 3_600_000)).toBe(RESPONSE_RETRY_AFTER_MAX_MS);
  });
});

describe("submitResponse after a 503", () => {
  test("waits as long as Retry-After says, then sends again", async () => {
    const { delays, calls, options } = run([() => unavailable("3"), () => unavailable("3"), () => unavailable("3"), stored]);
    expect(await submitResponse(input, options)).toEqual({ kind: "sent" });
    expect(calls()).toBe(4);
    expect(delays).toEqual([3000, 3000, 4500]);
  });

  test("a Retry-After of an hour holds each retry back no more than the bound, and the retries stay 5", async () => {
    const { delays, calls, options } = run([() => unavailable("3600")]);
    expect(await submitResponse(input, options)).toEqual({ kind: "failed" });
    expect(calls()).toBe(RESPONSE_RETRIES + 1);
    expect(delays).toEqual(Array(RESPONSE_RETRIES).fill(RESPONSE_RETRY_AFTER_MAX_MS));
  });

  test("a 503 without Retry-After, or a network failure after one, keeps the spec's schedule", async () => {
    const { delays, options } = run([
      () => unavailable(),
      () => unavailable("6"),
      () => {
        throw new TypeError("Failed to fetch");
      },
      stored,
    ]);
    expect(await submitResponse(input, options)).toEqual({ kind: "sent" });
    expect(delays).toEqual([1500, 6000, 4500]);
  });
});
