import { contentHash, DOCUMENT_TYPES, PICTURE_FORMATS } from "~/lib/media";
import { sniffDocument, sniffPicture } from "~/lib/media-sniff";
import { attachDocument, attachPicture, type AttachResult, type NewPicture } from "~/models/media";
import {
  MAX_DOCUMENT_BYTES,
  MAX_PICTURE_ASPECT,
  MAX_PICTURE_BYTES,
  MAX_PICTURE_PIXELS,
  MAX_PICTURE_SIDE,
} from "~/validation/media";

import { derivePictureVariants, readPictureHeader } from "./picture-variants.server";

// An upload on the product edit page, from the bytes to the part's list: what the file is (read
// from its bytes), whether it is within bounds, its variants when it is a new picture, and the
// link. Every refusal comes before anything is written, with the words the form shows beside its field.

export const NOT_A_PICTURE =
  "This file is not a JPEG, PNG, WebP or AVIF picture (its contents say so, whatever its name), so it was not added.";
export const NOT_A_DOCUMENT =
  "This file is not a PDF, STEP, IGES, DXF or STL file (its contents say so, whatever its name), so it was not added.";
export const DAMAGED_PICTURE = "This picture could not be read: the file may be damaged or cut short.";

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export type UploadResult =
  { ok: true; added: boolean } | { ok: false; reason: "not-found" } | { ok: false; reason: "refused"; message: string };

function asUploadResult(result: AttachResult, what: "picture" | "document"): UploadResult {
  if (result.ok) return result;
  if (result.reason === "not-found") return result;
  if (result.reason === "too-many") {
    return {
      ok: false,
      reason: "refused",
      message: `A part may have at most ${result.limit} ${what}s: remove one first.`,
    };
  }
  return { ok: false, reason: "refused", message: what === "picture" ? NOT_A_PICTURE : NOT_A_DOCUMENT };
}

/**
 * Adds an uploaded picture to a part: a JPEG, PNG, WebP or AVIF by its bytes, at most 15 MB and
 * 50 megapixels by its header (read before any pixel is decoded), then derived into its variants
 * unless the same file is stored already.
 */
export async function uploadPicture(itemId: number, file: File, alt: string): Promise<UploadResult> {
  if (file.size > MAX_PICTURE_BYTES) {
    return { ok: false, reason: "refused", message: `A picture may be at most ${megabytes(MAX_PICTURE_BYTES)}.` };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffPicture(bytes);
  if (!type) return { ok: false, reason: "refused", message: NOT_A_PICTURE };
  const read = await readPictureHeader(bytes, type);
  if (!read.ok) {
    if (read.reason === "not-a-picture") return { ok: false, reason: "refused", message: NOT_A_PICTURE };
    if (read.reason === "bad-shape") {
      return {
        ok: false,
        reason: "refused",
        message: `This picture is ${read.width!.toLocaleString("en-GB")} × ${read.height!.toLocaleString("en-GB")} pixels: a side may be at most ${MAX_PICTURE_SIDE.toLocaleString("en-GB")} pixels, and the longer at most ${MAX_PICTURE_ASPECT} times the shorter. Crop or scale it and upload it again.`,
      };
    }
    const megapixels = Math.round(read.pixels! / 1_000_000);
    return {
      ok: false,
      reason: "refused",
      message: `This picture is ${megapixels} megapixels; at most ${MAX_PICTURE_PIXELS / 1_000_000} are taken. Scale it down and upload it again.`,
    };
  }
  const hash = await contentHash(bytes);
  const known = await attachPicture(itemId, { hash, alt });
  if (known.ok || known.reason !== "needs-file") return asUploadResult(known, "picture");

  let stored: NewPicture;
  try {
    const variants = await derivePictureVariants(bytes, read.header);
    stored = {
      contentType: `image/${read.header.type}`,
      byteSize: bytes.byteLength,
      width: read.header.width,
      height: read.header.height,
      variants,
    };
  } catch {
    return { ok: false, reason: "refused", message: DAMAGED_PICTURE };
  }
  // Every width in every format, or the picture is not stored at all.
  if (stored.variants.length % PICTURE_FORMATS.length !== 0) throw new Error("a picture's variants are incomplete");
  return asUploadResult(await attachPicture(itemId, { hash, alt, stored }), "picture");
}

/** Adds an uploaded datasheet or CAD file to a part: PDF, STEP, IGES, DXF or STL by its bytes, at most 25 MB. */
export async function uploadDocument(itemId: number, file: File): Promise<UploadResult & { label?: string }> {
  if (file.size > MAX_DOCUMENT_BYTES) {
    return { ok: false, reason: "refused", message: `A document may be at most ${megabytes(MAX_DOCUMENT_BYTES)}.` };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffDocument(bytes);
  if (!type) return { ok: false, reason: "refused", message: NOT_A_DOCUMENT };
  const hash = await contentHash(bytes);
  const result = asUploadResult(await attachDocument(itemId, { hash, type, fileName: file.name, bytes }), "document");
  return result.ok ? { ...result, label: DOCUMENT_TYPES[type].label } : result;
}
