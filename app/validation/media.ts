import { z } from "zod";

import { CONTENT_HASH } from "~/lib/media";

import { requiredText } from "./common";

// The product edit page's picture and document forms. A file's size is checked here, in the
// browser and again by the action; what the file is, is read from its bytes on the server only
// (app/lib/media-sniff.ts and app/services/media-upload.server.ts).

/** The largest file each upload takes. The edit page's body limit leaves room for the largest. */
export const MAX_PICTURE_BYTES = 15 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
/** Pictures larger than this are refused before they are decoded (a decompression bomb is small on disk). */
export const MAX_PICTURE_PIXELS = 50_000_000;
/**
 * The longest side a picture may have: WebP's hard limit (16,383; JPEG's is 65,535), the tightest of
 * the formats every picture is made in. Longer, the variants cannot be made, and decoding a sliver
 * of 1 × 50,000,000 pixels (under the pixel cap) took 45 s of a core before it failed.
 */
export const MAX_PICTURE_SIDE = 16_383;
/** How many times its shorter side a picture's longer side may be: no part's photo is a sliver. */
export const MAX_PICTURE_ASPECT = 20;

/** How many of each a part may carry: the page lists them all, and each picture is 12 stored files. */
export const MAX_PICTURES_PER_PART = 12;
export const MAX_DOCUMENTS_PER_PART = 12;

export const MAX_ALT_LENGTH = 250;

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

function fileField(choose: string, maxBytes: number, tooLarge: string) {
  return z
    .instanceof(File, { message: choose })
    .refine((file) => file.size > 0, choose)
    .refine((file) => file.size <= maxBytes, tooLarge);
}

const altField = requiredText("a short description of the picture for people who cannot see it", MAX_ALT_LENGTH);

const hashField = z
  .string({ required_error: "Missing file", invalid_type_error: "Missing file" })
  .regex(CONTENT_HASH, "Not a file of this part");

export const AddPictureSchema = z.object({
  intent: z.literal("add-picture"),
  image: fileField(
    "Choose a picture (JPEG, PNG, WebP or AVIF)",
    MAX_PICTURE_BYTES,
    `A picture may be at most ${megabytes(MAX_PICTURE_BYTES)}`,
  ),
  alt: altField,
});

export const AddDocumentSchema = z.object({
  intent: z.literal("add-document"),
  document: fileField(
    "Choose a file (PDF, STEP, IGES, DXF or STL)",
    MAX_DOCUMENT_BYTES,
    `A document may be at most ${megabytes(MAX_DOCUMENT_BYTES)}`,
  ),
});

/** The buttons beside each picture and document: one intent each, naming the file by its hash. */
export const PictureAltSchema = z.object({ intent: z.literal("picture-alt"), hash: hashField, alt: altField });
export const MovePictureUpSchema = z.object({ intent: z.literal("move-picture-up"), hash: hashField });
export const MovePictureDownSchema = z.object({ intent: z.literal("move-picture-down"), hash: hashField });
export const RemovePictureSchema = z.object({ intent: z.literal("remove-picture"), hash: hashField });
export const RemoveDocumentSchema = z.object({ intent: z.literal("remove-document"), hash: hashField });

/** Every media form of the edit page, for its action's discriminated union. */
export const mediaFormSchemas = [
  AddPictureSchema,
  AddDocumentSchema,
  PictureAltSchema,
  MovePictureUpSchema,
  MovePictureDownSchema,
  RemovePictureSchema,
  RemoveDocumentSchema,
] as const;

export type MediaIntent = z.infer<(typeof mediaFormSchemas)[number]>["intent"];
