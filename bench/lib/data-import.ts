/**
 * Demographics import (issue 14 item 2, docs/decisions/0043), end to end on the compiled server over embedded PGlite:
 *
 * - `csv_import_100k`: rows per second from the start of the upload of a 100,000-row CSV (`PUT /api/uploads`, the
 *   file streamed as the request body) through `POST /api/data/imports` to the moment `GET /api/data/imports/:id`
 *   answers `done` (upload, parse, validation and commit by the job). Its limit is papaparse alone reading the same
 *   file from a file stream in this process (no validation, no database), so the ratio says how much of papaparse's
 *   own speed the whole import keeps.
 * - `csv_import_peak_memory`: the server's peak resident set during the import (VmHWM, reset just before the upload;
 *   or the largest VmRSS sampled every 20 ms where the reset is not allowed) against its idle figure: the smallest
 *   VmRSS of 20 samples over 2 s of the started, signed-in server at rest just before (after 2 s of rest).
 *
 * The file has odd header spellings (matched by the same matchHeaders as the page), names with accents, and every
 * 100th row bad in one of four ways; the run fails unless exactly 99,000 people are imported and 1,000 rows refused,
 * and a second import of the same file leaves the number of imported people as it was.
 */
import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import Papa from "papaparse";
import { matchHeaders } from "../../packages/shared/src/data-import/import-fields.js";
import { keepAliveAgent, request, sessionCookie, signInDemo } from "./http.js";
import { freePort, hearthLaunch, spawnUntilHealthy } from "./processes.js";
import { type Measure, measure } from "./report.js";
import { median, sleep } from "./stats.js";

export const IMPORT_ROWS = 100_000;
/** Every BAD_ROW_EVERY-th row is refused by the import (1 %). */
const BAD_ROW_EVERY = 100;
const IMPORT_TIMEOUT_MS = 180_000;
/** Ten times as often as the page polls (1 s): the end is seen within 0.1 s. */
const POLL_MS = 100;
const MEMORY_SAMPLE_MS = 20;
/** The server rests this long after its sign-in before its idle figure is taken, then is sampled every 0.1 s. */
const IDLE_SETTLE_MS = 2_000;
const IDLE_SAMPLES = 20;
const PAPA_RUNS = 3;
const SPAWN_TIMEOUT_MS = 90_000;

const HEADERS = [
  "E-Mail Address",
  "Given name",
  "SURNAME",
  "Dept.",
  "Work Location",
  "Gender Identity",
  "Age",
  "Hire Date",
  "Weekly Hours",
  "Job Title",
  "Employee No.",
];
const FIRST_NAMES = ["Ada", "Björn", "Chloé", "Dmitri", "Esi", "Farid", "Grace", "Hiro", "Inès", "Jonas", "Kemi", "Łucja"];
const LAST_NAMES = ["Okafor", "Lindqvist", "García", "Nakamura", "Smith", "Haddad", "Novák", "Mbeki", "O'Brien", "Rossi"];
const DEPARTMENTS = ["Engineering", "Sales", "Customer Support", "Finance", "People", "Marketing", "Operations", "Legal"];
const LOCATIONS = ["London", "São Paulo", "Lagos", "Tokyo", "Berlin", "Austin, TX", "Toronto"];
const GENDERS = ["Female", "male", "F", "M", "Non-Binary", "Decline to state"];
const TITLES = ["Analyst", "Senior Engineer", "Account Executive", "Support Specialist", "Team Lead", "Director"];

export interface DataImportBenchResult {
  rows: number;
  fileBytes: number;
  accepted: number;
  rejected: number;
  uploadMs: number;
  /** From the start of the upload to the first `done` answer. */
  endToEndMs: number;
  /** From the import's creation to its `finishedAt`, on the server's clock (start request, job, commit). */
  serverMs: number;
  /** CPU time the server process used (all threads) from the upload's start to done. */
  serverCpuMs: number;
  rowsPerSecond: number;
  /** A second import of the same file (not measured: it shows re-importing duplicates no one), end to end and on the server's clock. */
  reimportMs: number;
  reimportServerMs: number;
  peopleAfterFirst: number;
  peopleAfterSecond: number;
  idleRssMb: number;
  peakRssMb: number;
  peakSource: "VmHWM" | "sampled VmRSS";
  papaparse: { runsMs: number[]; rows: number; rowsPerSecond: number };
}

