import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["packages/*/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          pool: "forks",
          maxWorkers: 2,
        },
      },
      {
        // Fault tests (.ci/run's "fault tests" step, decision 0058): each kills the server or restarts a PostgreSQL
        // cluster of its own, so they run one at a time and only when asked for (`npm run test:fault`).
        test: {
          name: "fault",
          sequence: { groupOrder: 3 },
          include: ["apps/server/src/**/*.fault.ts"],
          environment: "node",
          testTimeout: 420_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["e2e/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ["e2e/support/global-setup.ts"],
          fileParallelism: false,
        },
      },
    ],
  },
});
