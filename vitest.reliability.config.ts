/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The reliability suite: real app processes and generated input, one file at a time (it is heavy).
export default defineConfig({
  plugins: [tsconfigPaths()],
  // With NODE_ENV=production below, React has no jsxDEV for the app modules a test imports itself.
  esbuild: { jsxDev: false },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    setupFiles: ["tests/support/setup-database.ts"],
    globalSetup: ["tests/reliability/global-setup.ts", "tests/support/migrated-template.ts"],
    pool: "forks",
    // One file at a time: a file's assertions that its races happened (both old and new prices
    // charged while price lists are applied) need its own timing; beside another file they failed.
    fileParallelism: false,
    // The suites that run the build's handler in this process (the fuzz, the access matrix) run it as
    // the server does, with React's production build: the development one took a third of the fuzz.
    env: { NODE_ENV: "production" },
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
