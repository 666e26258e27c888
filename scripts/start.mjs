#!/usr/bin/env node
// npm start: builds the web app and the server (apps/server/dist, plain JavaScript) when a build is missing or
// older than its sources, then runs one plain-node server process that serves the API and the built app on PORT
// (default 3000). `npm run dev` runs the TypeScript sources through tsx instead.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, SERVER_ENTRY, serverBuildIsStale } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "apps/web");
const builtIndex = path.join(webDir, "dist/index.html");

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = [path.join(webDir, "src"), path.join(webDir, "index.html"), path.join(root, "packages/shared/src")];
  return sources.some(
    (source) => existsSync(source) && (statSync(source).isDirectory() ? newestChange(source) : statSync(source).mtimeMs) > built,
  );
}

const seconds = (started) => `${((performance.now() - started) / 1000).toFixed(0)} s`;

// A build prints a line per file; the start prints one per build, and the whole output only when a build fails
// (issue 25 item 10).
if (process.env.SKIP_WEB_BUILD !== "true" && webBuildIsStale()) {
  const started = performance.now();
  console.log("Building the web app (only when its sources changed; about a minute)…");
  const result = spawnSync("npm", ["run", "build", "-w", "@hearth/web"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error("The web app did not build: the output above says why.");
    process.exit(result.status ?? 1);
  }
  console.log(`Built the web app into apps/web/dist in ${seconds(started)}.`);
}

if (process.env.SKIP_SERVER_BUILD !== "true" && serverBuildIsStale()) {
  const started = performance.now();
  console.log("Building the server…");
  await buildServer({ quiet: true });
  console.log(`Built the server into apps/server/dist in ${seconds(started)}.`);
}

console.log("Starting Hearth…");

const server = spawn(process.execPath, ["--enable-source-maps", SERVER_ENTRY], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
