import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCommentAnalyzer } from "./comment-analyzer.js";
import { createLlmAnalyzer, parseLlmContent } from "./llm.js";

interface Seen {
  url: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format: unknown };
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let reply: (body: Seen["body"], res: ServerResponse) => void;

const completion = (content: string) => JSON.stringify({ choices: [{ message: { role: "assistant", content } }] });

/** Answers every comment of the request with the same labels. */
function answerAll(body: Seen["body"], res: ServerResponse, overrides: Record<string, unknown> = {}) {
  const count = (body.messages[1].content.match(/^\d+/gm) ?? []).length;
  const results = Array.from({ length: count }, (_, index) => ({
    index,
    sentiment: "positive",
    emotion: "Gratitude",
    topic: "Teamwork",
    recommendation: "do well",
    confidence: 0.9,
    ...overrides,
  }));
  res.setHeader("content-type", "application/json");
  res.end(completion(JSON.stringify({ results })));
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as Seen["body"];
      seen.push({ url: req.url ?? "", authorization: req.headers.authorization, body });
      reply(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  reply = (body, res) => answerAll(body, res);
});

const env = () => ({ LLM_BASE_URL: baseUrl, LLM_API_KEY: "test-key", LLM_MODEL: "tiny-model", LLM_TIMEOUT_MS: "300" });

describe("createLlmAnalyzer", () => {
  it("posts to {baseUrl}/chat/completions asking for JSON and validates the answer", async () => {
    const llm = createLlmAnalyzer({ baseUrl, apiKey: "test-key", model: "tiny-model", timeoutMs: 1000 });
    const results = await llm.analyzeComments([
      { text: "Thanks to my teammates for covering for me.", context: { questionKey: "lowi_open_better" } },
      { text: "n/a" },
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe("/v1/chat/completions");
    expect(seen[0].authorization).toBe("Bearer test-key");
    expect(seen[0].body.model).toBe("tiny-model");
    expect(seen[0].body.response_format).toEqual({ type: "json_object" });
    // Empty answers are decided locally and never sent.
    expect(seen[0].body.messages[1].content).not.toContain("n/a");
    expect(seen[0].body.messages[1].content).toContain("What could we do better?");
    expect(results[0]).toMatchObject({ sentiment: "positive", emotion: "Gratitude", topic: "Teamwork", source: "llm" });
    // The question decides the recommendation of a LOWI open answer.
    expect(results[0].recommendation).toBe("do better");
    expect(results[1]).toMatchObject({ sentiment: "none", emotion: "None", source: "local" });
  });

  it("rejects a malformed answer", async () => {
    reply = (body, res) => answerAll(body, res, { emotion: "Joy" });
    const llm = createLlmAnalyzer({ baseUrl, apiKey: "k", model: "m", timeoutMs: 1000 });
    await expect(llm.analyzeComments([{ text: "Great people to work with." }])).rejects.toThrow();
  });

  it("parses fenced JSON and refuses answers that miss comments", () => {
    const one = { index: 0, sentiment: "neutral", emotion: "Neutral", topic: "General", recommendation: null };
    expect(parseLlmContent(`\`\`\`json\n${JSON.stringify({ results: [one] })}\n\`\`\``, 1).results).toHaveLength(1);
    expect(() => parseLlmContent(JSON.stringify({ results: [one] }), 2)).toThrow(/1 of 2/);
    expect(() => parseLlmContent("Sure! Here are the labels.", 1)).toThrow();
  });
});

describe("createCommentAnalyzer", () => {
  it("is local when any LLM variable is missing", async () => {
    const analyzer = createCommentAnalyzer({ LLM_BASE_URL: baseUrl, LLM_MODEL: "m" });
    expect(analyzer.mode).toBe("local");
    expect(await analyzer.analyzeComment("I love my team.")).toMatchObject({ emotion: "Love", source: "local" });
    expect(seen).toHaveLength(0);
  });

  it("uses the LLM when configured, in batches", async () => {
    const analyzer = createCommentAnalyzer({ ...env(), LLM_BATCH_SIZE: "2" });
    expect(analyzer.mode).toBe("llm");
    const results = await analyzer.analyzeComments([{ text: "Good people." }, { text: "Nice office." }, { text: "Kind managers." }]);
    expect(results.map((result) => result.source)).toEqual(["llm", "llm", "llm"]);
    expect(seen).toHaveLength(2);
  });

  it("falls back to the local analyzer on a malformed answer", async () => {
    reply = (_body, res) => {
      res.setHeader("content-type", "application/json");
      res.end(completion("{ this is not json"));
    };
    const fallbacks: number[] = [];
    const analyzer = createCommentAnalyzer(env(), { onFallback: (_error, count) => fallbacks.push(count) });
    const [result] = await analyzer.analyzeComments([{ text: "I'm furious about the unpaid overtime." }]);
    expect(result).toMatchObject({ sentiment: "negative", emotion: "Anger", source: "local" });
    expect(fallbacks).toEqual([1]);
  });

  it("falls back on a timeout", async () => {
    reply = (body, res) => {
      setTimeout(() => answerAll(body, res), 2000);
    };
    const analyzer = createCommentAnalyzer(env());
    const started = Date.now();
    const result = await analyzer.analyzeComment("The bathrooms are disgusting.");
    expect(result).toMatchObject({ emotion: "Disgust", source: "local" });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("falls back on an HTTP error and when the server is gone", async () => {
    reply = (_body, res) => {
      res.statusCode = 500;
      res.end("boom");
    };
    expect((await createCommentAnalyzer(env()).analyzeComment("Great team.")).source).toBe("local");
    const gone = createCommentAnalyzer({ ...env(), LLM_BASE_URL: "http://127.0.0.1:9/v1" });
    expect((await gone.analyzeComment("Great team.")).source).toBe("local");
  });

  it("falls back when the answer mixes none with a feeling", async () => {
    reply = (body, res) => answerAll(body, res, { sentiment: "none", emotion: "Love" });
    expect((await createCommentAnalyzer(env()).analyzeComment("I love the people here.")).source).toBe("local");
  });
});
