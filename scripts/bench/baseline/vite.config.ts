// The benchmark's yardstick: a bare Remix app of the same Remix version as the store, with the same
// future flags, built by `npm run bench` into .tmp/bench/baseline and served by remix-serve. Nothing
// here is tuned; it is what `npx create-remix` gives, plus one loader with 20 items.
import path from "node:path";
import { fileURLToPath } from "node:url";

import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  // The store's PostCSS and Tailwind setup is not the baseline's.
  css: { postcss: {} },
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: path.join(here, "app"),
      buildDirectory: path.resolve(here, "../../../.tmp/bench/baseline/build"),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
