import { spawnSync } from "node:child_process";

import { aptInstall } from "./run.mjs";

/**
 * Tests read invoices back as text and draw their pages as pictures with poppler (pdftotext,
 * pdftoppm): Debian's poppler-utils, installed with apt when it is missing.
 */
export function ensurePoppler() {
  if (spawnSync("pdftotext", ["-v"]).status !== 0) {
    aptInstall("poppler-utils", { missing: "pdftotext", recommends: false });
  }
}
