// Parts' pictures and documents, and the stored files behind them (migration 0025, decision 27): a file
// is one `media` row per distinct content, shared by every part that shows it; the database removes it
// when its last link goes. Here: attaching a picture or a document to a part.
import type { Transaction } from "kysely";

import { db, type DbOptions, inTransaction, isPostgres, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import {
  DOCUMENT_TYPES,
  documentFileName,
  documentKindOf,
  type DocumentType,
  type PictureFormat,
  type PictureWidth,
} from "~/lib/media";
import { MAX_DOCUMENTS_PER_PART, MAX_PICTURES_PER_PART } from "~/validation/media";

export type Trx = Transaction<Database>;

export const NOT_FOUND = { ok: false, reason: "not-found" } as const;

/** A picture's derived file, as app/services/picture-variants.server.ts makes it. */
export type PictureVariantInput = {
  width: PictureWidth;
  format: PictureFormat;
  contentType: string;
  actualWidth: number;
  actualHeight: number;
  bytes: Buffer;
};

/** What is stored of a new picture: what it was, and its variants (its own bytes are not kept). */
export type NewPicture = {
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  variants: PictureVariantInput[];
};

/** A link refused because of what the caller named: the form or import shows `message` beside `field`. */
export type MediaFieldRefusal = { ok: false; reason: "field"; field: "pictures" | "documents"; message: string };

export function refused(field: MediaFieldRefusal["field"], message: string): MediaFieldRefusal {
  return { ok: false, reason: "field", field, message };
}

/**
 * The part's row, locked on PostgreSQL until the transaction ends, so two changes to its pictures
 * take turns (positions and the per-part limit stay whole). SQLite's write transactions already do.
 */
export function lockItem(trx: Trx, itemId: number) {
  const query = trx.selectFrom("items").select("id").where("id", "=", itemId);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** The file with this hash, locked against removal by the last link going (see migration 0025). */
function lockMedia(trx: Trx, hash: string) {
  const query = trx.selectFrom("media").select(["id", "kind"]).where("hash", "=", hash);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Inserts a file's row, or finds the one a concurrent upload of the same bytes just committed
 * (the unique hash makes the second insert do nothing).
 */
async function insertMedia(trx: Trx, row: Omit<Database["media"], "id" | "hash" | "created_at">, hash: string) {
  const inserted = await trx
    .insertInto("media")
    .values({ ...row, hash, created_at: now() })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .returning("id")
    .executeTakeFirst();
  return { id: inserted?.id ?? (await lockMedia(trx, hash))!.id, inserted: Boolean(inserted) };
}

export type AttachResult =
  | { ok: true; added: boolean }
  | typeof NOT_FOUND
  | { ok: false; reason: "needs-file" }
  | { ok: false; reason: "too-many"; limit: number }
  | { ok: false; reason: "wrong-kind" };

/**
 * Adds a picture to the end of a part's pictures. The file is looked up by its hash first: when it
 * is stored already (another part shows it, or it was uploaded before) it is shared, and when it is
 * not, the caller's `stored` variants are stored with it, or the answer is "needs-file" and the
 * caller derives them and asks again (deriving is seconds of work, not done for a file we have).
 * `added` is false when the part already shows this picture.
 */
export function attachPicture(
  itemId: number,
  picture: { hash: string; alt: string; stored?: NewPicture },
  { executor = db }: DbOptions = {},
): Promise<AttachResult> {
  return inTransaction(executor, async (trx): Promise<AttachResult> => {
    if (!(await lockItem(trx, itemId))) return NOT_FOUND;
    const media = await lockMedia(trx, picture.hash);
    const links = await trx
      .selectFrom("item_pictures")
      .select(["media_id", "position"])
      .where("item_id", "=", itemId)
      .execute();
    if (media && media.kind !== "picture") return { ok: false, reason: "wrong-kind" };
    if (media && links.some((link) => link.media_id === media.id)) return { ok: true, added: false };
    if (links.length >= MAX_PICTURES_PER_PART) return { ok: false, reason: "too-many", limit: MAX_PICTURES_PER_PART };
    let mediaId = media?.id;
    if (mediaId === undefined) {
      if (!picture.stored) return { ok: false, reason: "needs-file" };
      const { variants, contentType, byteSize, width, height } = picture.stored;
      const stored = await insertMedia(
        trx,
        { kind: "picture", content_type: contentType, byte_size: byteSize, width, height, bytes: null },
        picture.hash,
      );
      mediaId = stored.id;
      if (stored.inserted) {
        await trx
          .insertInto("media_variants")
          .values(
            variants.map((variant) => ({
              media_id: stored.id,
              variant: String(variant.width),
              format: variant.format,
              content_type: variant.contentType,
              byte_size: variant.bytes.byteLength,
              width: variant.actualWidth,
              height: variant.actualHeight,
              bytes: variant.bytes,
            })),
          )
          .execute();
      }
    }
    const position = Math.max(-1, ...links.map((link) => link.position)) + 1;
    await trx
      .insertInto("item_pictures")
      .values({ item_id: itemId, media_id: mediaId, position, alt: picture.alt })
      .execute();
    return { ok: true, added: true };
  });
}

/** Adds a document to the end of a part's documents, sharing the stored file when its hash is known. */
export function attachDocument(
  itemId: number,
  document: { hash: string; type: DocumentType; fileName: string; bytes: Uint8Array },
  { executor = db }: DbOptions = {},
): Promise<AttachResult> {
  return inTransaction(executor, async (trx): Promise<AttachResult> => {
    if (!(await lockItem(trx, itemId))) return NOT_FOUND;
    const media = await lockMedia(trx, document.hash);
    const links = await trx
      .selectFrom("item_documents")
      .select(["media_id", "position"])
      .where("item_id", "=", itemId)
      .execute();
    if (media && media.kind !== "document") return { ok: false, reason: "wrong-kind" };
    if (media && links.some((link) => link.media_id === media.id)) return { ok: true, added: false };
    if (links.length >= MAX_DOCUMENTS_PER_PART) return { ok: false, reason: "too-many", limit: MAX_DOCUMENTS_PER_PART };
    const mediaId =
      media?.id ??
      (
        await insertMedia(
          trx,
          {
            kind: "document",
            content_type: DOCUMENT_TYPES[document.type].contentType,
            byte_size: document.bytes.byteLength,
            width: null,
            height: null,
            bytes: Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength),
          },
          document.hash,
        )
      ).id;
    const position = Math.max(-1, ...links.map((link) => link.position)) + 1;
    await trx
      .insertInto("item_documents")
      .values({
        item_id: itemId,
        media_id: mediaId,
        kind: documentKindOf(document.type),
        file_name: documentFileName(document.fileName, document.type),
        position,
      })
      .execute();
    return { ok: true, added: true };
  });
}
