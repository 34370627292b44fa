/// <reference types="vitest/config" />
import os from "node:os";

import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The server suite: tests against the production build (build/start.js as a real HTTP server, or
// build/server/index.js in-process), built first when it is missing or older than its sources.
// The in-process suite, which needs no build, is vite.config.ts's.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/server/**/*.test.ts"],
    setupFiles: ["tests/support/setup-database.ts"],
    globalSetup: ["tests/server/global-setup.ts", "tests/support/migrated-template.ts"],
    pool: "forks",
    // Three forks on two cores: a file spends much of its time waiting on the server it started (its
    // start, its mail, its restarts), and with one fork a core the machine was a quarter idle. Three
    // ran the suite in 92 s where two took 117, on the same CPU time. (Vitest caps a percentage at
    // the number of cores, so this is a count.)
    maxWorkers: Math.ceil(os.availableParallelism() * 1.5),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Documents issued by the tests themselves carry the shop's VAT number, as the in-process suite's do.
    env: { STORE_VAT_NUMBER: "GB999999973" },
  },
});
