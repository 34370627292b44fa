// Bundles the production server (server/*.ts) into build/start.js. Packages stay external (they are
// installed); the app's own modules the server shares (the refusal page, the origin rule) are bundled.
import path from "node:path";

import { build } from "esbuild";

import { root } from "./lib/run.mjs";

await build({
  entryPoints: [path.join(root, "server", "index.ts")],
  outfile: path.join(root, "build", "start.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  sourcemap: true,
  logLevel: "warning",
});
