import { createLlmAnalyzer, type LlmAnalyzer } from "./llm.js";
import { analyzeComment } from "./local-analyzer.js";
import { isNoAnswer } from "./no-answer.js";
import type { CommentAnalysis, CommentContext, CommentItem } from "./types.js";

export interface CommentAnalyzer {
  mode: "llm" | "local";
  analyzeComment(text: string, context?: CommentContext): Promise<CommentAnalysis>;
  /** Results in input order. With an LLM, each batch that fails falls back to the local analyzer as a whole. */
  analyzeComments(items: readonly CommentItem[]): Promise<CommentAnalysis[]>;
}

export interface CommentAnalyzerEnv {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS?: string;
  LLM_BATCH_SIZE?: string;
}

export interface CommentAnalyzerOptions {
  fetch?: typeof fetch;
  /** Called whenever the LLM could not be used and the local analyzer answered instead. */
  onFallback?: (error: unknown, comments: number) => void;
}

function localAnalyzeAll(items: readonly CommentItem[]): CommentAnalysis[] {
  return items.map((item) => analyzeComment(item.text, item.context));
}

/**
 * The comment analyzer the app uses: an LLM (OpenAI-compatible) when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all
 * set, with the local lexicon analyzer answering for every batch the LLM fails on (transport error, HTTP error,
 * timeout, answer that does not validate); the local analyzer alone otherwise.
 */
export function createCommentAnalyzer(env: CommentAnalyzerEnv = process.env, options: CommentAnalyzerOptions = {}): CommentAnalyzer {
  const { LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: model } = env;
  if (!baseUrl || !apiKey || !model) {
    return {
      mode: "local",
      analyzeComment: async (text, context) => analyzeComment(text, context),
      analyzeComments: async (items) => localAnalyzeAll(items),
    };
  }
  const timeoutMs = Number(env.LLM_TIMEOUT_MS) > 0 ? Number(env.LLM_TIMEOUT_MS) : undefined;
  const batchSize = Number(env.LLM_BATCH_SIZE) > 0 ? Number(env.LLM_BATCH_SIZE) : 20;
  const llm: LlmAnalyzer = createLlmAnalyzer({
    baseUrl,
    apiKey,
    model,
    fetch: options.fetch,
    timeoutMs,
    batchSize: Number.MAX_SAFE_INTEGER,
  });

  async function analyzeBatch(batch: readonly CommentItem[]): Promise<CommentAnalysis[]> {
    try {
      return await llm.analyzeComments(batch);
    } catch (error) {
      options.onFallback?.(error, batch.filter((item) => !isNoAnswer(item.text)).length);
      return localAnalyzeAll(batch);
    }
  }

  return {
    mode: "llm",
    analyzeComment: async (text, context) => (await analyzeBatch([{ text, context }]))[0],
    async analyzeComments(items) {
      const results: CommentAnalysis[] = [];
      for (let start = 0; start < items.length; start += batchSize) {
        results.push(...(await analyzeBatch(items.slice(start, start + batchSize))));
      }
      return results;
    },
  };
}
