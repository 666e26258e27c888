#!/usr/bin/env node
// Lists every package in package-lock.json whose `engines.node` excludes the Node running this script (what
// `npm install` reports as EBADENGINE), and exits 1 when there is one. CI runs it on Node 22 and 24.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const semver = createRequire(path.join(root, "package.json"))("semver");
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
const version = process.versions.node;
const refused = [];
for (const [location, entry] of Object.entries(lock.packages ?? {})) {
  const range = entry.engines?.node;
  if (range && !semver.satisfies(version, range)) refused.push(`${location || "(root)"}@${entry.version ?? ""} wants node ${range}`);
}
if (refused.length > 0) {
  console.error(`Node ${version}: ${refused.length} packages ask for another Node version:\n  ${refused.join("\n  ")}`);
  process.exit(1);
}
console.log(`Node ${version}: every package's engines field accepts it`);
