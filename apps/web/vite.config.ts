import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { type Connect, defineConfig, type Plugin, type UserConfig } from "vite";

const apiTarget = process.env.HEARTH_API_URL ?? "http://127.0.0.1:3000";

/**
 * Two entries: the dashboard (index.html) and the public survey page (survey.html), a small bundle of its own that
 * respondents load at /s/{surveyId}. The production server picks survey.html for /s/* (apps/server/src/lib/static-web.ts);
 * this plugin does the same for `vite` and `vite preview`.
 */
function publicSurveyEntry(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url?.startsWith("/s/")) req.url = "/survey.html";
    next();
  };
  return {
    name: "hearth-public-survey-entry",
    configureServer: (server) => {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(rewrite);
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_COMPRESS_BYTES = 256;

/**
 * Precompression: after the build, every compressible file of at least 256 bytes gets a brotli (quality 11) and a gzip
 * (level 9) copy beside it, kept only when smaller. The server sends them to clients that accept them
 * (apps/server/src/lib/static-web.ts), so no request pays for compression and the strongest levels cost nothing.
 */
function precompress(): Plugin {
  let outDir = "";
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: "hearth-precompress",
    apply: "build",
    configResolved: (resolved) => {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle: () => {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_COMPRESS_BYTES) continue;
        const brotli = brotliCompressSync(content, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = gzipSync(content, { level: 9 });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

const config = {
  root: import.meta.dirname,
  plugins: [react(), publicSurveyEntry(), precompress()],
  build: {
    outDir: path.join(import.meta.dirname, "dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        main: path.join(import.meta.dirname, "index.html"),
        survey: path.join(import.meta.dirname, "survey.html"),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/dev": { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build started from the test runner (NODE_ENV=test, e.g. the e2e global setup) would bundle React's development
  // build, several times larger than production; a build is a production build. (Vite reads NODE_ENV after this file.)
  if (command === "build" && process.env.NODE_ENV === "test") process.env.NODE_ENV = "production";
  return config;
});
