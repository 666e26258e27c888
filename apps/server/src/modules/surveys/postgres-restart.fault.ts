/**
 * Fault test (issue 23 L6, decision 0058): 2,000 survey responses sent through the respondent page's own submit
 * helper (its retries honouring Retry-After) while the PostgreSQL cluster under the server — a throwaway cluster of
 * the test's own, never the machine's main one — is restarted (a fast shutdown) and then crashed (an immediate stop)
 * and started again. No answer may be a 500 or any 5xx but 503 with Retry-After, nothing acknowledged may be lost,
 * and the server's pool must serve again after each restart without the server being restarted.
 */
import { describe, expect, it } from "vitest";
import { submitResponse } from "../../../../web/src/public-survey/api.js";
import { apiClient, faultSuite } from "../../test/fault-harness.js";
import { answerAll, COMPLETE_PROFILE, lowiInput } from "./surveys.test-helpers.js";

const RESPONSES = 2_000;
const CONCURRENCY = 16;

describe("survey responses across PostgreSQL restarts", () => {
  const suite = faultSuite({ RATE_LIMIT_RESPONSE_PER_IP: "1000000" });

  it("answers 503 with Retry-After, never 500, and loses nothing acknowledged", async () => {
    const { cluster, server } = suite;
    const api = apiClient(server.url);
    await api.signUp("restart-owner@example.com", "Restart Fault Inc");
    await api.request("PUT", "/api/company/profile", COMPLETE_PROFILE);
    const survey = await api.request("POST", "/api/surveys", lowiInput());
    const publicSurvey = await api.request("GET", `/api/public/surveys/${survey.id}`);
    const textKey = publicSurvey.fields.find((field: { answerType: string }) => field.answerType === "Text")?.key as string;
    expect(textKey).toBeTruthy();
    const base = answerAll(publicSurvey.fields);

    const attempts = { total: 0, networkErrors: 0, ok: 0, byStatus: new Map<string, number>(), withoutRetryAfter: 0 };
    const fetchImpl = async (input: string, init?: RequestInit) => {
      attempts.total += 1;
      let response: Response;
      try {
        response = await fetch(`${server.url}${input}`, { ...init, headers: { ...init?.headers, origin: server.url } });
      } catch (error) {
        attempts.networkErrors += 1;
        throw error;
      }
      if (response.status >= 500) {
        const body = await response.clone().text();
        const code = /"code":"([A-Z_]+)"/.exec(body)?.[1] ?? "no code";
        const key = `${response.status} ${code}`;
        attempts.byStatus.set(key, (attempts.byStatus.get(key) ?? 0) + 1);
        if (!response.headers.get("retry-after")) attempts.withoutRetryAfter += 1;
      } else if (response.ok) attempts.ok += 1;
      return response;
    };

    const marker = (index: number) => `Restart test answer number ${index}.`;
    const outcome = new Map<number, string>();
    let next = 0;
    let finished = 0;
    const faults: Promise<void>[] = [];
    const sender = async () => {
      while (next < RESPONSES) {
        const index = next++;
        const result = await submitResponse(
          { surveyId: survey.id, data: { ...base, [textKey]: marker(index) }, token: null },
          { fetchImpl },
        );
        outcome.set(index, result.kind);
        finished += 1;
        // a fast restart after a quarter, a crash after three fifths, while the other senders keep sending
        if (finished === RESPONSES / 4) faults.push(cluster.restart());
        if (finished === (RESPONSES * 3) / 5) faults.push(cluster.crash());
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    await Promise.all(faults);
    const elapsed = Date.now() - started;

    const rows = await cluster.query<{ marker: string }>("select answers->>$2 as marker from survey_response where survey_id = $1", [
      survey.id,
      textKey,
    ]);
    const stored = new Map<string, number>();
    for (const row of rows) stored.set(row.marker, (stored.get(row.marker) ?? 0) + 1);
    const acknowledged = [...outcome].filter(([, kind]) => kind === "sent").map(([index]) => index);
    const lost = acknowledged.filter((index) => !stored.has(marker(index)));
    const duplicates = [...stored.values()].reduce((sum, count) => sum + (count - 1), 0);
    const otherOutcomes = [...outcome.values()].filter((kind) => kind !== "sent");
    // the pool serves again without a restart of the server
    const health = await fetch(`${server.url}/api/health`);

    const fiveHundreds = [...attempts.byStatus].map(([key, count]) => `${key}: ${count}`).join(", ") || "none";
    console.info(
      `fault test (PostgreSQL restart and crash): ${RESPONSES} sent in ${(elapsed / 1000).toFixed(1)} s, ${attempts.total} attempts, ` +
        `${acknowledged.length} acknowledged, ${rows.length} stored (${stored.size} distinct, ${duplicates} duplicates), ${lost.length} acknowledged lost, ` +
        `${otherOutcomes.length} not acknowledged (${otherOutcomes.join(", ") || "-"}); 5xx by code: ${fiveHundreds}; ` +
        `${attempts.withoutRetryAfter} 5xx without Retry-After; ${attempts.networkErrors} network errors`,
    );
    expect(outcome.size).toBe(RESPONSES);
    expect(lost).toEqual([]);
    expect([...attempts.byStatus.keys()].filter((key) => key !== "503 SERVICE_UNAVAILABLE")).toEqual([]);
    expect(attempts.withoutRetryAfter).toBe(0);
    expect(health.status).toBe(200);
    // the faults were felt (or the test proved nothing): at least one request met the restarts
    expect(attempts.total).toBeGreaterThan(RESPONSES);
  }, 420_000);
});
