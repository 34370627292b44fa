// Writes a brotli (.br) and a gzip (.gz) copy beside each of the built client's text assets, once, at
// their strongest settings. The server sends the copy the browser accepts (server/app.ts) instead of
// compressing the same file again for every first visit: on two cores that was 35 ms of the server's
// CPU per product page loaded, beside the browser's own work (docs/decisions/0040).
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { root } from "./lib/run.mjs";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; pictures and fonts are compressed already. */
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".xml", ".map"]);
/** Below this a compressed copy saves less than its own headers cost. */
const SMALLEST = 1024;

const assets = path.join(root, "build", "client", "assets");

async function precompress(file) {
  const bytes = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  return { before: bytes.length, after: br.length };
}

const files = [];
for (const entry of await fs.readdir(assets, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  if ((await fs.stat(file)).size >= SMALLEST) files.push(file);
}
let before = 0;
let after = 0;
for (const sizes of await Promise.all(files.map(precompress))) {
  before += sizes.before;
  after += sizes.after;
}
console.log(
  `Compressed ${files.length} assets ahead: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as brotli`,
);
