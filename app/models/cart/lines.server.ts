// Changing a cart's lines: a quantity set or a line removed, lines added at once (a parts list, a quote,
// the quick order), and the lines an order took away. Every change keeps MAX_CART_LINES and stock.

import { sql } from "kysely";

import { db, type DbOptions, now, Rollback } from "~/db/db.server";
import { holdPartsInIdOrder } from "~/models/part-locks.server";
import { type WantedLine } from "~/models/pricing.server";
import { MAX_CART_LINES } from "~/validation/cart";
import { MAX_ORDER_QUANTITY } from "~/validation/order";

import { cartForWriting, type CartOwner, type Trx } from "./carts.server";

export type CartChange =
  | { ok: true; quantity: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "below-minimum"; minimum: number; partNumber: string }
  | { ok: false; reason: "short"; available: number; partNumber: string }
  | { ok: false; reason: "too-many" }
  | { ok: false; reason: "cart-full" };

/** Of these parts, the ones there is no room for in the cart: parts not in it, past MAX_CART_LINES. */
export async function partsWithoutRoom(trx: Trx, cartId: number, itemIds: readonly number[]) {
  const present = await trx.selectFrom("cart_lines").select("item_id").where("cart_id", "=", cartId).execute();
  const inCart = new Set(present.map((row) => row.item_id));
  let room = MAX_CART_LINES - inCart.size;
  const without = new Set<number>();
  for (const itemId of itemIds) {
    if (inCart.has(itemId)) continue;
    if (room > 0) room -= 1;
    else without.add(itemId);
  }
  return without;
}

/**
 * Sets a line to `quantity`, or adds `quantity` to it (`mode: "add"`, Add to Cart on a part already
 * in the cart). A line must reach the part's minimum, and fit its stock unless the part takes
 * backorders; the database checks the stock again when the order is placed. A visitor's first line
 * makes their cart.
 */
export async function changeCartLine(
  owner: CartOwner,
  { itemId, quantity, mode }: WantedLine & { mode: "add" | "set" },
): Promise<CartChange> {
  try {
    return await db.transaction().execute(async (trx): Promise<CartChange> => {
      const item = await trx
        .selectFrom("items")
        .select(["quantity", "min_order_quantity", "part_number", "allow_backorder"])
        .where("id", "=", itemId)
        .where("hidden", "=", 0)
        .executeTakeFirst();
      if (!item) return { ok: false, reason: "not-found" };
      const cartId = (await cartForWriting(trx, owner, { create: true }))!;
      if ((await partsWithoutRoom(trx, cartId, [itemId])).size) {
        throw new Rollback<CartChange>({ ok: false, reason: "cart-full" });
      }
      // One statement adds to the line, so two adds at once (two tabs) both count on PostgreSQL too;
      // the line as written is then checked, and a refusal rolls it back.
      const line = await trx
        .insertInto("cart_lines")
        .values({ cart_id: cartId, item_id: itemId, quantity, added_at: now() })
        .onConflict((oc) =>
          oc.columns(["cart_id", "item_id"]).doUpdateSet((eb) => ({
            quantity:
              mode === "add"
                ? eb("cart_lines.quantity", "+", eb.ref("excluded.quantity"))
                : eb.ref("excluded.quantity"),
          })),
        )
        .returning("quantity")
        .executeTakeFirstOrThrow();
      const wanted = line.quantity;
      if (wanted > MAX_ORDER_QUANTITY) throw new Rollback<CartChange>({ ok: false, reason: "too-many" });
      if (wanted < item.min_order_quantity) {
        throw new Rollback<CartChange>({
          ok: false,
          reason: "below-minimum",
          minimum: item.min_order_quantity,
          partNumber: item.part_number,
        });
      }
      if (wanted > item.quantity && item.allow_backorder !== 1) {
        throw new Rollback<CartChange>({
          ok: false,
          reason: "short",
          available: item.quantity,
          partNumber: item.part_number,
        });
      }
      return { ok: true, quantity: wanted };
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as CartChange;
    throw error;
  }
}

/** Takes a part out of the cart; returns whether the owner has a cart (a visitor's lives on from now). */
export function removeCartLine(owner: CartOwner, itemId: number) {
  return db.transaction().execute(async (trx) => {
    const cartId = await cartForWriting(trx, owner, { create: false });
    if (cartId === null) return false;
    await trx.deleteFrom("cart_lines").where("cart_id", "=", cartId).where("item_id", "=", itemId).execute();
    return true;
  });
}

/** Checkout: the ordered parts leave the customer's cart, inside the order's transaction. */
export async function removeOrderedLines(userId: number, itemIds: readonly number[], { executor = db }: DbOptions) {
  if (!itemIds.length) return;
  await executor
    .deleteFrom("cart_lines")
    .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("user_id", "=", userId))
    .where("item_id", "in", itemIds)
    .execute();
}

/**
 * Adds lines into a cart in one statement each: a part already in the cart gets the quantity added,
 * up to MAX_ORDER_QUANTITY. Parts there is no room for are left out and returned.
 */
async function putLines(trx: Trx, cartId: number, wanted: ReadonlyMap<number, number>) {
  await holdPartsInIdOrder(trx, wanted.keys());
  const noRoom = await partsWithoutRoom(trx, cartId, [...wanted.keys()]);
  const timestamp = now();
  for (const [itemId, quantity] of wanted) {
    if (noRoom.has(itemId)) continue;
    await trx
      .insertInto("cart_lines")
      .values({
        cart_id: cartId,
        item_id: itemId,
        quantity: Math.min(quantity, MAX_ORDER_QUANTITY),
        added_at: timestamp,
      })
      .onConflict((oc) =>
        oc.columns(["cart_id", "item_id"]).doUpdateSet({
          quantity: sql<number>`case when cart_lines.quantity + excluded.quantity > ${MAX_ORDER_QUANTITY}
            then ${MAX_ORDER_QUANTITY} else cart_lines.quantity + excluded.quantity end`,
        }),
      )
      .execute();
  }
  return noRoom;
}

export function summed(lines: readonly WantedLine[]) {
  const merged = new Map<number, number>();
  for (const { itemId, quantity } of lines) merged.set(itemId, (merged.get(itemId) ?? 0) + quantity);
  return merged;
}

/**
 * Adds several lines at once (a quick order, Order again), in one transaction: a part already in
 * the cart gets the quantity added. The caller has checked part numbers and minimums; stock is
 * shown on the cart and checked when the order is placed, so a short line still goes in. Returns
 * how many parts went in (a full cart takes no new ones).
 */
export async function addLinesToCart(owner: CartOwner, lines: readonly WantedLine[]) {
  const merged = summed(lines);
  return merged.size - (await putInCart(owner, merged)).size;
}

/**
 * As addLinesToCart, but returns the parts there was no room for (a saved parts list says which).
 */
export function addLinesToCartNoting(owner: CartOwner, lines: readonly WantedLine[]) {
  return putInCart(owner, summed(lines));
}

/** Puts the lines in the owner's cart (made if need be) and returns the parts there was no room for. */
export function putInCart(owner: CartOwner, wanted: ReadonlyMap<number, number>) {
  if (!wanted.size) return Promise.resolve(new Set<number>());
  return db.transaction().execute(async (trx) => {
    const cartId = (await cartForWriting(trx, owner, { create: true }))!;
    return putLines(trx, cartId, wanted);
  });
}
