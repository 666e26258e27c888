#!/usr/bin/env node
// npm run build:server: compiles the server once to plain JavaScript in apps/server/dist, so `npm start` runs
// `node apps/server/dist/main.mjs` without a TypeScript loader (docs/decisions/0025).
//
// - One ESM bundle of apps/server/src/main.ts with the workspace packages (@hearth/shared, @hearth/analysis,
//   TypeScript sources) and the pure-JavaScript packages inlined: loading one file instead of resolving, reading and
//   compiling a thousand module files cuts a warm start's CPU by about a fifth (docs/decisions/0025). Packages that
//   load files of their own (WebAssembly, native binaries, models, fonts, worker scripts, static pages) and the
//   ones imported with import() (loaded on first use) stay imports resolved from node_modules as usual
//   (KEEP_EXTERNAL); a bundled package that still refers to __dirname or __filename fails the build.
// - Worker threads: each `new URL("./x.worker.mjs" | "./x.worker.ts", import.meta.url)` in the sources becomes an
//   entry of its own, written as dist/x.worker.mjs, and the reference is rewritten to that file.
// - The migrations folder is copied to dist/migrations (db/client.ts reads it next to the running module).
// - dist/pglite-template: a new embedded database with the migrations applied, which a first start copies instead
//   of running initdb (apps/server/src/db/pglite-template.ts); made with the installed PGlite, about 2 s of the build.
// Files that other modules locate through node_modules (the wink model, @fontsource fonts) need nothing.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_SRC = path.join(ROOT, "apps/server/src");
export const SERVER_DIST = path.join(ROOT, "apps/server/dist");
export const SERVER_ENTRY = path.join(SERVER_DIST, "main.mjs");
/** Everything the bundle is made of: when any file here is newer than the bundle, it is stale. */
export const SERVER_SOURCES = [
  SERVER_SRC,
  path.join(ROOT, "packages/shared/src"),
  path.join(ROOT, "packages/analysis/src"),
  path.join(ROOT, "packages/shared/package.json"),
  path.join(ROOT, "packages/analysis/package.json"),
  path.join(ROOT, "apps/server/package.json"),
  // the database template is made with the installed PGlite: another version needs a new one
  path.join(ROOT, "node_modules/@electric-sql/pglite/package.json"),
  fileURLToPath(import.meta.url),
];
const WORKSPACE_PREFIX = "@hearth/";
/**
 * Packages left in node_modules: they find files next to their own modules (PGlite's WebAssembly and data, resvg's
 * native binary, satori's yoga WebAssembly, wink's model, the Inter font files, swagger-ui's static pages and
 * @fastify/swagger's package.json, pino's and thread-stream's worker scripts), have optional native parts (pg), or
 * run only when mail is sent through SMTP (nodemailer, on its own thread; not worth the risk of bundling it).
 */
const KEEP_EXTERNAL = new Set([
  "@electric-sql/pglite",
  "@resvg/resvg-js",
  "satori",
  "pdf-lib",
  "wink-nlp",
  "wink-eng-lite-web-model",
  "@fontsource/inter",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "pino",
  "thread-stream",
  "nodemailer",
  "pg",
  "pg-native",
  "esbuild",
]);
/** Bundled CommonJS modules call require() for Node's modules and for the packages kept external. */
const REQUIRE_BANNER =
  'import { createRequire as __hearthCreateRequire } from "node:module"; const require = __hearthCreateRequire(import.meta.url);';
