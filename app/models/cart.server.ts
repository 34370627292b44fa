import { sql } from "kysely";

import { db, type DbOptions, now, Rollback } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";
import { getOrderWithLines } from "~/models/order.server";
import { type Bill, priceLines, type WantedLine } from "~/models/pricing.server";
import type { QuickOrderLine } from "~/validation/cart";
import { MAX_ORDER_QUANTITY } from "~/validation/order";

export type CartChange =
  | { ok: true; quantity: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "below-minimum"; minimum: number; partNumber: string }
  | { ok: false; reason: "short"; available: number; partNumber: string }
  | { ok: false; reason: "too-many" };

/** The cart's lines in the order they were added, priced now. */
export async function getCart(userId: number, { executor = db }: DbOptions = {}): Promise<Bill> {
  const wanted = await cartLinesOf(userId, { executor });
  return (await priceLines(wanted, { executor })).bill;
}

export function cartLinesOf(userId: number, { executor = db }: DbOptions = {}): Promise<WantedLine[]> {
  return executor
    .selectFrom("cart_lines")
    .select(["item_id as itemId", "quantity"])
    .where("user_id", "=", userId)
    .orderBy("added_at")
    .orderBy("item_id")
    .execute();
}

/** The parts in a cart: the header shows how many lines it holds. */
export async function listCartItemIds(userId: number) {
  const rows = await db.selectFrom("cart_lines").select("item_id").where("user_id", "=", userId).execute();
  return rows.map((row) => row.item_id);
}

/**
 * Sets a line to `quantity`, or adds `quantity` to it (`mode: "add"`, Add to Cart on a part already
 * in the cart). A line must reach the part's minimum and fit its stock; the database checks the
 * stock again when the order is placed.
 */
