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

/** Builds the production app and its server when the build is missing or older than any source. */
export function ensureBuild({ force = false } = {}) {
  if (!force && !buildIsStale()) return;
  log("Building the app");
  run(bin("remix"), ["vite:build"]);
  run(process.execPath, [path.join(root, "scripts", "build-server.mjs")]);
}