/** Row `index` of the file: 1 % bad (in turn: no email, a malformed one, an address used on an earlier row, an age that fits no category). */
function csvRow(index: number): string {
  let email = `employee.${String(index).padStart(6, "0")}@bench-import.hearth.test`;
  let age = String(20 + (index % 45));
  if (index % BAD_ROW_EVERY === BAD_ROW_EVERY - 1) {
    const kind = Math.floor(index / BAD_ROW_EVERY) % 4;
    if (kind === 0) email = "";
    if (kind === 1) email = "not-an-address";
    if (kind === 2) email = "employee.000000@bench-import.hearth.test";
    if (kind === 3) age = "between 30 and 35";
  }
  const year = 2005 + (index % 20);
  const hired = `${year}-${String(1 + (index % 12)).padStart(2, "0")}-${String(1 + (index % 28)).padStart(2, "0")}`;
  const location = LOCATIONS[index % LOCATIONS.length];
  return [
    email,
    FIRST_NAMES[index % FIRST_NAMES.length],
    LAST_NAMES[(index * 7) % LAST_NAMES.length],
    DEPARTMENTS[(index * 3) % DEPARTMENTS.length],
    location.includes(",") ? `"${location}"` : location,
    GENDERS[index % GENDERS.length],
    age,
    hired,
    ["37.5", "40", "20", "30"][index % 4],
    TITLES[(index * 5) % TITLES.length],
    `E${100_000 + index}`,
  ].join(",");
}

/** Writes the file (CRLF, as spreadsheets save it, with a byte-order mark) and answers its size in bytes. */
export function writeImportFile(file: string, rows = IMPORT_ROWS): number {
  const lines = [`\uFEFF${HEADERS.join(",")}`];
  for (let index = 0; index < rows; index += 1) lines.push(csvRow(index));
  const text = `${lines.join("\r\n")}\r\n`;
  writeFileSync(file, text);
  return Buffer.byteLength(text);
}

/** Papaparse alone on the file: a file stream decoded as UTF-8, rows handed over by chunk, as the server reads it. */
export function papaparseAlone(file: string): Promise<{ rows: number; ms: number }> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    const t0 = performance.now();
    Papa.parse<string[], NodeJS.ReadableStream>(createReadStream(file, { encoding: "utf8" }), {
      skipEmptyLines: "greedy",
      chunk: (results) => {
        rows += results.data.length;
      },
      complete: () => resolve({ rows: rows - 1, ms: performance.now() - t0 }),
      error: reject,
    });
  });
}

/** VmRSS and VmHWM of a process, in MB (from /proc/<pid>/status). */
function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
}

/** CPU time (user + system, ms) a process has used so far, all its threads (from /proc/<pid>/stat). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resets the peak resident set (VmHWM) of a process of ours to its current size; false where the kernel refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Streams the file as the body of `PUT /api/uploads` (the page sends the same bytes as a multipart POST to the same storage path); answers the upload's id. */
function uploadFile(url: string, cookie: string, file: string, bytes: number): Promise<string> {
  const query = new URLSearchParams({ filename: path.basename(file), filetype: "text/csv", path: "imports" });
  return new Promise((resolve, reject) => {
    const target = new URL(`${url}/api/uploads?${query}`);
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: "PUT",
        headers: { "content-type": "text/csv", "content-length": bytes, cookie, origin: url },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          if (res.statusCode !== 201) reject(new Error(`PUT /api/uploads answered ${res.statusCode}: ${body.slice(0, 300)}`));
          else resolve((JSON.parse(body) as { id: string }).id);
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(IMPORT_TIMEOUT_MS, () => req.destroy(new Error("PUT /api/uploads timed out")));
    req.on("error", reject);
    createReadStream(file).on("error", reject).pipe(req);
  });
}

export interface Session {
  url: string;
  cookie: string;
  agent: http.Agent;
}

