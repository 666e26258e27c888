/**
 * Reports: GET /api/reports/{surveyId}/company on generated LOWI surveys of 1,000 and 100,000 responses (warm p50
 * and p95, sequential requests), next to one raw SQL scan that averages the 20 agree items over the 100,000 answers
 * in the same database and run. The report reads per-survey state folded from responses (docs/decisions/0016), so
 * its cost should not grow with the number of responses.
 */
import pg from "pg";
import { DEMO_EMAIL, keepAliveAgent, request, sessionCookie, signInDemo } from "./http.js";
import { type Launch, type Spawned, freePort, hearthLaunch, spawnUntilHealthy } from "./processes.js";
import { median, percentile } from "./stats.js";

export const REPORT_SMALL = 1_000;
export const REPORT_LARGE = 100_000;
const WARM_REQUESTS = 200;
const RAW_SCAN_RUNS = 3;
const SPAWN_TIMEOUT_MS = 90_000;
const SETTLE_MS = 1_500;

const AGREE = ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"];
const AGREE_KEYS = [
  "lowi_teamwork",
  "lowi_growth",
  "lowi_contribution",
  "lowi_inclusivity",
  "lowi_future_focused",
  "lowi_competence",
  "lowi_perseverance",
  "lowi_goal_oriented",
  "lowi_values",
  "lowi_honesty",
  "lowi_accountability",
  "lowi_psychological_safety",
  "lowi_appreciation",
  "lowi_trust",
  "lowi_belonging",
  "lowi_love_company",
  "lowi_love_workplace",
  "lowi_love_manager",
  "lowi_love_coworkers",
  "lowi_love_ceo",
];

export interface ReportBenchResult {
  small: { responses: number; p50Ms: number; p95Ms: number };
  large: { responses: number; p50Ms: number; p95Ms: number };
  /** The raw scan's median over RAW_SCAN_RUNS runs, ms. */
  rawScanMs: number;
  /** The first request on the large survey (folds every response once), ms. */
  coldMs: number;
  /** GET /api/reports/{id}/drivers warm on both surveys (issue 26: key_drivers_100k, key_drivers_scaling). */
  drivers: { small: { p50Ms: number; p95Ms: number }; large: { p50Ms: number; p95Ms: number } };
}

interface Session {
  url: string;
  cookie: string;
  agent: ReturnType<typeof keepAliveAgent>;
}

