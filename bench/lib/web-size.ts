import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface BundleSize {
  /** Sum of the gzipped sizes (level 9) of every JavaScript file the page loads before it can run. */
  gzipBytes: number;
  rawBytes: number;
  files: string[];
  /** Chunks that the loaded files only import() on demand: not counted. */
  lazyFiles: string[];
}

const SCRIPT_SRC = /<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi;
const MODULE_PRELOAD =
  /<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["'][^>]*>|<link\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']modulepreload["'][^>]*>/gi;
/** `import x from "./a.js"`, `import"./a.js"`, `export{x}from"./a.js"` in bundler output; not `import("./a.js")`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']((?:\.{1,2}\/|\/)[^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']((?:\.{1,2}\/|\/)[^"']+\.m?js)["']\s*\)/g;

/**
 * The JavaScript a built HTML entry loads: its module scripts and modulepreloads, then every chunk those import
 * statically, recursively. Null when the HTML file does not exist (the entry is not built yet).
 */
export function entryJavaScriptSize(dist: string, htmlFile: string): BundleSize | null {
  const distDir = path.resolve(dist);
  const htmlPath = path.join(distDir, htmlFile);
  if (!existsSync(htmlPath)) return null;
  const html = readFileSync(htmlPath, "utf8");
  const resolveFromRoot = (url: string) => path.join(distDir, url.split(/[?#]/)[0].replace(/^\//, ""));
  const queue: string[] = [];
  for (const match of html.matchAll(SCRIPT_SRC)) if (!/^[a-z]+:\/\//i.test(match[1])) queue.push(resolveFromRoot(match[1]));
  for (const match of html.matchAll(MODULE_PRELOAD)) {
    const href = match[1] ?? match[2];
    if (href && !/^[a-z]+:\/\//i.test(href)) queue.push(resolveFromRoot(href));
  }
  const seen = new Set<string>();
  const lazy = new Set<string>();
  let gzipBytes = 0;
  let rawBytes = 0;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${htmlFile} references ${path.relative(distDir, file)}, which does not exist`);
    seen.add(file);
    const content = readFileSync(file);
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
    const text = content.toString("utf8");
    const resolveImport = (specifier: string) =>
      specifier.startsWith("/") ? resolveFromRoot(specifier) : path.resolve(path.dirname(file), specifier);
    for (const match of text.matchAll(STATIC_IMPORT)) queue.push(resolveImport(match[1]));
    for (const match of text.matchAll(DYNAMIC_IMPORT)) lazy.add(resolveImport(match[1]));
  }
  const relative = (file: string) => path.relative(distDir, file);
  return {
    gzipBytes,
    rawBytes,
    files: [...seen].map(relative),
    lazyFiles: [...lazy].filter((file) => !seen.has(file)).map(relative),
  };
}
