// Between a cart and its lists: a list saved from the cart, and a list put back into the cart in one
// press (a colleague's too, for a company's members).

import { db, isUniqueViolation, now } from "~/db/db.server";
import { addLinesToCartNoting, cartLinesOf } from "~/models/cart";
import { holdPartsInIdOrder } from "~/models/part-locks.server";
import { MAX_ORDER_QUANTITY } from "~/validation/order";
import { MAX_PARTS_LISTS } from "~/validation/parts-lists";

import { getList, listNameKey, type ListReader, MAX_LIST_LINES } from "./reading.server";

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
      await holdPartsInIdOrder(
        trx,
        lines.map((line) => line.itemId),
      );
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
