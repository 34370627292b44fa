import type { Transaction } from "kysely";

import { db, type DbOptions, type Executor, inTransaction, isPostgres, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import {
  CONTENT_HASH,
  DOCUMENT_TYPES,
  documentFileName,
  type DocumentKind,
  documentKindOf,
  type DocumentType,
  documentTypeOf,
  type PictureFormat,
  type PictureWidth,
} from "~/lib/media";
import { isPlainText } from "~/validation/common";
import { MAX_ALT_LENGTH, MAX_DOCUMENTS_PER_PART, MAX_PICTURES_PER_PART } from "~/validation/media";

// Parts' pictures and documents, and the stored files behind them (migration 0025, decision 27):
// adding, ordering and removing them, and reading and replacing them by hash for the catalog file.
// A file is one `media` row per distinct content, shared by every part that shows it; the database
// removes it when its last link goes, whatever removes the link. What pages and /media read is in
// media-reads.server.ts.

type Trx = Transaction<Database>;

const NOT_FOUND = { ok: false, reason: "not-found" } as const;

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

/**
 * The part's row, locked on PostgreSQL until the transaction ends, so two changes to its pictures
 * take turns (positions and the per-part limit stay whole). SQLite's write transactions already do.
 */
function lockItem(trx: Trx, itemId: number) {
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

type LinkTable = "item_pictures" | "item_documents";

/** The part's link to the file with this hash, in its table. */
function linkOf(executor: Executor, table: LinkTable, itemId: number, hash: string) {
  return executor
    .selectFrom(table)
    .innerJoin("media", "media.id", `${table}.media_id`)
    .select([`${table}.id as id`, `${table}.position as position`])
    .where(`${table}.item_id`, "=", itemId)
    .where("media.hash", "=", hash);
}

/** Takes a picture or document off a part; the file goes too when no other part shows it (0025's triggers). */
export async function detachMedia(
  table: LinkTable,
  itemId: number,
  hash: string,
  { executor = db }: DbOptions = {},
): Promise<{ ok: true } | typeof NOT_FOUND> {
  const link = await linkOf(executor, table, itemId, hash).executeTakeFirst();
  if (!link) return NOT_FOUND;
  const deleted = await executor.deleteFrom(table).where("id", "=", link.id).executeTakeFirst();
  return Number(deleted.numDeletedRows) ? { ok: true } : NOT_FOUND;
}

export async function setPictureAlt(itemId: number, hash: string, alt: string, { executor = db }: DbOptions = {}) {
  const link = await linkOf(executor, "item_pictures", itemId, hash).executeTakeFirst();
  if (!link) return NOT_FOUND;
  await executor.updateTable("item_pictures").set({ alt }).where("id", "=", link.id).execute();
  return { ok: true } as const;
}

/**
 * Moves a picture one place earlier or later among its part's pictures (first place is the main
 * picture). Positions are rewritten 0, 1, 2… in the new order; a move past either end changes nothing.
 */
export function movePicture(
  itemId: number,
  hash: string,
  direction: "up" | "down",
  { executor = db }: DbOptions = {},
): Promise<{ ok: true; moved: boolean } | typeof NOT_FOUND> {
  return inTransaction(executor, async (trx) => {
    if (!(await lockItem(trx, itemId))) return NOT_FOUND;
    const pictures = await trx
      .selectFrom("item_pictures")
      .innerJoin("media", "media.id", "item_pictures.media_id")
      .select(["item_pictures.id", "item_pictures.position", "media.hash"])
      .where("item_pictures.item_id", "=", itemId)
      .orderBy("item_pictures.position")
      .orderBy("item_pictures.id")
      .execute();
    const from = pictures.findIndex((picture) => picture.hash === hash);
    if (from < 0) return NOT_FOUND;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= pictures.length) return { ok: true, moved: false };
    [pictures[from], pictures[to]] = [pictures[to], pictures[from]];
    await renumber(trx, "item_pictures", pictures);
    return { ok: true, moved: true };
  });
}

/** Writes positions 0, 1, 2… in the order given, only where they change. */
async function renumber(trx: Trx, table: LinkTable, links: { id: number; position: number }[]) {
  for (const [position, link] of links.entries()) {
    if (link.position !== position) await trx.updateTable(table).set({ position }).where("id", "=", link.id).execute();
  }
}

/** A copy's pictures and documents are the original's, the same files shared (Duplicate as a hidden draft). */
export async function copyMediaLinks(fromItemId: number, toItemId: number, { executor = db }: DbOptions = {}) {
  await executor
    .insertInto("item_pictures")
    .columns(["item_id", "media_id", "position", "alt"])
    .expression((eb) =>
      eb
        .selectFrom("item_pictures")
        .select((inner) => [inner.val(toItemId).as("item_id"), "media_id", "position", "alt"])
        .where("item_id", "=", fromItemId),
    )
    .execute();
  await executor
    .insertInto("item_documents")
    .columns(["item_id", "media_id", "kind", "file_name", "position"])
    .expression((eb) =>
      eb
        .selectFrom("item_documents")
        .select((inner) => [inner.val(toItemId).as("item_id"), "media_id", "kind", "file_name", "position"])
        .where("item_id", "=", fromItemId),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// References by hash, for the catalog file: read a list of parts' links, replace one part's.

export type PictureRef = { hash: string; alt: string };
export type DocumentRef = { hash: string; fileName: string; kind: DocumentKind };

function groupBy<Row extends { item_id: number }, Value>(rows: Row[], value: (row: Row) => Value) {
  const grouped = new Map<number, Value[]>();
  for (const row of rows) {
    const list = grouped.get(row.item_id) ?? [];
    list.push(value(row));
    grouped.set(row.item_id, list);
  }
  return grouped;
}

/** These parts' pictures by hash, alt text and position, main picture first: one query. */
export async function pictureRefsOf(itemIds: readonly number[], { executor = db }: DbOptions = {}) {
  if (!itemIds.length) return new Map<number, (PictureRef & { position: number })[]>();
  const rows = await executor
    .selectFrom("item_pictures")
    .innerJoin("media", "media.id", "item_pictures.media_id")
    .select(["item_pictures.item_id", "media.hash", "item_pictures.alt", "item_pictures.position"])
    .where("item_pictures.item_id", "in", [...new Set(itemIds)])
    .orderBy("item_pictures.item_id")
    .orderBy("item_pictures.position")
    .orderBy("item_pictures.id")
    .execute();
  return groupBy(rows, ({ hash, alt, position }) => ({ hash, alt, position }));
}

/** These parts' documents by hash, file name and kind, in their order: one query. */
export async function documentRefsOf(itemIds: readonly number[], { executor = db }: DbOptions = {}) {
  if (!itemIds.length) return new Map<number, DocumentRef[]>();
  const rows = await executor
    .selectFrom("item_documents")
    .innerJoin("media", "media.id", "item_documents.media_id")
    .select(["item_documents.item_id", "media.hash", "item_documents.file_name", "item_documents.kind"])
    .where("item_documents.item_id", "in", [...new Set(itemIds)])
    .orderBy("item_documents.item_id")
    .orderBy("item_documents.position")
    .orderBy("item_documents.id")
    .execute();
  return groupBy(rows, ({ hash, file_name, kind }) => ({ hash, fileName: file_name, kind }));
}

function refused(field: MediaFieldRefusal["field"], message: string): MediaFieldRefusal {
  return { ok: false, reason: "field", field, message };
}

/**
 * The stored files these hashes name, of one kind; a refusal names the first hash that is
 * malformed, repeated or not a stored file of that kind. Nothing is written.
 */
async function filesNamed(trx: Trx, hashes: string[], kind: "picture" | "document", field: MediaFieldRefusal["field"]) {
  const limit = kind === "picture" ? MAX_PICTURES_PER_PART : MAX_DOCUMENTS_PER_PART;
  if (hashes.length > limit) return refused(field, `A part may have at most ${limit} ${field}`);
  const malformed = hashes.find((hash) => !CONTENT_HASH.test(hash));
  if (malformed !== undefined)
    return refused(field, `“${malformed.slice(0, 70)}” is not a file's sha256 (64 hex digits)`);
  const repeated = hashes.find((hash, index) => hashes.indexOf(hash) !== index);
  if (repeated) return refused(field, `${repeated} is named twice`);
  const rows = hashes.length
    ? await trx.selectFrom("media").select(["id", "hash", "kind", "content_type"]).where("hash", "in", hashes).execute()
    : [];
  const byHash = new Map(rows.filter((row) => row.kind === kind).map((row) => [row.hash, row]));
  const unknown = hashes.find((hash) => !byHash.has(hash));
  if (unknown) return refused(field, `No ${kind} with the hash ${unknown} is stored: upload it on a part's page first`);
  return { ok: true as const, files: hashes.map((hash) => byHash.get(hash)!) };
}

/**
 * Rewrites a link table for one part to `wanted` (media ids in order, with their columns): links
 * kept are updated in place, new ones added, and the ones no longer wanted deleted last, so a file
 * that stays is never without a link (the triggers would remove it).
 */
async function rewriteLinks<Columns extends object>(
  trx: Trx,
  table: LinkTable,
  itemId: number,
  wanted: (Columns & { media_id: number })[],
) {
  const existing = await trx.selectFrom(table).select(["id", "media_id"]).where("item_id", "=", itemId).execute();
  const linkOfMedia = new Map(existing.map((link) => [link.media_id, link.id]));
  for (const [position, row] of wanted.entries()) {
    const id = linkOfMedia.get(row.media_id);
    const values = { ...row, position, item_id: itemId } as never;
    if (id === undefined) await trx.insertInto(table).values(values).execute();
    else await trx.updateTable(table).set(values).where("id", "=", id).execute();
  }
  const kept = new Set(wanted.map((row) => row.media_id));
  const gone = existing.filter((link) => !kept.has(link.media_id)).map((link) => link.id);
  if (gone.length) await trx.deleteFrom(table).where("id", "in", gone).execute();
}

export type ReplaceMediaResult = { ok: true } | typeof NOT_FOUND | MediaFieldRefusal;

/**
 * A part's pictures become exactly these stored pictures, in this order (the catalog import). A
 * hash that is not a stored picture refuses the whole list and writes nothing; files no part shows
 * any more are removed. Runs in the caller's transaction when given one.
 */
export function replaceItemPictures(
  itemId: number,
  pictures: PictureRef[],
  { executor = db }: DbOptions = {},
): Promise<ReplaceMediaResult> {
  return inTransaction(executor, async (trx): Promise<ReplaceMediaResult> => {
    if (!(await lockItem(trx, itemId))) return NOT_FOUND;
    const badAlt = pictures.find((picture) => picture.alt.length > MAX_ALT_LENGTH || !isPlainText(picture.alt));
    if (badAlt) {
      return refused(
        "pictures",
        `The alt text of ${badAlt.hash} must be plain text of at most ${MAX_ALT_LENGTH} characters`,
      );
    }
    const named = await filesNamed(
      trx,
      pictures.map((picture) => picture.hash),
      "picture",
      "pictures",
    );
    if (!named.ok) return named;
    const wanted = named.files.map((file, index) => ({ media_id: file.id, alt: pictures[index].alt }));
    await rewriteLinks(trx, "item_pictures", itemId, wanted);
    return { ok: true };
  });
}

/**
 * A part's documents become exactly these stored documents, in this order, under these names (each
 * cleaned as an upload's is) and kinds; refused and written as replaceItemPictures.
 */
export function replaceItemDocuments(
  itemId: number,
  documents: (Omit<DocumentRef, "kind"> & { kind?: DocumentKind })[],
  { executor = db }: DbOptions = {},
): Promise<ReplaceMediaResult> {
  return inTransaction(executor, async (trx): Promise<ReplaceMediaResult> => {
    if (!(await lockItem(trx, itemId))) return NOT_FOUND;
    const named = await filesNamed(
      trx,
      documents.map((document) => document.hash),
      "document",
      "documents",
    );
    if (!named.ok) return named;
    const wanted = named.files.map((file, index) => {
      const type = documentTypeOf(file.content_type)!;
      return {
        media_id: file.id,
        // Without a kind, a PDF is a datasheet and the rest CAD, as an upload is.
        kind: documents[index].kind ?? documentKindOf(type),
        file_name: documentFileName(documents[index].fileName, type),
      };
    });
    await rewriteLinks(trx, "item_documents", itemId, wanted);
    return { ok: true };
  });
}
