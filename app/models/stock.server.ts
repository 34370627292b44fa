import { db, type DbOptions, inTransaction, now } from "~/db/db.server";

/** The reason recorded for the stock a part is added with. */
export const OPENING_STOCK_REASON = "Opening stock";

/** A stock change made by hand: how many units, what stock was after it, who made it and why. */
type StockMovement = { itemId: number; userId: number | null; change: number; quantityAfter: number; reason: string };

/** Writes one line of the stock ledger, inside the transaction that moved the stock. */
export async function recordStockMovement(movement: StockMovement, { executor = db }: DbOptions = {}) {
  await executor
    .insertInto("stock_movements")
    .values({
      item_id: movement.itemId,
      user_id: movement.userId,
      change: movement.change,
      quantity_after: movement.quantityAfter,
      reason: movement.reason,
      created_at: now(),
    })
    .execute();
}

export type AdjustStockResult =
  | { ok: true; quantity: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "below-zero"; available: number };

/**
 * Adds or removes units ("+20 received", "-3 damaged") relative to whatever is in stock now, so it
 * needs no version: it composes with orders placed meanwhile. Recorded with who, when and why, in
 * the caller's transaction when given one (a catalog import).
 */
export function adjustStock(
  id: number,
  { change, reason, userId }: { change: number; reason: string; userId: number | null },
  { executor = db }: DbOptions = {},
): Promise<AdjustStockResult> {
  return inTransaction(executor, async (trx): Promise<AdjustStockResult> => {
    const item = await trx
      .updateTable("items")
      .set((eb) => ({ quantity: eb("quantity", "+", change), version: eb("version", "+", 1) }))
      .where("id", "=", id)
      .where("quantity", ">=", -change)
      .returning("quantity")
      .executeTakeFirst();
    if (!item) {
      const current = await trx.selectFrom("items").select("quantity").where("id", "=", id).executeTakeFirst();
      return current
        ? { ok: false, reason: "below-zero", available: current.quantity }
        : { ok: false, reason: "not-found" };
    }
    await recordStockMovement({ itemId: id, userId, change, quantityAfter: item.quantity, reason }, { executor: trx });
    return { ok: true, quantity: item.quantity };
  });
}

/** The latest hand-made stock changes of an item, newest first, with who made them. */
export function listStockMovements(itemId: number, limit = 20) {
  return db
    .selectFrom("stock_movements")
    .leftJoin("users", "users.id", "stock_movements.user_id")
    .select([
      "stock_movements.id",
      "stock_movements.change",
      "stock_movements.quantity_after",
      "stock_movements.reason",
      "stock_movements.created_at",
      "users.email as user_email",
    ])
    .where("stock_movements.item_id", "=", itemId)
    .orderBy("stock_movements.id", "desc")
    .limit(limit)
    .execute();
}
