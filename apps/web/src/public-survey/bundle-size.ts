/**
 * Node only (tests and checks, never bundled): the gzipped size of every JavaScript file the built survey.html loads —
 * its module script, module preloads, and whatever those import, statically or dynamically.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The budget for the public survey page (issue #3): 100 KB of gzipped JavaScript. */
export const SURVEY_JS_BUDGET_BYTES = 100 * 1024;

export interface EntrySize {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

const HTML_SCRIPT = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g;
const JS_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;

/** Measures the JavaScript of one built HTML entry, or returns null when that file is not built. */
export function measureEntry(distDir: string, htmlFile = "survey.html"): EntrySize | null {
  const htmlPath = path.join(distDir, htmlFile);
  if (!existsSync(htmlPath)) return null;
  const html = readFileSync(htmlPath, "utf8");
  const queue = [...html.matchAll(HTML_SCRIPT)].map((match) => path.join(distDir, match[1].replace(/^\//, "")));
  const seen = new Set<string>();
  const files: EntrySize["files"] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file);
    files.push({ file: path.relative(distDir, file), bytes: source.length, gzipBytes: gzipSync(source).length });
    for (const match of source.toString("utf8").matchAll(JS_IMPORT)) queue.push(path.resolve(path.dirname(file), match[1]));
  }
  return {
    files,
    bytes: files.reduce((sum, entry) => sum + entry.bytes, 0),
    gzipBytes: files.reduce((sum, entry) => sum + entry.gzipBytes, 0),
  };
}

export const DEFAULT_DIST = path.resolve(import.meta.dirname, "../../dist");