async function signIn(url: string): Promise<Session> {
  const agent = keepAliveAgent(1);
  const response = await signInDemo(url, agent);
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${response.body.slice(0, 200)}`);
  return { url, cookie: sessionCookie(response), agent };
}

/**
 * A copy of the demo company's LOWI survey (same questions, same company) with `count` generated responses: every
 * question answered at random, like a real LOWI survey, written by the database itself (generate_series).
 */
async function createSurveyWithResponses(client: pg.Client, count: number, label: string): Promise<string> {
  const id = `bench${label}${Math.random().toString(36).slice(2, 12)}`;
  const copied = await client.query(
    `insert into survey (id, tenant_id, author_user_id, owner_user_id, name, description, survey_preset, is_lowi, is_demo, is_anonymous,
       fields, meta_fields, end_date, archived, draft, published_at, created_at)
     select $1, tenant_id, author_user_id, owner_user_id, $2, description, survey_preset, true, false, true,
       fields, meta_fields, now() - interval '1 day', false, false, now(), now()
     from survey where is_lowi and tenant_id = (select tenant_id from "user" where email = $3) order by created_at limit 1
     returning tenant_id`,
    [id, `Bench LOWI ${label}`, DEMO_EMAIL],
  );
  if (copied.rowCount !== 1) throw new Error("the demo company has no LOWI survey to copy");
  // Each response answers every Radio question with a random option and each open question with a short sentence.
  await client.query(
    `insert into survey_response (tenant_id, survey_id, answers, submitted_on)
     select s.tenant_id, s.id,
       (select jsonb_object_agg(f->>'key',
          case when f->>'answerType' = 'Radio'
            then (f->'radioOptions')->>(floor(random() * jsonb_array_length(f->'radioOptions'))::int + g * 0)
            else 'Clear goals and kind colleagues.' end)
        from jsonb_array_elements(s.fields) f),
       '2026-11-20'
     from survey s, generate_series(1, $2) g
     where s.id = $1`,
    [id, count],
  );
  return id;
}

async function getReport(session: Session, surveyId: string, page: "company" | "drivers" = "company"): Promise<number> {
  const t0 = performance.now();
  const response = await request({
    url: `${session.url}/api/reports/${surveyId}/${page}`,
    headers: { cookie: session.cookie },
    agent: session.agent,
    keepBody: true,
    timeoutMs: 120_000,
  });
  const elapsed = performance.now() - t0;
  if (response.status !== 200) throw new Error(`GET ${page} report answered ${response.status}: ${response.body.slice(0, 200)}`);
  const body = JSON.parse(response.body) as { hidden: boolean; responses?: number };
  if (body.hidden) throw new Error(`the ${page} report answered hidden`);
  return elapsed;
}

/** Folds every response, lets the fold settle (PostgreSQL: one second and a later snapshot) and stores it. */
async function settle(session: Session, surveyId: string): Promise<void> {
  await getReport(session, surveyId);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await getReport(session, surveyId);
  for (let i = 0; i < 10; i += 1) await getReport(session, surveyId);
}

/**
 * Warm latencies of both surveys, their requests interleaved so that both see the same machine (garbage collection,
 * other load) and neither is measured in the other's wake.
 */
async function warmLatencies(session: Session, small: string, large: string, page: "company" | "drivers" = "company") {
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    await getReport(session, small, page);
    await getReport(session, large, page);
  }
  for (let i = 0; i < WARM_REQUESTS; i += 1) {
    smallTimes.push(await getReport(session, small, page));
    largeTimes.push(await getReport(session, large, page));
  }
  const summary = (times: number[]) => ({ p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) });
  return { small: summary(smallTimes), large: summary(largeTimes) };
}

/** The physical floor to beat: one scan that averages the 20 agree items over every response of the survey. */
async function rawScan(client: pg.Client, surveyId: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RAW_SCAN_RUNS; run += 1) {
    const t0 = performance.now();
    const result = await client.query(
      `select avg(case r.answers->>k when $3 then 1 when $4 then 2 when $5 then 3 when $6 then 4 when $7 then 5 end) as mean
       from survey_response r cross join unnest($2::text[]) k where r.survey_id = $1`,
      [surveyId, AGREE_KEYS, ...AGREE],
    );
    times.push(performance.now() - t0);
    if (!(Number(result.rows[0].mean) > 0)) throw new Error("the raw scan found no answers");
  }
  return median(times);
}

/** Runs the report measure against a Hearth server on the given PostgreSQL database (created empty by the caller). */
export async function runReportBench(databaseUrl: string, dataDir: string, log: (line: string) => void): Promise<ReportBenchResult> {
  const port = await freePort();
  const launch = hearthLaunch(port, dataDir);
  const quiet: Launch = { ...launch, env: { ...launch.env, LOG_LEVEL: "silent", DATABASE_URL: databaseUrl } };
  const server: Spawned = await spawnUntilHealthy(quiet, port, "/api/health", SPAWN_TIMEOUT_MS);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const session = await signIn(server.url);
    let t0 = performance.now();
    const small = await createSurveyWithResponses(client, REPORT_SMALL, "1k");
    const large = await createSurveyWithResponses(client, REPORT_LARGE, "100k");
    await client.query("analyze survey_response");
    log(
      `reports: generated ${REPORT_SMALL.toLocaleString("en-US")} + ${REPORT_LARGE.toLocaleString("en-US")} LOWI responses in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const rawScanMs = await rawScan(client, large);
    t0 = performance.now();
    const coldMs = await getReport(session, large);
    log(
      `reports: first (cold) report on ${REPORT_LARGE.toLocaleString("en-US")} responses ${coldMs.toFixed(0)} ms; raw scan of the 20 agree items ${rawScanMs.toFixed(0)} ms`,
    );
    await settle(session, small);
    await settle(session, large);
    const latency = await warmLatencies(session, small, large);
    const drivers = await warmLatencies(session, small, large, "drivers");
    return {
      small: { responses: REPORT_SMALL, ...latency.small },
      large: { responses: REPORT_LARGE, ...latency.large },
      rawScanMs,
      coldMs,
      drivers,
    };
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}

export const describeReports = (result: ReportBenchResult) =>
  `company report warm: ${result.small.responses.toLocaleString("en-US")} responses p50 ${result.small.p50Ms.toFixed(1)} ms p95 ${result.small.p95Ms.toFixed(1)} ms; ` +
  `${result.large.responses.toLocaleString("en-US")} responses p50 ${result.large.p50Ms.toFixed(1)} ms p95 ${result.large.p95Ms.toFixed(1)} ms; ` +
  `raw scan ${result.rawScanMs.toFixed(0)} ms; cold first report ${result.coldMs.toFixed(0)} ms; ` +
  `key drivers warm: p95 ${result.drivers.small.p95Ms.toFixed(1)} ms at ${result.small.responses.toLocaleString("en-US")}, ${result.drivers.large.p95Ms.toFixed(1)} ms at ${result.large.responses.toLocaleString("en-US")}`;
