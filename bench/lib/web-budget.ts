/**
 * What a browser downloads to show a route: headless Chromium (playwright-core, Debian's chromium) opens the route
 * on the compiled server with an empty cache, waits until the page has rendered and the network is idle, and sums
 * the bytes of every JavaScript response as transferred (the body as encoded on the wire: brotli when the server
 * sends it). That counts the entry, the chunks it imports and the lazy chunks the route loads on its first render.
 */
import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./http.js";
import { type Spawned, freePort, hearthLaunch, spawnUntilHealthy } from "./processes.js";

export interface RouteWeight {
  route: string;
  /** Sum of the transferred (encoded) bodies of the route's scripts, in bytes. */
  transferredBytes: number;
  /** Their decoded size, in bytes. */
  decodedBytes: number;
  scripts: { url: string; transferred: number; encoding: string }[];
}

const IDLE_MS = 500;

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const found = execSync("which chromium", { encoding: "utf8" }).trim();
    if (found) return found;
  } catch {
    // the Debian default below
  }
  return "/usr/bin/chromium";
}

async function measureRoute(
  context: BrowserContext,
  baseUrl: string,
  route: string,
  ready: (page: import("playwright-core").Page) => Promise<void>,
): Promise<RouteWeight> {
  const page = await context.newPage();
  const pending: Promise<RouteWeight["scripts"][number] & { decoded: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      (async () => {
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body().catch(() => Buffer.alloc(0))]);
        return {
          url: new URL(response.url()).pathname,
          transferred: sizes.responseBodySize,
          encoding: response.headers()["content-encoding"] ?? "identity",
          decoded: body.length,
        };
      })(),
    );
  });
  await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
  await ready(page);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(IDLE_MS);
  const scripts = await Promise.all(pending);
  await page.close();
  return {
    route,
    transferredBytes: scripts.reduce((sum, script) => sum + script.transferred, 0),
    decodedBytes: scripts.reduce((sum, script) => sum + script.decoded, 0),
    scripts: scripts.map(({ decoded: _decoded, ...script }) => script),
  };
}

/**
 * Starts the compiled server on a fresh embedded database with the demo data, and measures /login (signed out),
 * /dashboard (signed in as the demo admin) and the public survey page of the demo's active survey.
 */
export async function measureRouteWeights(dataDir: string, webDist: string): Promise<RouteWeight[]> {
  const port = await freePort();
  const launch = hearthLaunch(port, dataDir);
  launch.env.WEB_DIST = webDist;
  launch.env.LOG_LEVEL = "silent";
  let server: Spawned | undefined;
  const userDataDir = mkdtempSync(path.join(tmpdir(), "hearth-bench-chromium-"));
  let context: BrowserContext | undefined;
  try {
    server = await spawnUntilHealthy(launch, port, "/api/health", 60_000);
    const baseUrl = server.url;
    const open = () =>
      chromium.launchPersistentContext(userDataDir, {
        executablePath: chromiumPath(),
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
        headless: true,
        viewport: { width: 1280, height: 800 },
      });
    const results: RouteWeight[] = [];

    // Signed out: the sign-in page, with an empty cache.
    context = await open();
    results.push(
      await measureRoute(context, baseUrl, "/login", (page) =>
        page
          .getByRole("button", { name: /sign in/i })
          .first()
          .waitFor(),
      ),
    );
    // Signed in (through the API, so the sign-in page's scripts are not in this context's cache), then /dashboard.
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
    context = await open();
    const signIn = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
      data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      headers: { origin: baseUrl },
    });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);
    const surveys = (await (await context.request.get(`${baseUrl}/api/surveys`)).json()) as { id: string; name: string; status: string }[];
    const active = surveys.find((survey) => survey.status === "Active");
    if (!active) throw new Error("the demo company has no Active survey for the public page");
    results.push(await measureRoute(context, baseUrl, "/dashboard", (page) => page.getByTestId("dashboard-company-name").waitFor()));
    // A respondent: a fresh browser on the public survey page.
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
    context = await open();
    results.push(
      await measureRoute(context, baseUrl, `/s/${active.id}`, (page) =>
        page.getByRole("heading", { level: 1, name: active.name }).waitFor(),
      ),
    );
    return results;
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
    await server?.stop();
  }
}

export function describeRouteWeight(weight: RouteWeight): string {
  const encodings = [...new Set(weight.scripts.map((script) => script.encoding))].join("/");
  return `${weight.route}: ${weight.scripts.length} scripts, ${(weight.transferredBytes / 1000).toFixed(1)} kB transferred (${encodings}), ${(weight.decodedBytes / 1000).toFixed(1)} kB decoded`;
}
