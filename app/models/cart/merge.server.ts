// A visitor's cart meets the account they sign in to: its lines are added to the account's cart.

import { db, now } from "~/db/db.server";
import type { CartMerge } from "~/lib/cart-merge";
import { holdPartsInIdOrder } from "~/models/part-locks.server";
import { MAX_ORDER_QUANTITY } from "~/validation/order";

import { cartForWriting, guestCartHashOf } from "./carts.server";
import { partsWithoutRoom } from "./lines.server";

/**
 * Moves a visitor's cart into the account's, in one transaction, and deletes the visitor's cart:
 * quantities are added, each line kept at least at its part's minimum and at most
 * MAX_ORDER_QUANTITY; parts taken off sale are left out, and parts past MAX_CART_LINES do not fit.
 * Stock is not a bound here, as in a quick order: the cart shows a short line. Null when the token
 * names no live cart: already merged (a second sign-in, or a twin request, adds nothing), expired
 * (then deleted), or never made.
 */
export async function mergeGuestCart(guestToken: string, userId: number): Promise<CartMerge | null> {
  const tokenHash = guestCartHashOf(guestToken);
  return db.transaction().execute(async (trx) => {
    const timestamp = now();
    const guest = await trx
      .selectFrom("carts")
      .select(["id", "expires_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!guest) return null;
    // Taking the lines out is what claims them: on PostgreSQL a twin sign-in waits here for this
    // transaction and then finds none.
    const taken = await trx
      .deleteFrom("cart_lines")
      .where("cart_id", "=", guest.id)
      .returning(["item_id", "quantity", "added_at"])
      .execute();
    await trx.deleteFrom("carts").where("id", "=", guest.id).execute();
    if (guest.expires_at! <= timestamp) return null;
    const merge: CartMerge = { added: [], noLongerSold: [], noRoom: [] };
    if (!taken.length) return merge;

    taken.sort((a, b) => a.added_at.localeCompare(b.added_at) || a.item_id - b.item_id);
    const itemIds = taken.map((line) => line.item_id);
    const accountCartId = (await cartForWriting(trx, userId, { create: true }))!;
    await holdPartsInIdOrder(trx, itemIds);
    const [items, held] = await Promise.all([
      trx
        .selectFrom("items")
        .select(["id", "part_number", "min_order_quantity", "hidden"])
        .where("id", "in", itemIds)
        .execute(),
      trx
        .selectFrom("cart_lines")
        .select(["item_id", "quantity"])
        .where("cart_id", "=", accountCartId)
        .where("item_id", "in", itemIds)
        .execute(),
    ]);
    const itemById = new Map(items.map((item) => [item.id, item]));
    const had = new Map(held.map((line) => [line.item_id, line.quantity]));
    const onSale = taken.filter((line) => itemById.get(line.item_id)?.hidden === 0);
    const noRoom = await partsWithoutRoom(
      trx,
      accountCartId,
      onSale.map((line) => line.item_id),
    );
    for (const line of taken) {
      const item = itemById.get(line.item_id);
      // A deleted part's lines went with it; a hidden one is off sale.
      if (!item || item.hidden !== 0) {
        if (item) merge.noLongerSold.push(item.part_number);
        continue;
      }
      if (noRoom.has(item.id)) {
        merge.noRoom.push(item.part_number);
        continue;
      }
      const before = had.get(item.id) ?? 0;
      const sum = before + line.quantity;
      const total = Math.min(Math.max(sum, item.min_order_quantity), MAX_ORDER_QUANTITY);
      await trx
        .insertInto("cart_lines")
        .values({ cart_id: accountCartId, item_id: item.id, quantity: total, added_at: line.added_at })
        .onConflict((oc) => oc.columns(["cart_id", "item_id"]).doUpdateSet({ quantity: total }))
        .execute();
      merge.added.push({
        partNumber: item.part_number,
        quantity: line.quantity,
        had: before,
        total,
        ...(total !== sum ? { adjusted: { to: total > sum ? "minimum" : "most", quantity: total } } : {}),
      });
    }
    return merge;
  });
}
