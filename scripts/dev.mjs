#!/usr/bin/env node
// npm run dev: the server restarts on change (tsx watch) and Vite serves the web app with hot reload on 5173,
// proxying /api and /dev to the server on 3000.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: process.env.PORT ?? "3000", APP_URL: process.env.APP_URL ?? "http://localhost:5173" },
  }),
  spawn("npm", ["run", "dev", "-w", "@hearth/web"], { cwd: root, stdio: "inherit" }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children)
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 0;
  });
