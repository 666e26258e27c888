/**
 * The response-ingest load generator: autocannon on its own worker thread, so the client gets a core of its
 * own and the server under test keeps the bench's main thread. Plain JavaScript because a worker thread
 * does not inherit tsx's loader on every Node version.
 *
 * Protocol: the parent posts {id, url, method? (POST by default), headers, body, connections, durationSeconds, timeoutSeconds, overallRate?}; the worker
 * answers {id, result} or {id, error}. `latencies` holds the response time (ms) of every 2xx answer, so the
 * parent can merge several runs and take exact percentiles; other answers are only counted.
 */
import { parentPort } from "node:worker_threads";
import autocannon from "autocannon";

function runOnce(job) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statusCounts = {};
    const instance = autocannon(
      {
        url: job.url,
        method: job.method ?? "POST",
        headers: job.headers,
        body: job.body,
        connections: job.connections,
        duration: job.durationSeconds,
        timeout: job.timeoutSeconds,
        ...(job.overallRate ? { overallRate: job.overallRate } : {}),
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        resolve({
          latencies,
          statusCounts,
          // autocannon's own clock; requests still in flight when it ends are dropped, neither counted nor timed
          elapsedMs: result.duration * 1000,
          errors: result.errors,
          timeouts: result.timeouts,
          // inside a worker thread autocannon hands back its raw, unaggregated result
          sent: result.totalRequests,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
    });
  });
}

parentPort.on("message", (job) => {
  runOnce(job).then(
    (result) => parentPort.postMessage({ id: job.id, result }),
    (error) => parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
