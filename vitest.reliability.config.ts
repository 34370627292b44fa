/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The reliability suite: real app processes and generated input, one file at a time (it is heavy).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    setupFiles: ["tests/support/setup-database.ts"],
    globalSetup: ["tests/reliability/global-setup.ts", "tests/support/migrated-template.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
