import { z } from "zod";
import { analyzeComment, inferRecommendation } from "./local-analyzer.js";
import { isNoAnswer } from "./no-answer.js";
import {
  type CommentAnalysis,
  type CommentItem,
  EMOTIONS,
  QUESTION_DO_BETTER,
  QUESTION_DO_WELL,
  RECOMMENDATIONS,
  SENTIMENTS,
  TOPICS,
} from "./types.js";

export interface LlmOptions {
  /** e.g. `https://llm.example.com/v1`; the analyzer posts to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per request; default 20 000 ms. */
  timeoutMs?: number;
  /** Comments per request; default 20. */
  batchSize?: number;
}

export interface LlmAnalyzer {
  /** Throws on a transport error, a timeout, or an answer that does not validate. */
  analyzeComments(items: readonly CommentItem[]): Promise<CommentAnalysis[]>;
}

const itemSchema = z.object({
  index: z.number().int().nonnegative(),
  sentiment: z.enum(SENTIMENTS),
  emotion: z.enum(EMOTIONS),
  topic: z.enum(TOPICS),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  confidence: z.number().min(0).max(1).optional(),
});
export const llmAnswerSchema = z.object({ results: z.array(itemSchema) });

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

export const SYSTEM_PROMPT = [
  "You label employee survey comments about their workplace.",
  "For every comment return exactly one object with:",
  `- sentiment: one of ${SENTIMENTS.join(", ")} ("none" only when the comment says nothing, e.g. "n/a", "nothing to add");`,
  `- emotion: one of ${EMOTIONS.join(", ")} (Neutral when no feeling is expressed; None exactly when sentiment is none; Disapproval for plain criticism);`,
  `- topic: one of ${TOPICS.map((topic) => `"${topic}"`).join(", ")} (General when no specific topic is named);`,
  '- recommendation: "do well" when the comment praises something to keep, "do better" when it asks for a change, or null;',
  "- confidence: a number from 0 to 1.",
  "Read negation carefully: 'no complaints' is positive, 'never feel appreciated' is negative; after 'but' the second clause weighs more.",
  'Answer with JSON only, no prose: {"results":[{"index":0,"sentiment":"…","emotion":"…","topic":"…","recommendation":null,"confidence":0.9}]}',
  "with one entry per comment index.",
].join("\n");

function questionLabel(questionKey: string | null | undefined): string {
  if (questionKey === QUESTION_DO_WELL) return ' (answer to "What do we do well?")';
  if (questionKey === QUESTION_DO_BETTER) return ' (answer to "What could we do better?")';
  return "";
}

export function buildUserPrompt(items: readonly CommentItem[]): string {
  const lines = items.map((item, index) => `${index}${questionLabel(item.context?.questionKey)}: ${JSON.stringify(item.text)}`);
  return `Label these ${items.length} comments:\n${lines.join("\n")}`;
}

/** Reads the JSON object out of a model answer, tolerating a Markdown code fence around it. */
export function parseLlmContent(content: string, expected: number): z.infer<typeof llmAnswerSchema> {
  const trimmed = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  const answer = llmAnswerSchema.parse(JSON.parse(trimmed));
  const indexes = new Set(answer.results.map((result) => result.index));
  if (indexes.size !== expected || answer.results.length !== expected || answer.results.some((result) => result.index >= expected)) {
    throw new Error(`LLM answer covers ${indexes.size} of ${expected} comments`);
  }
  return answer;
}

/**
 * An analyzer that asks an OpenAI-compatible chat completions API (`POST {baseUrl}/chat/completions`) for strict
 * JSON, validated with zod. Empty answers ("n/a", ≤ 3 characters) are never sent: the local rules decide them. The
 * question context always decides the recommendation for the two LOWI open questions.
 */
export function createLlmAnalyzer(options: LlmOptions): LlmAnalyzer {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const batchSize = Math.max(1, options.batchSize ?? 20);
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  async function request(items: readonly CommentItem[]): Promise<CommentAnalysis[]> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`LLM request timed out after ${timeoutMs} ms`)), timeoutMs);
    try {
      const response = await doFetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            { role: "user", content: buildUserPrompt(items) },
          ],
        }),
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`LLM answered HTTP ${response.status}`);
      const completion = completionSchema.parse(await response.json());
      const answer = parseLlmContent(completion.choices[0].message.content, items.length);
      const byIndex = new Map(answer.results.map((result) => [result.index, result]));
      return items.map((item, index) => {
        const result = byIndex.get(index)!;
        const noneConsistent = (result.sentiment === "none") === (result.emotion === "None");
        if (!noneConsistent) throw new Error(`LLM answer for comment ${index} mixes none and a feeling`);
        const confidence = result.confidence ?? 0.8;
        const contextual = inferRecommendation(result.sentiment, item.context, false);
        const fromQuestion = item.context?.questionKey === QUESTION_DO_WELL || item.context?.questionKey === QUESTION_DO_BETTER;
        return {
          sentiment: result.sentiment,
          emotion: result.emotion,
          topic: result.topic,
          recommendation: result.sentiment === "none" ? null : fromQuestion ? contextual : result.recommendation,
          confidence: { sentiment: confidence, emotion: confidence, topic: confidence },
          source: "llm" as const,
        };
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async analyzeComments(items) {
      const results: CommentAnalysis[] = new Array(items.length);
      const pending: { item: CommentItem; at: number }[] = [];
      items.forEach((item, at) => {
        if (isNoAnswer(item.text)) results[at] = analyzeComment(item.text, item.context);
        else pending.push({ item, at });
      });
      for (let start = 0; start < pending.length; start += batchSize) {
        const batch = pending.slice(start, start + batchSize);
        const answers = await request(batch.map((entry) => entry.item));
        batch.forEach((entry, k) => {
          results[entry.at] = answers[k];
        });
      }
      return results;
    },
  };
}
