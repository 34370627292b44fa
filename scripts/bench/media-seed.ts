/**
 * Pictures for the benchmark, stored by the app's own upload code before the servers start: a
 * studio photo of a gear on the product page's part (the page the Lighthouse run and the /media row
 * load), and 12-megapixel photos written to `--out` for the upload scenario to post, each a new file.
 *
 *   DATABASE_URL=file:/tmp/large.db tsx scripts/bench/media-seed.ts --part-item 50000 --out /tmp/dir --uploads 3
 *
 * Prints one JSON line on stdout: { hash, sizes, uploads }, `hash` the product page's picture,
 * `sizes` its variants' bytes by file name, `uploads` the 12-megapixel files' paths.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { db } from "../../app/db/db.server";
import { contentHash } from "../../app/lib/media";
import { sampleProductPhoto } from "./sample-photo";

const { values } = parseArgs({
  options: {
    "part-item": { type: "string" },
    out: { type: "string" },
    uploads: { type: "string", default: "0" },
  },
});
const partItem = Number(values["part-item"]);
if (!Number.isInteger(partItem) || partItem < 1) throw new Error("--part-item must name a part");

try {
  // The photos are drawn first: the upload code lets sharp read only the four picture formats,
  // and the photos are drawn from SVG.
  const photo = await sampleProductPhoto({ width: 2400, height: 1800 });
  const uploads: string[] = [];
  for (let index = 0; index < Number(values.uploads); index++) {
    if (!values.out) throw new Error("--uploads needs --out");
    const file = path.join(values.out, `photo-12mp-${index + 1}.jpg`);
    fs.writeFileSync(file, await sampleProductPhoto({ width: 4000, height: 3000 }));
    uploads.push(file);
  }

  // A phone's photo of a part, as staff would upload it for its page.
  const { uploadPicture } = await import("../../app/services/media-upload.server");
  const uploaded = await uploadPicture(partItem, new File([photo], "gear.jpg"), "Steel spur gear, 28 teeth");
  if (!uploaded.ok) throw new Error(`the product page's picture was refused: ${JSON.stringify(uploaded)}`);
  const hash = await contentHash(photo);
  const variants = await db
    .selectFrom("media_variants")
    .innerJoin("media", "media.id", "media_variants.media_id")
    .select(["variant", "format", "media_variants.byte_size"])
    .where("media.hash", "=", hash)
    .execute();
  const sizes = Object.fromEntries(variants.map((row) => [`${row.variant}.${row.format}`, Number(row.byte_size)]));
  console.log(JSON.stringify({ hash, sizes, uploads }));
} finally {
  await db.destroy();
}
