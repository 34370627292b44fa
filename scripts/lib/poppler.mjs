import { spawnSync } from "node:child_process";

import { isRoot, log, run } from "./run.mjs";

/**
 * Tests read invoices back as text and draw their pages as pictures with poppler (pdftotext,
 * pdftoppm): Debian's poppler-utils, installed with apt when it is missing.
 */
export function ensurePoppler() {
  if (spawnSync("pdftotext", ["-v"]).status === 0) return;
  if (!isRoot) throw new Error("pdftotext is missing: install Debian's poppler-utils package");
  log("Installing poppler-utils with apt");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "poppler-utils"], { env });
}
