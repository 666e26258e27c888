import { describe, expect, test, vi } from "vitest";
import { type FetchLike, loadSurvey, RESPONSE_RETRIES, readSurveyLink, submitResponse } from "./api";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const input = { surveyId: "Abcdefghij12", data: { mood: "Good" }, token: null };

function run(responses: (() => Response | Promise<Response>)[]) {
  const calls: RequestInit[] = [];
  const delays: number[] = [];
  const fetchImpl: FetchLike = async (_url, init) => {
    calls.push(init ?? {});
    const next = responses[Math.min(calls.length - 1, responses.length - 1)];
    return next();
  };
  const sleep = async (ms: number) => void delays.push(ms);
  return { calls, delays, options: { fetchImpl, sleep } };
}

describe("readSurveyLink", () => {
  test("reads the id and the personal token", () => {
    expect(readSurveyLink("/s/Abcdefghij12", "?r=tok.en")).toEqual({ surveyId: "Abcdefghij12", token: "tok.en" });
    expect(readSurveyLink("/s/Abcdefghij12/", "")).toEqual({ surveyId: "Abcdefghij12", token: null });
  });
  test("anything that is not a survey id is none", () => {
    for (const pathname of ["/s/", "/s/short", "/s/Abcdefghij12/more", "/s/%E0%A4%A", "/s/has.dots.in.it"])
      expect(readSurveyLink(pathname, "").surveyId).toBeNull();
  });
});

describe("loadSurvey", () => {
  const survey = { id: "Abcdefghij12", name: "Pulse", description: "", isDemo: false, status: "Active", fields: [] };
  test("ok, not found, or an error", async () => {
    expect(await loadSurvey("Abcdefghij12", async () => json(200, survey))).toEqual({ kind: "ok", survey });
    expect(await loadSurvey("Abcdefghij12", async () => json(404, { error: { code: "NOT_FOUND" } }))).toEqual({ kind: "not-found" });
    expect(await loadSurvey("Abcdefghij12", async () => json(500, {}))).toEqual({ kind: "error" });
    expect(await loadSurvey("Abcdefghij12", async () => new Response("<html>"))).toEqual({ kind: "error" });
    expect(
      await loadSurvey("Abcdefghij12", async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toEqual({ kind: "error" });
  });
});

describe("submitResponse", () => {
  test("sends JSON with the token only when there is one", async () => {
    const { calls, options } = run([() => json(200, true)]);
    expect(await submitResponse(input, options)).toEqual({ kind: "sent" });
    expect(calls[0].method).toBe("POST");
    expect(new Headers(calls[0].headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0].body))).toEqual({ surveyId: "Abcdefghij12", data: { mood: "Good" } });
    const second = run([() => json(200, true)]);
    await submitResponse({ ...input, token: "signed" }, second.options);
    expect(JSON.parse(String(second.calls[0].body)).r).toBe("signed");
  });

  test("retries network and parse failures, waiting 1500 ms × the retry's number", async () => {
    const { calls, delays, options } = run([
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => new Response("<html>bad gateway</html>", { status: 200 }),
      () => json(502, {}),
      () => json(200, true),
    ]);
    const onRetry = vi.fn();
    expect(await submitResponse(input, { ...options, onRetry })).toEqual({ kind: "sent" });
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([1500, 3000, 4500]);
    expect(onRetry.mock.calls.map(([retry]) => retry)).toEqual([1, 2, 3]);
  });

  test("gives up after 5 retries", async () => {
    const { calls, delays, options } = run([() => Promise.reject(new TypeError("offline"))]);
    expect(await submitResponse(input, options)).toEqual({ kind: "failed" });
    expect(calls).toHaveLength(RESPONSE_RETRIES + 1);
    expect(delays).toEqual([1500, 3000, 4500, 6000, 7500]);
  });

  test("never retries a 4xx, and tells them apart", async () => {
    const cases: [Response, unknown][] = [
      [
        json(400, {
          error: {
            code: "VALIDATION_FAILED",
            message: "Some answers need your attention.",
            fields: { mood: "Choose one of the options offered." },
          },
        }),
        { kind: "invalid", message: "Some answers need your attention.", fields: { mood: "Choose one of the options offered." } },
      ],
      [json(409, { error: { code: "SURVEY_CLOSED", message: "closed" } }), { kind: "closed" }],
      [json(409, { error: { code: "ALREADY_ANSWERED", message: "used" } }), { kind: "already-answered" }],
      [json(404, { error: { code: "NOT_FOUND", message: "gone" } }), { kind: "not-found" }],
      [
        json(429, { error: { code: "RATE_LIMITED", message: "Too many attempts." } }),
        { kind: "rate-limited", message: "Too many attempts." },
      ],
      [new Response("nope", { status: 403 }), { kind: "refused", message: "" }],
    ];
    for (const [response, expected] of cases) {
      const { calls, options } = run([() => response]);
      expect(await submitResponse(input, options)).toEqual(expected);
      expect(calls).toHaveLength(1);
    }
  });
});
