/**
 * Sign-in and GET /api/me against the running production server, each next to its floor (in-process password
 * verification; a minimal node:http server), A-B-B-A interleaved (bench/lib/load.ts).
 */
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { DEMO_PASSWORD, keepAliveAgent, request, sessionCookie, signInDemo } from "./http.js";
import { subjectAndBaseline } from "./load.js";
import { describeLoad, requireSuccess } from "./measures.js";
import { type Spawned, freePort, minimalLaunch, spawnUntilHealthy } from "./processes.js";
import { type Measure, measure } from "./report.js";

const CONCURRENCY = 8;
const WARMUP_MS = 1_000;
const SIGN_IN_MS = 10_000;
const ME_MS = 5_000;
const MAX_OPERATIONS = 1_000_000;
/** 2-3. Sign-in and GET /api/me against the running server, each next to its floor; stops the server at the end. */
export async function httpMeasures(server: Spawned, log: (line: string) => void): Promise<Measure[]> {
  // Sign-in against the real server, interleaved with in-process password verification (A-B-B-A).
  const url = server.url;
  const agent = keepAliveAgent(CONCURRENCY);
  const first = await signInDemo(url, agent);
  if (first.status !== 200) throw new Error(`sign-in answered ${first.status}: ${first.body.slice(0, 500)}\n${server.log()}`);
  const cookie = sessionCookie(first);
  if (!cookie) throw new Error("sign-in answered 200 without a session cookie");
  const hash = await hashPassword(DEMO_PASSWORD);
  if (!(await verifyPassword({ hash, password: DEMO_PASSWORD }))) throw new Error("verifyPassword rejected its own hash");

  const loadOptions = { concurrency: CONCURRENCY, warmupMs: WARMUP_MS, maxOperations: MAX_OPERATIONS };
  const signInRun = await subjectAndBaseline(
    async () => {
      const response = await signInDemo(url, agent);
      return response.status === 200 || `HTTP ${response.status}`;
    },
    async () => (await verifyPassword({ hash, password: DEMO_PASSWORD })) || "verification failed",
    { ...loadOptions, measureMs: SIGN_IN_MS },
  );
  log(describeLoad("sign-in", signInRun.subject));
  log(describeLoad("  floor: in-process verifyPassword", signInRun.baseline));
  requireSuccess("sign-in", signInRun.subject);
  requireSuccess("verifyPassword", signInRun.baseline);

  // GET /api/me with the session, interleaved with the minimal node:http server (A-B-B-A).
  const me = await request({ url: `${url}/api/me`, headers: { cookie }, agent, keepBody: true });
  if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status}: ${me.body.slice(0, 500)}`);
  const floorPort = await freePort();
  const floor = await spawnUntilHealthy(minimalLaunch(floorPort), floorPort, "/api/health", 10_000);
  const floorAgent = keepAliveAgent(CONCURRENCY);
  const meRun = await subjectAndBaseline(
    async () => {
      const response = await request({ url: `${url}/api/me`, headers: { cookie }, agent });
      return response.status === 200 || `HTTP ${response.status}`;
    },
    async () => {
      const response = await request({ url: `${floor.url}/api/me`, headers: { cookie }, agent: floorAgent });
      return response.status === 200 || `HTTP ${response.status}`;
    },
    { ...loadOptions, measureMs: ME_MS },
  );
  log(describeLoad("GET /api/me", meRun.subject));
  log(describeLoad("  floor: minimal node:http JSON", meRun.baseline));
  requireSuccess("GET /api/me", meRun.subject);
  requireSuccess("minimal node:http", meRun.baseline);
  agent.destroy();
  floorAgent.destroy();
  await Promise.all([server.stop(), floor.stop()]);
  return [
    measure("sign_in", signInRun.subject.perSecond, "req/s", "higher", signInRun.baseline.perSecond),
    measure("sign_in_p95", signInRun.subject.p95Ms, "ms", "lower", signInRun.baseline.p95Ms),
    measure("me", meRun.subject.perSecond, "req/s", "higher", meRun.baseline.perSecond),
    measure("me_p95", meRun.subject.p95Ms, "ms", "lower", meRun.baseline.p95Ms),
  ];
}
