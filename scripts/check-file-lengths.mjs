#!/usr/bin/env node
// Every source file the repository tracks (apps, packages, bench, e2e, scripts; tests included) stays under 500 lines,
// so a file says one thing and can be read in one sitting. Part of `npm run lint`; prints each file over and exits 1.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const LIMIT = 500;
const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "apps", "packages", "bench", "e2e", "scripts"],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  .filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file));
const over = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // deleted in the work tree
  }
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines >= LIMIT) over.push(`${file}: ${lines} lines`);
}
if (over.length > 0) {
  console.error(`Files of ${LIMIT} lines or more (split them by what they do):\n  ${over.join("\n  ")}`);
  process.exit(1);
}
console.log(`✔ ${files.length} source files, each under ${LIMIT} lines`);
