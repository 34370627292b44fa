import fs from "node:fs";
import path from "node:path";

import { bin, log, root, run } from "./run.mjs";

const buildEntry = path.join(root, "build", "server", "index.js");
const serverEntry = path.join(root, "build", "start.js");
const sources = ["app", "server", "public", "vite.config.ts", "package-lock.json", "tsconfig.json"];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale() {
  if (!fs.existsSync(buildEntry) || !fs.existsSync(serverEntry)) return true;
  const built = Math.min(fs.statSync(buildEntry).mtimeMs, fs.statSync(serverEntry).mtimeMs);
  return sources.some((source) => newestMtime(source) > built);
}

/**
 * The environment a build runs in, without Vitest's marks: the server suite's global setup builds
 * from inside a Vitest run, where vite.config.ts would leave the Remix plugin out and NODE_ENV=test
 * would build React for development.
 */
function buildEnvironment() {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (key === "TEST" || key === "VITEST" || key.startsWith("VITEST_")) delete env[key];
  if (env.NODE_ENV === "test") delete env.NODE_ENV;
  return env;
}

/** Builds the production app and its server when the build is missing or older than any source. */
export function ensureBuild({ force = false } = {}) {
  if (!force && !buildIsStale()) return;
  log("Building the app");
  const env = buildEnvironment();
  run(bin("remix"), ["vite:build"], { env });
  run(process.execPath, [path.join(root, "scripts", "precompress-assets.mjs")], { env });
  run(process.execPath, [path.join(root, "scripts", "build-server.mjs")], { env });
}
