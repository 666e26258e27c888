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
