/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The reliability suite: real app processes and generated input.
export default defineConfig({
  plugins: [tsconfigPaths()],
  // With NODE_ENV=production below, React has no jsxDEV for the app modules a test imports itself.
  esbuild: { jsxDev: false },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    setupFiles: ["tests/support/setup-database.ts"],
    globalSetup: ["tests/reliability/global-setup.ts", "tests/support/migrated-template.ts"],
    pool: "forks",
    // One file a core. Each file mostly waits on the servers it starts, loads and kills (one at a
    // time, it kept 1.1 of two cores busy); its own processes, ports and folders are its alone.
    maxWorkers: "100%",
    // The suites that run the build's handler in this process (the fuzz, the access matrix) run it as
    // the server does, with React's production build: the development one took a third of the fuzz.
    env: { NODE_ENV: "production" },
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
