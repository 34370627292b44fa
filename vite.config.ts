/// <reference types="vitest/config" />
import path from "node:path";

import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

import { appChunks } from "./scripts/lib/client-chunks";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Test files that never reach the database: each file of the in-process suite otherwise gets a
 * database of its own, made and dropped around it, and npm test runs the suite on both engines.
 * These run once, in their own project (`--project database-free`), with no database to reach.
 */
const DATABASE_FREE_TESTS = [
  "app/lib/**/*.test.ts",
  "app/documents/**/*.test.ts",
  "app/db/reads-in-turn.test.ts",
  "app/models/catalog/filter.test.ts",
  "app/models/catalog/ranked.test.ts",
  "app/validation/catalog-import.test.ts",
  "tests/integration/code-size.test.ts",
  "tests/integration/dispatch-clock.test.ts",
  "tests/integration/docs.test.ts",
  "tests/integration/e-invoice-validator.test.ts",
  "tests/integration/layers.test.ts",
  "tests/integration/send-response.test.ts",
  "tests/integration/soak-report.test.ts",
];

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: Number(process.env.PORT ?? 3000) },
  build: {
    // Keep Vite's client manifest (Remix moves it to build/.vite/, outside what is served): the
    // benchmark reads from it which chunks and stylesheets the home page loads.
    manifest: true,
    // The server (server/app.ts) serves build/client/assets as immutable for a year, right for
    // hashed names, wrong for public/'s fixed ones (/images/…, /favicon.svg): a changed image would
    // never reach a returning visitor. Left out of the build, public/ is served from the working
    // directory, cached for an hour (docs/decisions/0005).
    copyPublicDir: false,
    // The browser's code in a few files rather than dozens (docs/decisions/0040); the server's stays
    // one file.
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: appChunks(path.resolve("app")) } },
  },
  plugins: [
    tailwindcss(),
    // Vitest imports route modules directly; the Remix plugin only belongs in dev and build.
    !process.env.VITEST &&
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    tsconfigPaths(),
  ],
  // The in-process suite (npm run test:integration): no build needed. Tests against the built server
  // are vitest.server.config.ts's, the reliability suite vitest.reliability.config.ts's.
  test: {
    pool: "forks",
    // Vitest's default leaves a core idle (one fork on two cores), but a file waits on its database
    // and the processes it starts about as long as it computes: one fork a core ran the suite in
    // 60% of the time.
    maxWorkers: "100%",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A shop that issues VAT invoices has a VAT number: its e-invoices cannot pass the rules without one.
    env: { STORE_VAT_NUMBER: "GB999999973" },
    projects: [
      {
        extends: true,
        test: {
          name: "database",
          include: ["tests/integration/**/*.test.ts", "app/**/*.test.ts"],
          exclude: DATABASE_FREE_TESTS,
          setupFiles: ["tests/support/setup-database.ts"],
          globalSetup: ["tests/support/migrated-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "database-free",
          include: DATABASE_FREE_TESTS,
          // A file listed here that queries the database fails at once, naming this list.
          env: { DATABASE_URL: "postgres://listed-as-database-free-in-vite-config.invalid/none" },
        },
      },
    ],
  },
}));
