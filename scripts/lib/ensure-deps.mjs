import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { log, root, run, runToFile } from "./run.mjs";

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

/**
 * Installs dependencies when they are missing or when package.json, the lockfile or patches/ changed
 * since. Returns once the JavaScript packages are in place, with a promise of better-sqlite3's native
 * module: compiling it from source (prebuild-install cannot download here) is a minute on one core,
 * and what comes next (the build, the type check, the lint) needs no database, so it compiles beside
 * them. Whatever opens a database awaits the promise first.
 * @returns {Promise<void>}
 */
export function ensureDependencies() {
  const fingerprint = dependencyFingerprint();
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
  if (stamp === fingerprint && fs.existsSync(nativeModule)) return Promise.resolve();
  log("Installing dependencies");
  removePatchedPackages();
  // The lockfile holds every platform's optional native packages (Rollup's, esbuild's, Tailwind's
  // oxide, lightningcss), so this install changes nothing in it on any machine: `npm test` checks
  // that with lockfileUnchanged(). The install runs no scripts, and then the ones it would have run:
  // esbuild's (package.json's allowScripts lists it), the project's postinstall, which applies
  // patches/ (patch-package) and fails the install if a patch no longer applies, and last
  // better-sqlite3's compile, in the background.
  run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts"]);
  run("npm", ["rebuild", "esbuild"]);
  run("npm", ["run", "postinstall"]);
  const written = () => fs.writeFileSync(stampFile, fingerprint);
  if (fs.existsSync(nativeModule)) {
    written();
    return Promise.resolve();
  }
  log("Compiling better-sqlite3, beside the next steps");
  const compileLog = path.join(root, "node_modules", ".better-sqlite3-compile.log");
  return runToFile("npm", ["rebuild", "better-sqlite3"], compileLog).then((ok) => {
    if (!ok || !fs.existsSync(nativeModule)) {
      process.stdout.write(fs.readFileSync(compileLog, "utf8"));
      throw new Error("better-sqlite3 did not compile: its output is above");
    }
    written();
    log("better-sqlite3 compiled");
  });
}

/**
 * Installs like ensureDependencies() and answers whether package-lock.json came out as it went in,
 * with the promise of the native module. A lockfile that lacks another platform's optional packages
 * is rewritten by `npm install` there (a Mac then misses @rollup/rollup-darwin-arm64 and the clone is
 * left dirty), so `npm test` fails the run when an install here rewrites it.
 */
export function ensureDependenciesKeepingLockfile() {
  const lockfile = path.join(root, "package-lock.json");
  const before = fs.readFileSync(lockfile, "utf8");
  const nativeModuleReady = ensureDependencies();
  const lockfileKept = fs.readFileSync(lockfile, "utf8") === before;
  if (!lockfileKept) console.error("package-lock.json changed during install: commit the lockfile npm wrote");
  return { lockfileKept, nativeModuleReady };
}
