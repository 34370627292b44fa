// A part's links to its pictures and documents: removing one, a picture's alt text and place, and a
// copy of them all for a duplicated part.

import { db, type DbOptions, type Executor, inTransaction } from "~/db/db.server";

import { lockItem, NOT_FOUND, type Trx } from "./attach.server";

export type LinkTable = "item_pictures" | "item_documents";

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
