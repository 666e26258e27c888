// The rows of a demographics import parsed and validated on a thread of its own (data-import.service.ts starts one
// per commit): papaparse and validateImportRows run here, not on the thread that serves HTTP and runs the embedded
// database, so the next rows are checked while the last ones are written.
//
// workerData: { columns, now (ISO date the rows are read as of), batchRows, ahead }
// In: { type: "text", text } for each piece of the file as read (decoded), { type: "end" } after the last, and
//   { type: "written" } once a batch is written.
// Out: { type: "took" } once a piece of text is taken by the parser; { type: "batch", payload, accepted, rejected } per batch of
//   `batchRows` rows, where `payload` is the accepted people as the JSON that upsertEmployeeAttributes takes
//   ([{ e, f, l, a }]); then { type: "done", rows }, or { type: "error", message }.
// Parsing stops while `ahead` batches wait to be written; the reading side sends text only while few pieces are untaken.
import { PassThrough } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import Papa from "papaparse";

/**
 * @hearth/shared is TypeScript. The built server bundles it into this file; under `tsx` the loader is inherited;
 * anywhere else (the test runner) tsx's loader is registered here first.
 */
async function loadShared() {
  try {
    return await import("@hearth/shared");
  } catch (first) {
    try {
      const { register } = await import("tsx/esm/api");
      register();
      // a new URL: the failed load above stays cached under the plain one
      return await import(`${import.meta.resolve("@hearth/shared")}?tsx`);
    } catch {
      throw first;
    }
  }
}

const fail = (error) => parentPort.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });

try {
  const { validateImportRows } = await loadShared();
  const { columns, now, batchRows, ahead } = workerData;
  const body = new PassThrough({ encoding: "utf8" });
  const seen = new Set();
  const asOf = new Date(now);
  let pending = [];
  let headerSeen = false;
  let rowsRead = 0;
  let waiting = 0;

  const send = (rows) => {
    const result = validateImportRows(columns, rows, { firstLine: rowsRead + 2, seen, now: asOf });
    rowsRead += rows.length;
    const payload = JSON.stringify(
      result.accepted.map((person) => ({ e: person.email, f: person.firstName ?? null, l: person.lastName ?? null, a: person.attributes })),
    );
    waiting += 1;
    parentPort.postMessage({ type: "batch", payload, accepted: result.accepted.length, rejected: result.rejected.length });
  };
  const sendFull = (all) => {
    while (pending.length >= batchRows || (all && pending.length > 0)) {
      const rows = pending.length > batchRows ? pending.slice(0, batchRows) : pending;
      pending = pending.length > batchRows ? pending.slice(batchRows) : [];
      send(rows);
    }
  };

  parentPort.on("message", (message) => {
    // called back once the parser has room for it: a paused parser holds the callbacks, so the reading side stops
    if (message.type === "text") body.write(message.text, () => parentPort.postMessage({ type: "took" }));
    else if (message.type === "end") body.end();
    else if (message.type === "written") {
      waiting -= 1;
      if (waiting < ahead) body.resume();
    }
  });
  Papa.parse(body, {
    skipEmptyLines: "greedy",
    // a leading byte-order mark is not part of the first header
    beforeFirstChunk: (chunk) => chunk.replace(/^\uFEFF/, ""),
    chunk: (results) => {
      try {
        let rows = results.data;
        if (!headerSeen && rows.length > 0) {
          headerSeen = true;
          rows = rows.slice(1);
        }
        for (const row of rows) pending.push(row);
        sendFull(false);
        if (waiting >= ahead) body.pause();
      } catch (error) {
        body.destroy();
        fail(error);
      }
    },
    complete: () => {
      try {
        sendFull(true);
        parentPort.postMessage({ type: "done", rows: rowsRead });
      } catch (error) {
        fail(error);
      }
    },
    error: fail,
  });
} catch (error) {
  fail(error);
}
