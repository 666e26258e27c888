// The local comment analyzer on a thread of its own (comment-analyzer-thread.ts starts it): the lexicon and NLP
// work of a batch runs here, not on the thread that serves HTTP and runs the embedded database.
// Messages in: { id, items: CommentItem[] }; out: { id, results } or { id, error }.
import { parentPort } from "node:worker_threads";

/**
 * @hearth/analysis is TypeScript. The built server bundles it into this file; under `tsx` the loader is inherited;
 * anywhere else (the test runner) tsx's loader is registered here first.
 */
async function loadAnalysis() {
  try {
    return await import("@hearth/analysis");
  } catch (first) {
    try {
      const { register } = await import("tsx/esm/api");
      register();
      // a new URL: the failed load above stays cached under the plain one
      return await import(`${import.meta.resolve("@hearth/analysis")}?tsx`);
    } catch {
      throw first;
    }
  }
}

const analysis = await loadAnalysis();
const analyzer = analysis.createCommentAnalyzer({});

parentPort.on("message", async (message) => {
  try {
    const results = await analyzer.analyzeComments(message.items);
    parentPort.postMessage({ id: message.id, results });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
