// References by hash, for the catalog file: read a list of parts' links, replace one part's.

import { db, type DbOptions, inTransaction } from "~/db/db.server";
import { CONTENT_HASH, documentFileName, type DocumentKind, documentKindOf, documentTypeOf } from "~/lib/media";
import { isPlainText } from "~/validation/common";
import { MAX_ALT_LENGTH, MAX_DOCUMENTS_PER_PART, MAX_PICTURES_PER_PART } from "~/validation/media";

import { lockItem, type MediaFieldRefusal, NOT_FOUND, refused, type Trx } from "./attach.server";
import type { LinkTable } from "./links.server";

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
