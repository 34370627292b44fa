// Bundles the production server (server/*.ts) into build/start.js, and the threads of the catalog
// import runner and the catalog's reads into build/catalog-import-worker.js and
// build/catalog-read-worker.js. Packages stay external (they are installed); the app's own modules
// the server shares (the refusal page, the origin rule, the import runner) are bundled.
import path from "node:path";

import { build } from "esbuild";

import { root } from "./lib/run.mjs";

await build({
  entryPoints: {
    start: path.join(root, "server", "index.ts"),
    // The catalog import runner's thread, started by the app (app/services/catalog-import-runner.server.ts).
    "catalog-import-worker": path.join(root, "server", "catalog-import-worker.ts"),
    // The catalog's read worker, started by the app (app/db/off-thread-reads.server.ts).
    "catalog-read-worker": path.join(root, "server", "catalog-read-worker.ts"),
  },
  outdir: path.join(root, "build"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  sourcemap: true,
  logLevel: "warning",
});
