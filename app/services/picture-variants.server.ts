import sharp, { type Metadata, type Sharp } from "sharp";

import {
  PICTURE_CONTENT_TYPES,
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
} from "~/lib/media";
import type { PictureType } from "~/lib/media-sniff";
import type { PictureVariantInput } from "~/models/media";
import { MAX_PICTURE_ASPECT, MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE } from "~/validation/media";

// A picture's fixed set of variants, made once when it is uploaded (docs/decisions/0027). sharp
// decodes and encodes on libuv's thread pool, so the event loop keeps serving pages meanwhile; how
// much of the two cores it takes is bounded here: one picture at a time per process, and its
// encodes one at a time.

// Each encode runs on one of libvips' threads: several encodes at once, not several threads per
// encode, and nothing cached between uploads (each picture is read once).
sharp.concurrency(1);
sharp.cache(false);
// Only the four decoders a picture may need: whatever reaches sharp by mistake (an SVG, a PDF, a
// TIFF) is refused by libvips itself, not decoded.
sharp.block({ operation: ["VipsForeignLoad"] });
sharp.unblock({
  operation: [
    "VipsForeignLoadJpegBuffer",
    "VipsForeignLoadPngBuffer",
    "VipsForeignLoadWebpBuffer",
    "VipsForeignLoadHeifBuffer",
  ],
});

/**
 * Encodes run on libuv's pool, which password hashing and file reads share, one at a time: the
 * other core stays with the event loop. Two at once saved nothing on a studio photo and a quarter
 * on a photo full of noise, on two busy cores (docs/decisions/0027).
 */
const PARALLEL_ENCODES = 1;

/**
 * AVIF's effort (0 to 9): sharp's default of 4 took 9 s for a 12-megapixel photo's variants on two
 * cores; 1 makes files of the same size as 2 (within 5%, smaller on a noisy photo) in a third of
 * the time; 0 makes them up to half again larger.
 */
const ENCODERS: Record<PictureFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 1 }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
  // JPEG has no transparency: what was transparent is white, as the pages' background is.
  jpeg: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }),
};

const SHARP_FORMATS: Record<PictureType, string> = { jpeg: "jpeg", png: "png", webp: "webp", avif: "heif" };

/** What a picture's header says, read without decoding it. */
export type PictureHeader = { type: PictureType; width: number; height: number };

export type HeaderRefusal = "not-a-picture" | "too-many-pixels" | "bad-shape";

/**
 * Reads the picture's header only (sharp's metadata() decodes no pixels), so a file that claims
 * 20000 × 20000 pixels is refused before anything is decoded. The header must agree with the
 * signature the bytes were sniffed by: an AVIF must be AV1-coded, not another HEIF.
 */
export async function readPictureHeader(
  bytes: Uint8Array,
  sniffed: PictureType,
): Promise<
  | { ok: true; header: PictureHeader }
  | { ok: false; reason: HeaderRefusal; pixels?: number; width?: number; height?: number }
> {
  let metadata: Metadata;
  try {
    // No pixel limit here: sharp would refuse the header itself, and we say how large it is.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "not-a-picture" };
  }
  const { format, width, height, compression, orientation } = metadata;
  if (format !== SHARP_FORMATS[sniffed] || !width || !height) return { ok: false, reason: "not-a-picture" };
  if (sniffed === "avif" && compression !== "av1") return { ok: false, reason: "not-a-picture" };
  if (width * height > MAX_PICTURE_PIXELS) return { ok: false, reason: "too-many-pixels", pixels: width * height };
  if (
    Math.max(width, height) > MAX_PICTURE_SIDE ||
    Math.max(width, height) > MAX_PICTURE_ASPECT * Math.min(width, height)
  ) {
    return { ok: false, reason: "bad-shape", width, height };
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: upright, its width is its height.
  const quarterTurned = (orientation ?? 1) >= 5;
  return {
    ok: true,
    header: { type: sniffed, width: quarterTurned ? height : width, height: quarterTurned ? width : height },
  };
}

/**
 * The width slots a picture `width` pixels wide fills: every fixed width it is at least as wide as,
 * and the next one up at its own width, so its full size is kept once and never enlarged.
 */
export function widthSlotsFor(width: number): { slot: PictureWidth; width: number }[] {
  const slots: { slot: PictureWidth; width: number }[] = [];
  for (const slot of PICTURE_WIDTHS) {
    slots.push({ slot, width: Math.min(slot, width) });
    if (slot >= width) break;
  }
  return slots;
}

let queue: Promise<unknown> = Promise.resolve();

/** One picture at a time per process: a second upload waits for the first rather than sharing the cores. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function inBatches<T>(tasks: (() => Promise<T>)[], size: number) {
  const results: T[] = [];
  for (let index = 0; index < tasks.length; index += size) {
    results.push(...(await Promise.all(tasks.slice(index, index + size).map((task) => task()))));
  }
  return results;
}

/**
 * Every variant of a picture whose header was read (readPictureHeader): decoded once (turned
 * upright by its EXIF orientation, in sRGB, shrunk on load to the largest width needed), then each
 * width encoded in each format from those pixels. The variants carry no metadata at all: sharp
 * writes none unless asked, and the pixels they are made from have none. Throws when the bytes
 * cannot be decoded (a damaged or cut-short file).
 */
export function derivePictureVariants(bytes: Uint8Array, header: PictureHeader): Promise<PictureVariantInput[]> {
  return oneAtATime(async () => {
    const slots = widthSlotsFor(header.width);
    const largest = slots[slots.length - 1].width;
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: "error" })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const tasks = slots.flatMap(({ slot, width }) =>
      PICTURE_FORMATS.map((format) => async (): Promise<PictureVariantInput> => {
        const resized = width === info.width ? pixels() : pixels().resize({ width });
        const encoded = await ENCODERS[format](resized).toBuffer({ resolveWithObject: true });
        return {
          width: slot,
          format,
          contentType: PICTURE_CONTENT_TYPES[format],
          actualWidth: encoded.info.width,
          actualHeight: encoded.info.height,
          bytes: encoded.data,
        };
      }),
    );
    return inBatches(tasks, PARALLEL_ENCODES);
  });
}
