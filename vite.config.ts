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
    include: ["tests/integration/**/*.test.ts", "app/**/*.test.ts"],
    setupFiles: ["tests/support/setup-database.ts"],
    globalSetup: ["tests/support/migrated-template.ts"],
    pool: "forks",
    // Vitest's default leaves a core idle (one fork on two cores), but a file waits on its database
    // and the processes it starts about as long as it computes: one fork a core ran the suite in
    // 60% of the time.
    maxWorkers: "100%",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A shop that issues VAT invoices has a VAT number: its e-invoices cannot pass the rules without one.
    env: { STORE_VAT_NUMBER: "GB999999973" },
  },
}));
