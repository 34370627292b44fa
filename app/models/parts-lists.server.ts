import type { ExpressionBuilder } from "kysely";

import { db, type DbOptions, isUniqueViolation, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { addLinesToCartNoting, cartLinesOf } from "~/models/cart";
import { customerPartNumbersOf } from "~/models/customer-part-numbers.server";
import { MAX_CART_LINES } from "~/validation/cart";
import { MAX_ORDER_QUANTITY } from "~/validation/order";
import { MAX_PARTS_LISTS } from "~/validation/parts-lists";

// Saved parts lists (issue 26, docs/decisions/0032-parts-lists.md): a buyer's named set of parts and
// quantities, made from the cart and put back into it in one press. Every function takes the owner:
// another buyer's list is answered exactly as one that does not exist. A company's members read each
// other's lists and put them into their own carts (issue 27); changing a list stays with its keeper.

/** The most lines a list holds: what a cart holds. */
export const MAX_LIST_LINES = MAX_CART_LINES;

/** A list's name as compared: two names differing only in case or outer spaces are the same list. */
export function listNameKey(name: string) {
  return name.trim().toLowerCase();
}

export type SaveList =
  | { ok: true; listId: number; lines: number }
  | { ok: false; reason: "empty" | "duplicate" | "too-many-lists" }
  | { ok: false; reason: "too-many-lines"; lines: number };

/** The buyer's cart, as it is, becomes a new named list; the cart stays as it was. One transaction. */
export async function saveCartAsList(userId: number, name: string): Promise<SaveList> {
  const nameKey = listNameKey(name);
  try {
    return await db.transaction().execute(async (trx): Promise<SaveList> => {
      const [lines, count, same] = await Promise.all([
        cartLinesOf(userId, { executor: trx }),
        trx
          .selectFrom("parts_lists")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow(),
        trx
          .selectFrom("parts_lists")
          .select("id")
          .where("user_id", "=", userId)
          .where("name_key", "=", nameKey)
          .executeTakeFirst(),
      ]);
      if (!lines.length) return { ok: false, reason: "empty" };
      if (lines.length > MAX_LIST_LINES) return { ok: false, reason: "too-many-lines", lines: lines.length };
      if (same) return { ok: false, reason: "duplicate" };
      if (Number(count.count) >= MAX_PARTS_LISTS) return { ok: false, reason: "too-many-lists" };
      const timestamp = now();
      const list = await trx
        .insertInto("parts_lists")
        .values({
          user_id: userId,
          name: name.trim(),
          name_key: nameKey,
          // Saved by a member, it is made for their company, as their orders and quotes are.
          company_id: trx.selectFrom("company_members").select("company_id").where("user_id", "=", userId),
          created_at: timestamp,
          updated_at: timestamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("parts_list_lines")
        .values(
          lines.map((line, position) => ({
            list_id: list.id,
            item_id: line.itemId,
            quantity: line.quantity,
            position,
          })),
        )
        .execute();
      return { ok: true, listId: list.id, lines: lines.length };
    });
  } catch (error) {
    // A twin request saved the same name at this moment.
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

export type ListSummary = { id: number; name: string; lineCount: number; updatedAt: string; keptBy: string };

/** Who reads lists: the buyer, and with `companyId` their colleagues' lists too. */
export type ListReader = { userId: number; companyId: number | null };

/** The most of colleagues' lists shown at once: a page, not the whole company's history. */
export const MAX_SHARED_LISTS = 200;

/**
 * The buyer's own lists, and with `companyId` the lists made for (or shared with) their company: a
 * colleague's private list, saved before they joined or kept to themselves, stays theirs.
 */
function readableLists({ userId, companyId }: ListReader) {
  return (eb: ExpressionBuilder<Database, "parts_lists">) =>
    companyId
      ? eb.or([eb("parts_lists.user_id", "=", userId), eb("parts_lists.company_id", "=", companyId)])
      : eb("parts_lists.user_id", "=", userId);
}

/**
 * The buyer's lists by name, with how many parts each holds (`mine`); with `companyId`, their
 * colleagues' lists as `shared`, by name, with who keeps each.
 */
export async function listsOf(
  reader: ListReader,
  { executor = db }: DbOptions = {},
): Promise<{ mine: ListSummary[]; shared: ListSummary[] }> {
  const summaries = (own: boolean) => {
    let query = executor
      .selectFrom("parts_lists")
      .innerJoin("users", "users.id", "parts_lists.user_id")
      .leftJoin("parts_list_lines", "parts_list_lines.list_id", "parts_lists.id")
      .select((eb) => [
        "parts_lists.id",
        "parts_lists.name",
        "parts_lists.name_key",
        "parts_lists.updated_at",
        "users.display_name",
        eb.fn.count<number>("parts_list_lines.item_id").as("lineCount"),
      ])
      .groupBy([
        "parts_lists.id",
        "parts_lists.name",
        "parts_lists.name_key",
        "parts_lists.updated_at",
        "users.display_name",
      ])
      .orderBy("parts_lists.name_key")
      .orderBy("parts_lists.id");
    query = own
      ? query.where("parts_lists.user_id", "=", reader.userId).limit(MAX_PARTS_LISTS)
      : query.where(readableLists(reader)).where("parts_lists.user_id", "!=", reader.userId).limit(MAX_SHARED_LISTS);
    return query.execute();
  };
  const [mine, shared] = await Promise.all([
    summaries(true),
    reader.companyId ? summaries(false) : Promise.resolve([]),
  ]);
  const summaryOf = (row: (typeof mine)[number]) => ({
    id: row.id,
    name: row.name,
    lineCount: Number(row.lineCount),
    updatedAt: row.updated_at,
    keptBy: row.display_name,
  });
  return { mine: mine.map(summaryOf), shared: shared.map(summaryOf) };
}

export type ListLine = {
  itemId: number;
  partNumber: string;
  name: string;
  quantity: number;
  minOrderQuantity: number;
  /** Taken off sale since the list was saved: it stays on the list but does not go into the cart. */
  offSale: boolean;
  customerPartNumber?: string;
};

export type ListDetail = {
  id: number;
  name: string;
  updatedAt: string;
  /** Whether the reader keeps it (and so may change it), and who does. */
  mine: boolean;
  /** Whether the reader's company reads it too (made for it, or shared with it). */
  shared: boolean;
  keptBy: string;
  lines: ListLine[];
};

/**
 * One of the buyer's lists (or with `companyId` a colleague's) with its lines in the order saved,
 * and the reader's own part numbers; undefined for a missing or anyone else's list.
 */
export async function getList(
  listId: number,
  reader: ListReader,
  { executor = db }: DbOptions = {},
): Promise<ListDetail | undefined> {
  const list = await executor
    .selectFrom("parts_lists")
    .innerJoin("users", "users.id", "parts_lists.user_id")
    .select([
      "parts_lists.id",
      "parts_lists.name",
      "parts_lists.updated_at",
      "parts_lists.user_id",
      "parts_lists.company_id",
      "users.display_name",
    ])
    .where("parts_lists.id", "=", listId)
    .where(readableLists(reader))
    .executeTakeFirst();
  if (!list) return undefined;
  const rows = await executor
    .selectFrom("parts_list_lines")
    .innerJoin("items", "items.id", "parts_list_lines.item_id")
    .select([
      "parts_list_lines.item_id",
      "parts_list_lines.quantity",
      "items.part_number",
      "items.name",
      "items.min_order_quantity",
      "items.hidden",
    ])
    .where("parts_list_lines.list_id", "=", listId)
    .orderBy("parts_list_lines.position")
    .orderBy("parts_list_lines.item_id")
    .limit(MAX_LIST_LINES)
    .execute();
  const numbers = await customerPartNumbersOf(
    reader.userId,
    rows.map((row) => row.item_id),
    { executor },
  );
  return {
    id: list.id,
    name: list.name,
    updatedAt: list.updated_at,
    mine: list.user_id === reader.userId,
    shared: list.company_id !== null,
    keptBy: list.display_name,
    lines: rows.map((row) => {
      const customerPartNumber = numbers.get(row.item_id);
      return {
        itemId: row.item_id,
        partNumber: row.part_number,
        name: row.name,
        quantity: row.quantity,
        minOrderQuantity: row.min_order_quantity,
        offSale: row.hidden !== 0,
        ...(customerPartNumber ? { customerPartNumber } : {}),
      };
    }),
  };
}

/** Whether the list is the buyer's: every change checks it first. */
async function ownsList(listId: number, ownerId: number, { executor = db }: DbOptions = {}) {
  const row = await executor
    .selectFrom("parts_lists")
    .select("id")
    .where("id", "=", listId)
    .where("user_id", "=", ownerId)
    .executeTakeFirst();
  return Boolean(row);
}

function touch(listId: number, { executor = db }: DbOptions = {}) {
  return executor.updateTable("parts_lists").set({ updated_at: now() }).where("id", "=", listId).execute();
}

export type ListChange =
  { ok: true } | { ok: false; reason: "not-found" | "duplicate" | "line-not-found" | "no-company" };

/**
 * The keeper shares a list with their company (every member reads it and may put it in their cart),
 * or keeps it to themselves again.
 */
export async function shareList(listId: number, ownerId: number, share: boolean): Promise<ListChange> {
  return db.transaction().execute(async (trx): Promise<ListChange> => {
    if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
    const membership = await trx
      .selectFrom("company_members")
      .select("company_id")
      .where("user_id", "=", ownerId)
      .executeTakeFirst();
    if (share && !membership) return { ok: false, reason: "no-company" };
    await trx
      .updateTable("parts_lists")
      .set({ company_id: share ? membership!.company_id : null, updated_at: now() })
      .where("id", "=", listId)
      .execute();
    return { ok: true };
  });
}

export async function renameList(listId: number, ownerId: number, name: string): Promise<ListChange> {
  const nameKey = listNameKey(name);
  try {
    return await db.transaction().execute(async (trx): Promise<ListChange> => {
      if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
      const same = await trx
        .selectFrom("parts_lists")
        .select("id")
        .where("user_id", "=", ownerId)
        .where("name_key", "=", nameKey)
        .where("id", "!=", listId)
        .executeTakeFirst();
      if (same) return { ok: false, reason: "duplicate" };
      await trx
        .updateTable("parts_lists")
        .set({ name: name.trim(), name_key: nameKey, updated_at: now() })
        .where("id", "=", listId)
        .execute();
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** Sets a line's quantity (1 to MAX_ORDER_QUANTITY). */
export function setListLine(listId: number, ownerId: number, itemId: number, quantity: number): Promise<ListChange> {
  return db.transaction().execute(async (trx): Promise<ListChange> => {
    if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
    const bounded = Math.min(Math.max(Math.trunc(quantity), 1), MAX_ORDER_QUANTITY);
    const result = await trx
      .updateTable("parts_list_lines")
      .set({ quantity: bounded })
      .where("list_id", "=", listId)
      .where("item_id", "=", itemId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { ok: false, reason: "line-not-found" };
    await touch(listId, { executor: trx });
    return { ok: true };
  });
}

export function removeListLine(listId: number, ownerId: number, itemId: number): Promise<ListChange> {
  return db.transaction().execute(async (trx): Promise<ListChange> => {
    if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
    await trx.deleteFrom("parts_list_lines").where("list_id", "=", listId).where("item_id", "=", itemId).execute();
    await touch(listId, { executor: trx });
    return { ok: true };
  });
}

/** Deletes the list and its lines; false when it was not the buyer's (or already gone). */
export async function deleteList(listId: number, ownerId: number) {
  const result = await db
    .deleteFrom("parts_lists")
    .where("id", "=", listId)
    .where("user_id", "=", ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type AddListToCart =
  | { ok: false; reason: "not-found" | "empty" }
  | {
      ok: true;
      /** Part numbers that went in, with the quantity added. */
      added: { partNumber: string; quantity: number }[];
      /** Part numbers the cart had no room for (it holds MAX_CART_LINES parts). */
      noRoom: string[];
      /** Part numbers taken off sale since the list was saved. */
      offSale: string[];
    };

/**
 * The list's lines (the buyer's own list or a colleague's) go into the buyer's cart, quantities
 * added to what is there (each at least the part's minimum, at most MAX_ORDER_QUANTITY); parts off
 * sale stay out, and so do parts past the cart's room. Stock is not a bound here, as in a quick
 * order: the cart shows a short line.
 */
export async function addListToCart(reader: ListReader, listId: number): Promise<AddListToCart> {
  const { userId } = reader;
  const list = await getList(listId, reader);
  if (!list) return { ok: false, reason: "not-found" };
  if (!list.lines.length) return { ok: false, reason: "empty" };
  const onSale = list.lines.filter((line) => !line.offSale);
  const wanted = onSale.map((line) => ({
    itemId: line.itemId,
    quantity: Math.min(Math.max(line.quantity, line.minOrderQuantity), MAX_ORDER_QUANTITY),
  }));
  const noRoom = wanted.length ? await addLinesToCartNoting(userId, wanted) : new Set<number>();
  return {
    ok: true,
    added: onSale
      .filter((line) => !noRoom.has(line.itemId))
      .map((line) => ({
        partNumber: line.partNumber,
        quantity: wanted.find((want) => want.itemId === line.itemId)!.quantity,
      })),
    noRoom: onSale.filter((line) => noRoom.has(line.itemId)).map((line) => line.partNumber),
    offSale: list.lines.filter((line) => line.offSale).map((line) => line.partNumber),
  };
}
