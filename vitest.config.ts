import path from "node:path";
import { defineConfig } from "vitest/config";
import LongFilesFirst from "./tests/support/infra/long-files-first";

/**
 * Two projects: `unit` (pure modules, no services) and `integration` (real PostgreSQL and Redis, the
 * production build over HTTP). No reactRouter() plugin: tests import modules, not the route tree.
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Four files at once on two cores: many integration files spend their time waiting (a lease to lapse, a
    // killed worker's jobs to be taken over, a scheduled send), which the others use. 2 → 4 took Vitest from
    // 525 s to 377 s here, with every test's time far below its timeout.
    maxWorkers: 4,
    minWorkers: 1,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // A hang detector, not a speed limit: the first fake Shopify call builds the Admin schema (seconds
          // on a busy machine).
          testTimeout: 30_000,
          setupFiles: ["tests/support/infra/setup-console.ts"],
        },
      },
      {
        extends: true,
        // The app runs in-process from its production bundle, which Node resolves with the production
        // conditions: the tests' own imports of the same packages must be the same instances (one
        // react-router, whose context the bundle's components and Shopify's share).
        ssr: { resolve: { conditions: ["module", "node", "production"] } },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/infra/global-setup.ts"],
          setupFiles: ["tests/support/infra/setup-console.ts", "tests/support/infra/setup-integration.ts"],
          // Each file gets its own process (env and module state) and its own database.
          pool: "forks",
          // Generous: a test may start app servers, and CPUs are shared with builds and browsers.
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
