#!/usr/bin/env node
// `npm run lint:deps`: dependency-cruiser over the whole repository with .dependency-cruiser.cjs, then one check the
// rules cannot express: every listed back-up arrow between server slices (server-floors.cjs) must still exist, so the
// list of exceptions only shrinks. Prints each violation and exits 1 when there is one.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const { BACK_UP_ARROWS } = require("./server-floors.cjs");
const SCANNED = ["apps", "packages", "bench", "e2e", "scripts"];

const output = execFileSync(
  process.execPath,
  [
    "--import",
    path.join(root, "scripts/lint-deps/typescript-api-hook.mjs"),
    path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
    "--config",
    ".dependency-cruiser.cjs",
    "--output-type",
    "json",
    ...SCANNED,
  ],
  { cwd: root, maxBuffer: 512 * 1024 * 1024, encoding: "utf8" },
);
const result = JSON.parse(output);
const problems = [];

for (const violation of result.summary.violations) {
  const cycle = violation.cycle?.length ? `\n      ${violation.cycle.map((step) => step.name ?? step).join(" →\n      ")}` : "";
  problems.push(`${violation.rule.name}: ${violation.from} → ${violation.to}${cycle}`);
}

// The arrows between slices that production code draws (tests, their helpers and the fault tests do not count).
const TESTS = /\.test\.ts$|\.test-helpers\.ts$|\.fault\.ts$/;
const sliceOf = (file) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const arrows = new Set();
for (const module of result.modules) {
  const from = sliceOf(module.source);
  if (!from || TESTS.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = sliceOf(dependency.resolved);
    if (to && to !== from) arrows.add(`${from} -> ${to}`);
  }
}
for (const [from, to] of BACK_UP_ARROWS) {
  if (!arrows.has(`${from} -> ${to}`)) {
    problems.push(`stale-exception: ${from} no longer imports ${to}; remove the entry from scripts/lint-deps/server-floors.cjs`);
  }
}

const { totalCruised, totalDependenciesCruised } = result.summary;
if (problems.length > 0) {
  console.error(problems.map((problem) => `  error ${problem}`).join("\n"));
  console.error(
    `\n✘ ${problems.length} dependency rule violations (${totalCruised} modules, ${totalDependenciesCruised} dependencies cruised)`,
  );
  process.exit(1);
}
console.log(
  `✔ no dependency rule violations (${totalCruised} modules, ${totalDependenciesCruised} dependencies cruised; ` +
    `${arrows.size} arrows between server slices, ${BACK_UP_ARROWS.length} of them listed back-up arrows)`,
);