async function callJson<T>(session: Session, method: "GET" | "POST", route: string, body?: unknown): Promise<T> {
  const response = await request({
    url: `${session.url}${route}`,
    method,
    headers: { cookie: session.cookie, origin: session.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    agent: session.agent,
    keepBody: true,
  });
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${method} ${route} answered ${response.status}: ${response.body.slice(0, 300)}`);
  }
  return JSON.parse(response.body) as T;
}

interface ImportState {
  id: string;
  status: string;
  totalRows: number;
  acceptedRows: number;
  rejectedRows: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Upload, start, poll until done; answers the final state and the times from the upload's start. */
export async function importOnce(session: Session, file: string, bytes: number) {
  const t0 = performance.now();
  const uploadId = await uploadFile(session.url, session.cookie, file, bytes);
  const uploadMs = performance.now() - t0;
  const columns = matchHeaders(HEADERS).map(({ header, field }) => ({ header, field }));
  let state = await callJson<ImportState>(session, "POST", "/api/data/imports", { uploadId, kind: "demographics", columns });
  const deadline = t0 + IMPORT_TIMEOUT_MS;
  while (state.status !== "done") {
    if (state.status === "failed") throw new Error(`the import failed: ${state.error}`);
    if (performance.now() > deadline)
      throw new Error(`the import was not done after ${IMPORT_TIMEOUT_MS / 1000} s: ${JSON.stringify(state)}`);
    await sleep(POLL_MS);
    state = await callJson<ImportState>(session, "GET", `/api/data/imports/${state.id}`);
  }
  const endToEndMs = performance.now() - t0;
  // the server's own clock: from the import's creation (the upload done) to the job's last write
  const serverMs = new Date(state.finishedAt ?? Number.NaN).getTime() - new Date(state.createdAt).getTime();
  return { state, uploadMs, endToEndMs, serverMs };
}

const importedPeople = async (session: Session) =>
  (await callJson<{ total: number }>(session, "GET", "/api/data/cards?source=import")).total;

/**
 * On a server of its own (fresh PGlite data dir, demo data): the idle figure, the measured import with the server's
 * peak resident set, and the same file imported again; the imported people counted after each.
 */
async function importOnServer(dataDir: string, file: string, fileBytes: number, log: (line: string) => void) {
  const port = await freePort();
  const launch = hearthLaunch(port, path.join(dataDir, "data"));
  const server = await spawnUntilHealthy({ ...launch, env: { ...launch.env, LOG_LEVEL: "silent" } }, port, "/api/health", SPAWN_TIMEOUT_MS);
  try {
    const pid = server.child.pid;
    if (!pid) throw new Error("the server has no process id");
    const agent = keepAliveAgent(1);
    const signIn = await signInDemo(server.url, agent);
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body.slice(0, 300)}`);
    const session: Session = { url: server.url, cookie: sessionCookie(signIn), agent };
    const before = await importedPeople(session);

    // idle: the started, signed-in server at rest; the smallest of the samples (the strictest figure to compare with)
    await sleep(IDLE_SETTLE_MS);
    const idle: number[] = [];
    for (let sample = 0; sample < IDLE_SAMPLES; sample += 1) {
      idle.push(memoryOf(pid).rssMb);
      await sleep(100);
    }
    const idleRssMb = Math.min(...idle);
    log(
      `  idle resident set: ${idle.length} samples over ${(idle.length / 10).toFixed(1)} s, ${Math.min(...idle).toFixed(0)}–${Math.max(...idle).toFixed(0)} MB`,
    );

    const hwmReset = resetPeak(pid);
    let sampledPeak = 0;
    const sampler = setInterval(() => {
      try {
        sampledPeak = Math.max(sampledPeak, memoryOf(pid).rssMb);
      } catch {
        // the process is gone: the import's own error says why
      }
    }, MEMORY_SAMPLE_MS);
    let first: Awaited<ReturnType<typeof importOnce>>;
    const cpuBefore = cpuMsOf(pid);
    try {
      first = await importOnce(session, file, fileBytes);
    } finally {
      clearInterval(sampler);
    }
    const serverCpuMs = cpuMsOf(pid) - cpuBefore;
    const after = memoryOf(pid);
    sampledPeak = Math.max(sampledPeak, after.rssMb);
    log(
      `  peak resident set: VmHWM ${hwmReset ? `${after.hwmMb.toFixed(0)} MB (reset before the upload)` : "not resettable"}, largest sample ${sampledPeak.toFixed(0)} MB, ${after.rssMb.toFixed(0)} MB after`,
    );
    const peopleAfterFirst = (await importedPeople(session)) - before;
    const second = await importOnce(session, file, fileBytes);
    const peopleAfterSecond = (await importedPeople(session)) - before;
    return {
      first,
      second,
      serverCpuMs,
      peopleAfterFirst,
      peopleAfterSecond,
      idleRssMb,
      peakRssMb: hwmReset ? after.hwmMb : sampledPeak,
      peakSource: (hwmReset ? "VmHWM" : "sampled VmRSS") as DataImportBenchResult["peakSource"],
    };
  } finally {
    await server.stop();
  }
}

