import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "backend/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // The backends and loaders run in the test's process: their access lines would drown the report.
          // Tests that read a server's log start it with LOG_LEVEL=info.
          env: { LOG_LEVEL: "warn" },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