export async function changeCartLine(
  userId: number,
  { itemId, quantity, mode }: WantedLine & { mode: "add" | "set" },
): Promise<CartChange> {
  try {
    return await db.transaction().execute(async (trx): Promise<CartChange> => {
      const item = await trx
        .selectFrom("items")
        .select(["quantity", "min_order_quantity", "part_number"])
        .where("id", "=", itemId)
        .where("hidden", "=", 0)
        .executeTakeFirst();
      if (!item) return { ok: false, reason: "not-found" };
      // One statement adds to the line, so two adds at once (two tabs) both count on PostgreSQL too;
      // the line as written is then checked, and a refusal rolls it back.
      const line = await trx
        .insertInto("cart_lines")
        .values({ user_id: userId, item_id: itemId, quantity, added_at: now() })
        .onConflict((oc) =>
          oc.columns(["user_id", "item_id"]).doUpdateSet((eb) => ({
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
      if (wanted > item.quantity) {
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

export async function removeCartLine(userId: number, itemId: number) {
  await db.deleteFrom("cart_lines").where("user_id", "=", userId).where("item_id", "=", itemId).execute();
}

/**
 * Adds several lines at once (a quick order, Order again), in one transaction: a part already in
 * the cart gets the quantity added. The caller has checked part numbers and minimums; stock is
 * shown on the cart and checked when the order is placed, so a short line still goes in.
 */
export function addLinesToCart(userId: number, lines: readonly WantedLine[]) {
  const merged = new Map<number, number>();
  for (const { itemId, quantity } of lines) merged.set(itemId, (merged.get(itemId) ?? 0) + quantity);
  return db.transaction().execute(async (trx) => {
    const timestamp = now();
    for (const [itemId, quantity] of merged) {
      await trx
        .insertInto("cart_lines")
        .values({
          user_id: userId,
          item_id: itemId,
          quantity: Math.min(quantity, MAX_ORDER_QUANTITY),
          added_at: timestamp,
        })
        .onConflict((oc) =>
          oc.columns(["user_id", "item_id"]).doUpdateSet({
            quantity: sql<number>`case when cart_lines.quantity + excluded.quantity > ${MAX_ORDER_QUANTITY}
              then ${MAX_ORDER_QUANTITY} else cart_lines.quantity + excluded.quantity end`,
          }),
        )
        .execute();
    }
    return merged.size;
  });
}

/**
 * The parts these part numbers name, by their search key: a number typed as "gw sg m1 20" finds
 * GW-SG-M1-20, as the catalog's search does.
 */
export async function itemsByPartNumber(partNumbers: readonly string[]) {
  const keys = [...new Set(partNumbers.map(partNumberKey))].filter(Boolean);
  const items = keys.length
    ? await db
        .selectFrom("items")
        .select(["id", "part_number", "part_number_key", "min_order_quantity"])
        .where("part_number_key", "in", keys)
        .where("hidden", "=", 0)
        .execute()
    : [];
  return new Map(items.map((item) => [item.part_number_key, item]));
}

export type QuickOrderOutcome = {
  added: { line: number; partNumber: string; quantity: number }[];
  rejected: { line: number; text: string; reason: string }[];
};

/**
 * Puts a pasted or uploaded list into the cart: every line whose part number is known and whose
 * quantity reaches the part's minimum goes in, in one transaction; the rest come back with why.
 */
export async function quickOrder(userId: number, lines: readonly QuickOrderLine[]): Promise<QuickOrderOutcome> {
  const byKey = await itemsByPartNumber(lines.flatMap((line) => ("partNumber" in line ? [line.partNumber] : [])));
  const outcome: QuickOrderOutcome = { added: [], rejected: [] };
  const toAdd: WantedLine[] = [];
  for (const line of lines) {
    if ("error" in line) {
      outcome.rejected.push({ line: line.line, text: line.text, reason: line.error });
      continue;
    }
    const item = byKey.get(partNumberKey(line.partNumber));
    if (!item) {
      outcome.rejected.push({ line: line.line, text: line.text, reason: `No part has the number ${line.partNumber}` });
    } else if (line.quantity < item.min_order_quantity) {
      outcome.rejected.push({
        line: line.line,
        text: line.text,
        reason: `${item.part_number} is sold in at least ${item.min_order_quantity}`,
      });
    } else {
      toAdd.push({ itemId: item.id, quantity: line.quantity });
      outcome.added.push({ line: line.line, partNumber: item.part_number, quantity: line.quantity });
    }
  }
  if (toAdd.length) await addLinesToCart(userId, toAdd);
  return outcome;
}

export type OrderAgainOutcome = {
  added: number;
  /** Parts whose unit price for this quantity is not what the order paid. */
  repriced: { partNumber: string; name: string; wasCents: number; nowCents: number }[];
  short: { partNumber: string; name: string; available: number }[];
  /** Parts deleted from the catalog since. */
  gone: { partNumber: string; name: string }[];
};

/** Order again: the order's lines go into the cart, with what changed since said plainly. */
export async function orderAgain(userId: number, orderId: number): Promise<OrderAgainOutcome | undefined> {
  const order = await getOrderWithLines(orderId, { ownerId: userId });
  if (!order) return undefined;
  const { lines } = order;
  const outcome: OrderAgainOutcome = { added: 0, repriced: [], short: [], gone: [] };
  const kept = lines.filter((line) => line.item_id !== null);
  const { bill, missing } = await priceLines(kept.map((line) => ({ itemId: line.item_id!, quantity: line.quantity })));
  for (const line of lines) {
    if (line.item_id === null || missing.includes(line.item_id)) {
      outcome.gone.push({ partNumber: line.part_number, name: line.item_name });
    }
  }
  const toAdd: WantedLine[] = [];
  for (const now of bill.lines) {
    const was = kept.find((line) => line.item_id === now.itemId)!;
    const quantity = Math.max(now.quantity, now.minOrderQuantity);
    toAdd.push({ itemId: now.itemId, quantity });
    if (now.unitPriceCents !== Number(was.unit_price_cents)) {
      outcome.repriced.push({
        partNumber: now.partNumber,
        name: now.name,
        wasCents: Number(was.unit_price_cents),
        nowCents: now.unitPriceCents,
      });
    }
    if (now.available < quantity)
      outcome.short.push({ partNumber: now.partNumber, name: now.name, available: now.available });
  }
  outcome.added = toAdd.length ? await addLinesToCart(userId, toAdd) : 0;
  return outcome;
}