export async function runDataImportBench(dataDir: string, log: (line: string) => void): Promise<DataImportBenchResult> {
  const columns = matchHeaders(HEADERS);
  const unmatched = columns.filter((column) => column.field === null).map((column) => column.header);
  if (unmatched.join() !== "Employee No.") throw new Error(`matchHeaders left ${unmatched.join(", ")} without a field`);
  const file = path.join(dataDir, "people-100k.csv");
  const fileBytes = writeImportFile(file);

  const measured = await importOnServer(dataDir, file, fileBytes, log);
  const { first, second, peopleAfterFirst, peopleAfterSecond } = measured;
  const expectedRejected = IMPORT_ROWS / BAD_ROW_EVERY;
  const { state } = first;
  if (state.totalRows !== IMPORT_ROWS || state.rejectedRows !== expectedRejected || state.acceptedRows !== IMPORT_ROWS - expectedRejected) {
    throw new Error(`the import counted ${state.totalRows} rows, ${state.acceptedRows} accepted, ${state.rejectedRows} rejected`);
  }
  if (peopleAfterFirst !== state.acceptedRows || peopleAfterSecond !== peopleAfterFirst) {
    throw new Error(`imported people: ${peopleAfterFirst} after the import, ${peopleAfterSecond} after importing it again`);
  }

  // papaparse alone, once to warm up, then PAPA_RUNS times (the server is stopped: nothing competes with it)
  await papaparseAlone(file);
  const runs: { rows: number; ms: number }[] = [];
  for (let run = 0; run < PAPA_RUNS; run += 1) runs.push(await papaparseAlone(file));
  if (runs.some((run) => run.rows !== IMPORT_ROWS)) throw new Error(`papaparse read ${runs.map((run) => run.rows).join(", ")} rows`);
  const papaMs = median(runs.map((run) => run.ms));

  const result: DataImportBenchResult = {
    rows: IMPORT_ROWS,
    fileBytes,
    accepted: state.acceptedRows,
    rejected: state.rejectedRows,
    uploadMs: first.uploadMs,
    endToEndMs: first.endToEndMs,
    serverMs: first.serverMs,
    serverCpuMs: measured.serverCpuMs,
    rowsPerSecond: IMPORT_ROWS / (first.endToEndMs / 1000),
    reimportMs: second.endToEndMs,
    reimportServerMs: second.serverMs,
    peopleAfterFirst,
    peopleAfterSecond,
    idleRssMb: measured.idleRssMb,
    peakRssMb: measured.peakRssMb,
    peakSource: measured.peakSource,
    papaparse: { runsMs: runs.map((run) => run.ms), rows: IMPORT_ROWS, rowsPerSecond: IMPORT_ROWS / (papaMs / 1000) },
  };
  for (const line of describeDataImport(result)) log(line);
  return result;
}

export function describeDataImport(result: DataImportBenchResult): string[] {
  const n = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 0 });
  return [
    `demographics import, ${n(result.rows)} rows (${(result.fileBytes / 1e6).toFixed(1)} MB): ${n(result.endToEndMs)} ms from the upload's start to done (upload ${n(result.uploadMs)} ms, import created → finished ${n(result.serverMs)} ms) → ${n(result.rowsPerSecond)} rows/s; ${n(result.accepted)} imported, ${n(result.rejected)} refused; server CPU ${n(result.serverCpuMs)} ms`,
    `  imported again: ${n(result.reimportMs)} ms (created → finished ${n(result.reimportServerMs)} ms); imported people ${n(result.peopleAfterFirst)} after the first import, ${n(result.peopleAfterSecond)} after the second`,
    `  server memory: idle ${result.idleRssMb.toFixed(0)} MB, peak ${result.peakRssMb.toFixed(0)} MB (${result.peakSource}) → ${(result.peakRssMb / result.idleRssMb).toFixed(2)} × idle`,
    `  papaparse alone on the same file: ${result.papaparse.runsMs.map((ms) => ms.toFixed(0)).join(", ")} ms → ${n(result.papaparse.rowsPerSecond)} rows/s (median)`,
  ];
}

/** `csv_import_100k` (rows/s, papaparse alone as its limit) and `csv_import_peak_memory` (MB, the idle figure as its limit). */
export function dataImportMeasures(result: DataImportBenchResult): Measure[] {
  return [
    measure("csv_import_100k", result.rowsPerSecond, "rows/s", "higher", result.papaparse.rowsPerSecond),
    measure("csv_import_peak_memory", result.peakRssMb, "MB", "lower", result.idleRssMb),
  ];
}

/** The data-import part of `npm run bench`; a failure is logged, noted under the table and fails the run. */
export async function dataImportPart(dataDir: string, log: (line: string) => void, notes: string[]): Promise<Measure[]> {
  try {
    return dataImportMeasures(await runDataImportBench(dataDir, log));
  } catch (error) {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    notes.push(`csv_import_100k and csv_import_peak_memory failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
    process.exitCode = 1;
    return [];
  }
}
