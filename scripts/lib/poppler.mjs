import { spawnSync } from "node:child_process";

/**
 * Tests read invoices back as text and draw their pages as pictures with poppler (pdftotext,
 * pdftoppm): Debian's poppler-utils, installed with apt when it is missing.
 */
export const POPPLER = {
  debianPackage: "poppler-utils",
  missing: "pdftotext",
  recommends: false,
  isPresent: () => spawnSync("pdftotext", ["-v"]).status === 0,
};
