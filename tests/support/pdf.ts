import { spawnSync } from "node:child_process";

// PDFs read back as a person would see them: poppler's pdftotext and pdftoppm (poppler-utils, which
// `npm test` installs with apt when it is missing: scripts/lib/poppler.mjs).

/** The text of a PDF, laid out as on the page (columns kept on one line), pages split by form feeds. */
export function pdfText(pdf: Uint8Array): string {
  const result = spawnSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: pdf, maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString("utf8");
}

/** How many pages a PDF has, as pdfinfo reads it. */
export function pdfPageCount(pdf: Uint8Array): number {
  const result = spawnSync("pdfinfo", ["-"], { input: pdf });
  if (result.status !== 0) throw new Error(`pdfinfo failed: ${result.stderr.toString()}`);
  return Number(/^Pages:\s+(\d+)/m.exec(result.stdout.toString())?.[1]);
}

/** One page of a PDF drawn as a PNG (for a screenshot a person looks at). */
export function pdfPagePng(pdf: Uint8Array, page = 1, dpi = 100): Buffer {
  // No output root: the picture goes to stdout.
  const args = ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", "-"];
  const result = spawnSync("pdftoppm", args, { input: pdf, maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr.toString()}`);
  return result.stdout;
}
