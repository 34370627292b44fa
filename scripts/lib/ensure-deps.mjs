import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { log, root, run } from "./run.mjs";

const stampFile = path.join(root, "node_modules", ".storefront-install-stamp");
const nativeModule = path.join(root, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");
const patchesDir = path.join(root, "patches");

/** The patches npm's postinstall applies with patch-package (decision 23): file name and text. */
function patches() {
  if (!fs.existsSync(patchesDir)) return [];
  return fs
    .readdirSync(patchesDir)
    .filter((name) => name.endsWith(".patch"))
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(patchesDir, name), "utf8") }));
}

function dependencyFingerprint() {
  const hash = createHash("sha256");
  for (const file of ["package.json", "package-lock.json"]) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full));
  }
  for (const { name, text } of patches()) hash.update(`${name}\n${text}`);
  hash.update(process.version);
  return hash.digest("hex");
}

/**
 * Removes every package a patch changes, so the install puts each back as published and the
 * postinstall applies the patch as it is now: a patch edited since the last install would not apply
 * over its old version.
 */
function removePatchedPackages() {
  for (const { text } of patches()) {
    const packageDir = /^diff --git a\/(node_modules\/(?:@[^/]+\/)?[^/]+)\//m.exec(text)?.[1];
    if (packageDir) fs.rmSync(path.join(root, packageDir), { recursive: true, force: true });
  }
}

/** Installs dependencies when they are missing or when package.json, the lockfile or patches/ changed since. */
export function ensureDependencies() {
  const fingerprint = dependencyFingerprint();
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
  if (stamp !== fingerprint || !fs.existsSync(nativeModule)) {
    log("Installing dependencies");
    removePatchedPackages();
    // The lockfile holds every platform's optional native packages (Rollup's, esbuild's, Tailwind's
    // oxide, lightningcss), so this install changes nothing in it on any machine: `npm test` checks
    // that with lockfileUnchanged(). better-sqlite3 compiles from source here; npm runs its build
    // because package.json lists it under allowScripts. The project's own postinstall then applies
    // patches/ (patch-package), and fails the install if a patch no longer applies.
    run("npm", ["install", "--no-audit", "--no-fund"]);
    if (!fs.existsSync(nativeModule)) {
      log("Building better-sqlite3");
      run("npm", ["rebuild", "better-sqlite3"]);
    }
    fs.writeFileSync(stampFile, fingerprint);
  }
}

/**
 * Installs like ensureDependencies() and answers whether package-lock.json came out as it went in.
 * A lockfile that lacks another platform's optional packages is rewritten by `npm install` there
 * (a Mac then misses @rollup/rollup-darwin-arm64 and the clone is left dirty), so `npm test` fails
 * the run when an install here rewrites it.
 */
export function ensureDependenciesKeepingLockfile() {
  const lockfile = path.join(root, "package-lock.json");
  const before = fs.readFileSync(lockfile, "utf8");
  ensureDependencies();
  if (fs.readFileSync(lockfile, "utf8") === before) return true;
  console.error("package-lock.json changed during install: commit the lockfile npm wrote");
  return false;
}