const packageName = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const WORKER_REFERENCE = /new URL\(\s*(["'])(\.\.?\/[^"']+\.worker\.(?:mjs|js|ts))\1\s*,\s*import\.meta\.url\s*\)/g;

function walk(dir, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, visit);
    else visit(full);
  }
}

/** Newest modification time (ms) of a file or of any file under a directory. */
export function newestChange(source) {
  if (!existsSync(source)) return 0;
  if (!statSync(source).isDirectory()) return statSync(source).mtimeMs;
  let newest = statSync(source).mtimeMs;
  walk(source, (file) => {
    newest = Math.max(newest, statSync(file).mtimeMs);
  });
  return newest;
}

export function serverBuildIsStale() {
  if (!existsSync(SERVER_ENTRY)) return true;
  const built = statSync(SERVER_ENTRY).mtimeMs;
  return SERVER_SOURCES.some((source) => newestChange(source) > built);
}

const workerOutputName = (file) => path.basename(file).replace(/\.(mjs|js|ts)$/, "");

/** Worker files referenced from the sources, by output name; two workers with one file name are refused. */
function findWorkers() {
  const workers = new Map();
  for (const dir of SERVER_SOURCES.slice(0, 3)) {
    walk(dir, (file) => {
      if (!/\.(ts|mts|mjs|js)$/.test(file) || /\.test\.ts$/.test(file)) return;
      for (const match of readFileSync(file, "utf8").matchAll(WORKER_REFERENCE)) {
        const target = path.resolve(path.dirname(file), match[2]);
        if (!existsSync(target)) throw new Error(`${path.relative(ROOT, file)} starts a worker ${match[2]} that does not exist`);
        const name = workerOutputName(target);
        const known = workers.get(name);
        if (known && known !== target) throw new Error(`two workers would both be dist/${name}.mjs: ${known} and ${target}`);
        workers.set(name, target);
      }
    });
  }
  return workers;
}

/**
 * Bundles the workspace packages and pure-JavaScript packages, keeps Node's modules, KEEP_EXTERNAL and whatever is
 * imported with import() as runtime imports, and rewrites worker references.
 */
const serverPlugin = {
  name: "hearth-server",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith(WORKSPACE_PREFIX)) return undefined;
      if (args.path.startsWith("node:") || KEEP_EXTERNAL.has(packageName(args.path)) || args.kind === "dynamic-import") {
        return { path: args.path, external: true };
      }
      return undefined;
    });
    builder.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, "utf8");
      if (!WORKER_REFERENCE.test(text)) return undefined;
      WORKER_REFERENCE.lastIndex = 0;
      const contents = text.replace(
        WORKER_REFERENCE,
        (_all, quote, reference) => `new URL(${quote}./${workerOutputName(reference)}.mjs${quote}, import.meta.url)`,
      );
      return { contents, loader: /\.m?ts$/.test(args.path) ? "ts" : "js", resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * dist/pglite-template: a new embedded database with every migration applied, cleanly shut down, and
 * dist/pglite-template.json naming the PGlite version and the migrations. A first start on an empty data
 * directory copies it instead of running PostgreSQL's initdb in WebAssembly (apps/server/src/db/pglite-template.ts).
 */
async function buildDatabaseTemplate(staging) {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const migrationsFolder = path.join(staging, "migrations");
  const pglite = await PGlite.create({ dataDir: path.join(staging, "pglite-template") });
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder });
  } finally {
    await pglite.close();
  }
  const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
  const marker = {
    pglite: readJson(path.join(ROOT, "node_modules/@electric-sql/pglite/package.json")).version,
    migrations: readJson(path.join(migrationsFolder, "meta/_journal.json")).entries.map((entry) => entry.tag),
  };
  writeFileSync(path.join(staging, "pglite-template.json"), `${JSON.stringify(marker, null, 2)}\n`);
}

export async function buildServer({ quiet = false } = {}) {
  const started = performance.now();
  const workers = findWorkers();
  // Built beside the old output and swapped in at the end, so a failed build leaves the previous one in place.
  const staging = `${SERVER_DIST}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const entryPoints = { main: path.join(SERVER_SRC, "main.ts"), ...Object.fromEntries(workers) };
  const result = await build({
    entryPoints,
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    sourcesContent: false,
    tsconfig: path.join(ROOT, "apps/server/tsconfig.json"),
    plugins: [serverPlugin],
    logLevel: "warning",
    metafile: true,
    legalComments: "none",
    banner: { js: REQUIRE_BANNER },
  }).catch((error) => {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  });
  for (const file of Object.keys(result.metafile.outputs).filter((name) => name.endsWith(".mjs"))) {
    const text = readFileSync(path.resolve(file), "utf8");
    const match = /\b__(?:dirname|filename)\b/.exec(text);
    if (match) {
      rmSync(staging, { recursive: true, force: true });
      const line = text.slice(0, match.index).split("\n").length;
      throw new Error(`${path.basename(file)} line ${line} uses ${match[0]}: keep that package external (KEEP_EXTERNAL)`);
    }
  }
  cpSync(path.join(SERVER_SRC, "db/migrations"), path.join(staging, "migrations"), { recursive: true });
  await buildDatabaseTemplate(staging).catch((error) => {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  });
  writeFileSync(path.join(staging, "package.json"), `${JSON.stringify({ type: "module", private: true }, null, 2)}\n`);
  rmSync(SERVER_DIST, { recursive: true, force: true });
  renameSync(staging, SERVER_DIST);
  if (!quiet) {
    const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".mjs"));
    const sizes = outputs.map(([file, output]) => `${path.basename(file)} ${(output.bytes / 1000).toFixed(0)} kB`).join(", ");
    console.log(
      `Built the server into ${path.relative(ROOT, SERVER_DIST)} (${sizes}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
