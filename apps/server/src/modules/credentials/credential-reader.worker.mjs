// Reads a submitted badge file or credential text on a thread of its own (credential-reader.ts keeps one or two and
// terminates one that runs past its time limit): readSubmittedCredential of credential-reading.ts, bounded in size
// and depth, so a decompression bomb or a pathological file never holds the thread that serves HTTP.
//
// Out first: { ready: true } once loaded. In: { id, input: { file?, text? } }. Out: { id, outcome } (see CredentialReadOutcome), or { id, failed: true }.
import { parentPort } from "node:worker_threads";

/**
 * credential-reading.ts is TypeScript. The built server bundles it into this file; under `tsx` the loader is
 * inherited; anywhere else (the test runner) tsx's loader is registered here first.
 */
async function loadReading() {
  try {
    return await import("./credential-reading.js");
  } catch (first) {
    try {
      const { register } = await import("tsx/esm/api");
      register();
      // a new URL: the failed load above stays cached under the plain one
      return await import(`${new URL("./credential-reading.ts", import.meta.url)}?tsx`);
    } catch {
      throw first;
    }
  }
}

const reading = loadReading();
// the reader's time limit starts once the thread is ready, so a slow start is never taken for a slow file
reading.then(
  () => parentPort?.postMessage({ ready: true }),
  () => parentPort?.postMessage({ ready: false }),
);

parentPort?.on("message", async ({ id, input }) => {
  try {
    const { readSubmittedCredential } = await reading;
    parentPort?.postMessage({ id, outcome: readSubmittedCredential(input) });
  } catch {
    parentPort?.postMessage({ id, failed: true });
  }
});
