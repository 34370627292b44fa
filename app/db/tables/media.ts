import type { Generated } from "kysely";

import type { DocumentKind, PictureFormat } from "~/lib/media";

import type { Timestamp } from "./common";

/** One stored file, named by the sha256 of the bytes uploaded (migration 0025). */
export interface MediaTable {
  id: Generated<number>;
  /** sha256 of the uploaded bytes, lower-case hex: the file's address under /media. */
  hash: string;
  kind: "picture" | "document";
  /** What the upload was, read from its bytes: image/jpeg, application/pdf, model/step, … */
  content_type: string;
  byte_size: number;
  /** A picture's width and height once turned upright; null for a document. */
  width: number | null;
  height: number | null;
  /** A document's bytes; null for a picture, whose original is not kept (its variants are). */
  bytes: Buffer | null;
  created_at: Timestamp;
}

/** One derived file of a picture: a width slot (`640`, at most that wide) in one format. */
export interface MediaVariantsTable {
  media_id: number;
  variant: string;
  format: PictureFormat;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  bytes: Buffer;
}

/** A part's picture, in order (the lowest position is its main picture). */
export interface ItemPicturesTable {
  id: Generated<number>;
  item_id: number;
  media_id: number;
  position: number;
  alt: string;
}

/** A part's datasheet or CAD file, listed and downloaded under `file_name`. */
export interface ItemDocumentsTable {
  id: Generated<number>;
  item_id: number;
  media_id: number;
  kind: DocumentKind;
  file_name: string;
  position: number;
}
