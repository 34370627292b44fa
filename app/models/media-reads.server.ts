import { db, type DbOptions } from "~/db/db.server";
import {
  DOCUMENT_TYPES,
  type DocumentKind,
  type DocumentType,
  documentTypeOf,
  type PictureFormat,
  type PictureSize,
  pictureSources,
  type PictureView,
  type PictureWidth,
  widthOfSlot,
} from "~/lib/media";

// What pages, the API and /media read of parts' pictures and documents (migration 0025, decision
// 27): a list of parts' pictures with their sizes and documents with their names, one query for a
// whole page; and a stored file's bytes. The links' writes are in media.server.ts.

function groupBy<Row extends { item_id: number }, Value>(rows: Row[], value: (row: Row) => Value) {
  const grouped = new Map<number, Value[]>();
  for (const row of rows) {
    const list = grouped.get(row.item_id) ?? [];
    list.push(value(row));
    grouped.set(row.item_id, list);
  }
  return grouped;
}

// ---------------------------------------------------------------------------------------------
// What pages show: pictures with their sizes, documents with their names; batched per page.

/**
 * These parts' pictures, main first, each with the widths it was derived at (or only each part's
 * main picture): two plain indexed reads, the links and then their files' sizes, about 0.45 ms for
 * 24 parts of two pictures each. One query joining both, the main picture picked in SQL by a
 * `not exists`, measured 0.5 to 0.65 ms.
 */
export async function picturesOf(
  itemIds: readonly number[],
  { mainOnly = false, executor = db }: DbOptions & { mainOnly?: boolean } = {},
): Promise<Map<number, PictureView[]>> {
  const pictures = new Map<number, PictureView[]>();
  if (!itemIds.length) return pictures;
  const links = await executor
    .selectFrom("item_pictures")
    .innerJoin("media", "media.id", "item_pictures.media_id")
    .select(["item_pictures.item_id", "item_pictures.media_id", "item_pictures.alt", "media.hash"])
    .where("item_pictures.item_id", "in", [...new Set(itemIds)])
    .orderBy("item_pictures.item_id")
    .orderBy("item_pictures.position")
    .orderBy("item_pictures.id")
    .execute();
  const shown = mainOnly ? links.filter((link, index) => links[index - 1]?.item_id !== link.item_id) : links;
  if (!shown.length) return pictures;
  // Every format has the same sizes: the JPEG rows list them.
  const sizes = await executor
    .selectFrom("media_variants")
    .select(["media_id", "variant", "width", "height"])
    .where("media_id", "in", [...new Set(shown.map((link) => link.media_id))])
    .where("format", "=", "jpeg")
    .execute();
  const sizesOf = new Map<number, PictureSize[]>();
  for (const row of sizes) {
    const width = widthOfSlot(row.variant);
    if (width === null) continue;
    sizesOf.set(row.media_id, [
      ...(sizesOf.get(row.media_id) ?? []),
      { width, actualWidth: row.width, actualHeight: row.height },
    ]);
  }
  for (const list of sizesOf.values()) list.sort((a, b) => a.width - b.width);
  for (const link of shown) {
    const linkSizes = sizesOf.get(link.media_id);
    if (!linkSizes?.length) continue;
    const picture = { hash: link.hash, alt: link.alt, sizes: linkSizes };
    pictures.set(link.item_id, [...(pictures.get(link.item_id) ?? []), picture]);
  }
  return pictures;
}

/** Each part's main picture, for lists of cards (home, catalog): one query for the page. */
export async function mainPicturesOf(itemIds: readonly number[], options: DbOptions = {}) {
  const pictures = await picturesOf(itemIds, { ...options, mainOnly: true });
  return new Map([...pictures].map(([itemId, [main]]) => [itemId, main]));
}

/**
 * A list of parts with each one's main picture as a card shows it (at most 640 px wide), or null
 * for a part that has none: one query for the list.
 */
export async function withMainPictures<Item extends { id: number }>(items: Item[], options: DbOptions = {}) {
  const pictures = await mainPicturesOf(
    items.map((item) => item.id),
    options,
  );
  return items.map((item) => {
    const picture = pictures.get(item.id);
    return { ...item, picture: picture ? pictureSources(picture, 640) : null };
  });
}

/** A document as the product page lists it. */
export type DocumentView = { hash: string; fileName: string; kind: DocumentKind; type: DocumentType; byteSize: number };

export async function documentsOf(itemIds: readonly number[], { executor = db }: DbOptions = {}) {
  if (!itemIds.length) return new Map<number, DocumentView[]>();
  const rows = await executor
    .selectFrom("item_documents")
    .innerJoin("media", "media.id", "item_documents.media_id")
    .select([
      "item_documents.item_id",
      "media.hash",
      "media.content_type",
      "media.byte_size",
      "item_documents.file_name",
      "item_documents.kind",
    ])
    .where("item_documents.item_id", "in", [...new Set(itemIds)])
    .orderBy("item_documents.item_id")
    .orderBy("item_documents.position")
    .orderBy("item_documents.id")
    .execute();
  return groupBy(rows, (row) => ({
    hash: row.hash,
    fileName: row.file_name,
    kind: row.kind,
    type: documentTypeOf(row.content_type) ?? "pdf",
    byteSize: Number(row.byte_size),
  }));
}

// ---------------------------------------------------------------------------------------------
// Serving /media/<hash>-<variant>.<ext>.

/** A stored file's bytes and type; without `withBytes`, only its size (a HEAD request). */
export type StoredFile = { contentType: string; byteSize: number; bytes: Buffer | null; fileName: string | null };

export async function readPictureVariant(
  hash: string,
  width: PictureWidth,
  format: PictureFormat,
  { withBytes = true, executor = db }: DbOptions & { withBytes?: boolean } = {},
): Promise<StoredFile | undefined> {
  const query = executor
    .selectFrom("media_variants as variant")
    .innerJoin("media", "media.id", "variant.media_id")
    .select(["variant.content_type", "variant.byte_size"])
    .where("media.hash", "=", hash)
    .where("variant.variant", "=", String(width))
    .where("variant.format", "=", format);
  const row = withBytes ? await query.select("variant.bytes").executeTakeFirst() : await query.executeTakeFirst();
  if (!row) return undefined;
  const bytes = "bytes" in row ? (row.bytes as Buffer) : null;
  return { contentType: row.content_type, byteSize: Number(row.byte_size), bytes, fileName: null };
}

/**
 * A stored document, with the name it downloads under: the name its first link gives it (the same
 * file attached to two parts under two names downloads under the first).
 */
export async function readDocumentFile(
  hash: string,
  type: DocumentType,
  { withBytes = true, executor = db }: DbOptions & { withBytes?: boolean } = {},
): Promise<StoredFile | undefined> {
  const query = executor
    .selectFrom("media")
    .select((eb) => [
      "media.content_type",
      "media.byte_size",
      eb
        .selectFrom("item_documents")
        .select("item_documents.file_name")
        .whereRef("item_documents.media_id", "=", "media.id")
        .orderBy("item_documents.id")
        .limit(1)
        .as("file_name"),
    ])
    .where("media.hash", "=", hash)
    .where("media.kind", "=", "document")
    .where("media.content_type", "=", DOCUMENT_TYPES[type].contentType);
  const row = withBytes ? await query.select("media.bytes").executeTakeFirst() : await query.executeTakeFirst();
  if (!row) return undefined;
  const bytes = "bytes" in row ? (row.bytes as Buffer | null) : null;
  return { contentType: row.content_type, byteSize: Number(row.byte_size), bytes, fileName: row.file_name };
}
