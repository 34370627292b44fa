import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { log, root, run } from "./run.mjs";

const stampFile = path.join(root, "node_modules", ".storefront-install-stamp");
const nativeModule = path.join(root, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");

function dependencyFingerprint() {
  const hash = createHash("sha256");
  for (const file of ["package.json", "package-lock.json"]) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full));
  }
  hash.update(process.version);
  return hash.digest("hex");
}

/** Installs dependencies when they are missing or when package.json / the lockfile changed since. */
export function ensureDependencies() {
  const fingerprint = dependencyFingerprint();
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
  if (stamp !== fingerprint || !fs.existsSync(nativeModule)) {
    log("Installing dependencies");
    // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages (Rollup's and
    // Tailwind's native builds) out of the lockfile and then `npm ci` rejects that same lockfile.
    // The lockfile still pins every version. better-sqlite3 compiles from source here; npm runs its
    // build because package.json lists it under allowScripts.
    run("npm", ["install", "--no-audit", "--no-fund"]);
    if (!fs.existsSync(nativeModule)) {
      log("Building better-sqlite3");
      run("npm", ["rebuild", "better-sqlite3"]);
    }
    fs.writeFileSync(stampFile, fingerprint);
  }
}
