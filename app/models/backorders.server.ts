// Stock as orders take it and arrivals give it back (issue 26). A line takes what stock there is
// (allocated) and, for a part that takes backorders, waits for the rest (waiting): allocated +
// waiting = ordered while the order is open, stock never below zero. Stock that arrives fills the
// waiting lines of unshipped orders, oldest order first, in the transaction that brought it; so
// while any line waits for a part, the part has no stock.
//
// Locks: a part's row first (PostgreSQL: FOR UPDATE), then its lines. An order's cancellation takes
// its order row, then each part's row, then reads its lines: a fill holding a part never waits on
// a cancellation that has not yet reached that part, so neither waits on the other in a circle.
import type { Transaction } from "kysely";

import { dispatchSettings } from "~/config/env.server";
import { db, type DbOptions, isPostgres } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { addWorkingDays, dispatchClock } from "~/lib/dispatch";
import { UNSHIPPED_ORDER_STATUSES } from "~/lib/statuses";

type Trx = Transaction<Database>;

/** A part's stock and backorder setting, its row locked until the transaction ends. */
async function lockPart(trx: Trx, itemId: number) {
  let query = trx
    .selectFrom("items")
    .select(["quantity", "allow_backorder", "lead_time_days"])
    .where("id", "=", itemId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export type Allocation =
  { ok: true; allocated: number; waiting: number; backorderDue: string | null } | { ok: false; available: number };

/**
 * Takes `quantity` of a part for a new order line: all of it from stock when there is enough,
 * else what there is, and the rest waiting (promised to leave after the part's lead time, in
 * working days from today) when the part takes backorders; refused (`ok: false`) when it does not.
 */
export async function allocateStock(trx: Trx, itemId: number, quantity: number): Promise<Allocation> {
  const part = await lockPart(trx, itemId);
  if (!part) return { ok: false, available: 0 };
  const allocated = Math.min(quantity, part.quantity);
  const waiting = quantity - allocated;
  if (waiting > 0 && part.allow_backorder !== 1) return { ok: false, available: part.quantity };
  if (allocated > 0) {
    await trx
      .updateTable("items")
      .set((eb) => ({ quantity: eb("quantity", "-", allocated), version: eb("version", "+", 1) }))
      .where("id", "=", itemId)
      .execute();
  }
  const backorderDue =
    waiting > 0 ? addWorkingDays(dispatchClock(new Date(), dispatchSettings()).today, part.lead_time_days) : null;
  return { ok: true, allocated, waiting, backorderDue };
}

/** An order line an arrival completed: nothing of it waits any more. */
export type CompletedLine = { orderId: number; orderLineId: number; itemId: number };

/**
 * Fills the waiting lines of these parts from their stock, oldest order first, and returns the
 * lines that are now complete (their buyers are told). Called in the transaction that raised the
 * stock: an adjustment, an import, a cancellation giving units back.
 */
export async function fillWaitingLines(trx: Trx, itemIds: readonly number[]): Promise<CompletedLine[]> {
  const completed: CompletedLine[] = [];
  for (const itemId of [...new Set(itemIds)].sort((a, b) => a - b)) {
    const part = await lockPart(trx, itemId);
    if (!part || part.quantity <= 0) continue;
    const lines = await trx
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select(["order_lines.id", "order_lines.order_id", "order_lines.waiting"])
      .where("order_lines.item_id", "=", itemId)
      .where("order_lines.waiting", ">", 0)
      .where("orders.status", "in", UNSHIPPED_ORDER_STATUSES)
      .orderBy("order_lines.order_id")
      .orderBy("order_lines.id")
      .execute();
    let stock = part.quantity;
    for (const line of lines) {
      if (stock === 0) break;
      const take = Math.min(line.waiting, stock);
      stock -= take;
      await trx
        .updateTable("order_lines")
        .set((eb) => ({ allocated: eb("allocated", "+", take), waiting: eb("waiting", "-", take) }))
        .where("id", "=", line.id)
        .execute();
      if (take === line.waiting) completed.push({ orderId: line.order_id, orderLineId: line.id, itemId });
    }
    if (stock !== part.quantity) {
      await trx
        .updateTable("items")
        .set((eb) => ({ quantity: stock, version: eb("version", "+", 1) }))
        .where("id", "=", itemId)
        .execute();
    }
  }
  return completed;
}

/**
 * An order's unshipped units given up (its cancellation): what was allocated and not shipped goes
 * back to stock, what waited waits no more. Returns the parts that got units back, for the caller
 * to fill other orders' waiting lines from.
 */
export async function releaseOrderStock(trx: Trx, orderId: number): Promise<number[]> {
  const parts = await trx
    .selectFrom("order_lines")
    .select("item_id")
    .distinct()
    .where("order_id", "=", orderId)
    .where("item_id", "is not", null)
    .execute();
  const restocked: number[] = [];
  for (const itemId of parts.map((part) => part.item_id!).sort((a, b) => a - b)) {
    await lockPart(trx, itemId);
    // Read once the part is locked: a fill that held it may have just allocated to these lines.
    const lines = await trx
      .selectFrom("order_lines")
      .select(["allocated", "shipped"])
      .where("order_id", "=", orderId)
      .where("item_id", "=", itemId)
      .execute();
    const back = lines.reduce((sum, line) => sum + line.allocated - line.shipped, 0);
    await trx
      .updateTable("order_lines")
      .set((eb) => ({ allocated: eb.ref("shipped"), waiting: 0, cancelled: eb("quantity", "-", eb.ref("shipped")) }))
      .where("order_id", "=", orderId)
      .where("item_id", "=", itemId)
      .execute();
    if (back > 0) {
      await trx
        .updateTable("items")
        .set((eb) => ({ quantity: eb("quantity", "+", back), version: eb("version", "+", 1) }))
        .where("id", "=", itemId)
        .execute();
      restocked.push(itemId);
    }
  }
  return restocked;
}

/**
 * One line's unshipped units given up (the line cancelled on its own): what was allocated and not
 * shipped goes back to its part's stock, what waited waits no more, and the line is charged for what
 * shipped. The part is locked before the line is read, as a fill locks it before it allocates.
 * Returns how many units the line gave up (0 when nothing of it was left to give up).
 */
export async function releaseLineStock(trx: Trx, lineId: number): Promise<{ givenUp: number; itemId: number | null }> {
  const found = await trx.selectFrom("order_lines").select("item_id").where("id", "=", lineId).executeTakeFirst();
  if (!found) return { givenUp: 0, itemId: null };
  if (found.item_id !== null) await lockPart(trx, found.item_id);
  const line = await trx
    .selectFrom("order_lines")
    .select(["quantity", "allocated", "waiting", "shipped", "unit_price_cents"])
    .where("id", "=", lineId)
    .executeTakeFirstOrThrow();
  const back = line.allocated - line.shipped;
  const givenUp = back + line.waiting;
  if (givenUp === 0) return { givenUp, itemId: found.item_id };
  await trx
    .updateTable("order_lines")
    .set({
      allocated: line.shipped,
      waiting: 0,
      cancelled: line.quantity - line.shipped,
      line_total_cents: Number(line.unit_price_cents) * line.shipped,
    })
    .where("id", "=", lineId)
    .execute();
  if (back > 0 && found.item_id !== null) {
    await trx
      .updateTable("items")
      .set((eb) => ({ quantity: eb("quantity", "+", back), version: eb("version", "+", 1) }))
      .where("id", "=", found.item_id)
      .execute();
  }
  return { givenUp, itemId: back > 0 ? found.item_id : null };
}

/** The parts' waiting lines: how much is owed to whom (staff's view of a part's backorders). */
export function waitingLinesOf(itemId: number, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.id as order_id",
      "orders.created_at",
      "users.email as customer_email",
      "users.display_name as customer_name",
      "order_lines.quantity",
      "order_lines.allocated",
      "order_lines.waiting",
      "order_lines.backorder_due",
    ])
    .where("order_lines.item_id", "=", itemId)
    .where("order_lines.waiting", ">", 0)
    .where("orders.status", "in", UNSHIPPED_ORDER_STATUSES)
    .orderBy("orders.id")
    .limit(200)
    .execute();
}
