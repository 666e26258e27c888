import { fetchPageErrorMessage, type InviteesByCohortResponse } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { fetchAllCohortPages, previousMembersAsRecipients } from "./previous-members";
import { sendInBatches } from "./send-batches";
import { isRetryable } from "./use-send-invitation";

const noSleep = (log: number[]) => async (ms: number) => {
  log.push(ms);
};

describe("sendInBatches", () => {
  it("sends each batch in order with the pause between them", async () => {
    const sleeps: number[] = [];
    const sent: number[][] = [];
    const progress: string[] = [];
    const result = await sendInBatches({
      batches: [[1, 2], [3, 4], [5]],
      send: async (batch) => {
        sent.push([...batch]);
        return batch.length;
      },
      pauseMs: 800,
      retries: 3,
      backoffMs: (attempt) => attempt * 1000,
      shouldRetry: () => true,
      sleep: noSleep(sleeps),
      onProgress: (p) => progress.push(`${p.done}/${p.sending}/${p.total}`),
    });
    expect(result).toEqual({ ok: true, results: [2, 2, 1] });
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
    expect(sleeps).toEqual([800, 800]);
    expect(progress).toEqual(["0/2/5", "2/2/5", "2/4/5", "4/4/5", "4/5/5", "5/5/5"]);
  });

  it("retries a failing batch with backoff, then stops and reports where", async () => {
    const sleeps: number[] = [];
    const done: number[][] = [];
    let calls = 0;
    const result = await sendInBatches({
      batches: [[1], [2], [3]],
      send: async (batch) => {
        calls += 1;
        if (batch[0] === 2) throw new Error("down");
        return batch[0];
      },
      pauseMs: 800,
      retries: 3,
      backoffMs: (attempt) => attempt * 1000,
      shouldRetry: () => true,
      sleep: noSleep(sleeps),
      onBatchDone: (batch) => done.push([...batch]),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failedIndex).toBe(1);
    expect(calls).toBe(5);
    expect(sleeps).toEqual([800, 1000, 2000, 3000]);
    expect(done).toEqual([[1]]);
  });

  it("recovers when a retry succeeds and does not retry a rejected request", async () => {
    let attempts = 0;
    const recovered = await sendInBatches({
      batches: [[1]],
      send: async () => {
        attempts += 1;
        if (attempts < 3) throw new ApiError(503, "UNAVAILABLE", "down");
        return "ok";
      },
      pauseMs: 0,
      retries: 3,
      backoffMs: () => 0,
      shouldRetry: isRetryable,
      sleep: async () => undefined,
    });
    expect(recovered).toEqual({ ok: true, results: ["ok"] });

    let rejectedCalls = 0;
    const rejected = await sendInBatches({
      batches: [[1]],
      send: async () => {
        rejectedCalls += 1;
        throw new ApiError(400, "VALIDATION", "bad");
      },
      pauseMs: 0,
      retries: 3,
      backoffMs: () => 0,
      shouldRetry: isRetryable,
      sleep: async () => undefined,
    });
    expect(rejected.ok).toBe(false);
    expect(rejectedCalls).toBe(1);
    expect(isRetryable(new ApiError(0, "NETWORK_ERROR", "offline"))).toBe(true);
    expect(isRetryable(new ApiError(429, "RATE", "slow down"))).toBe(true);
    // The day's sending allowance is used up (decision 0056): another try today cannot pass.
    expect(isRetryable(new ApiError(429, "SENDING_ALLOWANCE_REACHED", "none left today"))).toBe(false);
  });
});

const page = (n: number, maxPages: number): InviteesByCohortResponse => ({
  invitees: [{ email: `p${n}@x.co`, firstName: `P${n}`, lastName: null, meta: { department: "Ops", unknown: "x" } }],
  maxPages,
  hasFirstName: true,
  hasLastName: false,
  totalInvitees: maxPages,
});

describe("fetchAllCohortPages", () => {
  it("fetches page 1, then every other page in parallel", async () => {
    const started: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const all = await fetchAllCohortPages(async (n) => {
      started.push(n);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return page(n, 4);
    });
    expect(started[0]).toBe(1);
    expect(started.slice(1).sort()).toEqual([2, 3, 4]);
    expect(maxInFlight).toBe(3);
    expect(all.invitees.map((invitee) => invitee.email)).toEqual(["p1@x.co", "p2@x.co", "p3@x.co", "p4@x.co"]);
  });

  it("names the page that failed", async () => {
    await expect(
      fetchAllCohortPages(async (n) => {
        if (n === 3) throw new Error("boom");
        return page(n, 3);
      }),
    ).rejects.toThrow(fetchPageErrorMessage(3));
  });

  it("turns earlier invitees into recipients that reuse their earlier fields", () => {
    expect(previousMembersAsRecipients(page(1, 1).invitees)).toEqual([
      { email: "p1@x.co", firstName: "P1", meta: { department: "Ops" }, usePreviousMeta: true },
    ]);
  });
});
