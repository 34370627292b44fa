// Returns: shipped units that came back, restocked or not, and which lines staff may record one of.
import { type Transaction } from "kysely";

import type { Database } from "~/db/schema";

import type { OrderDetail } from "./detail.server";

export type RecordReturnResult =
  | { ok: true; itemId: number | null }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "too-many"; returnable: number };

/**
 * Records `quantity` units of a shipped line as come back, inside the caller's transaction. One
 * conditional update: two returns of the same units at once never take back more than shipped.
 */
export async function recordReturn(
  trx: Transaction<Database>,
  { orderId, lineId, quantity }: { orderId: number; lineId: number; quantity: number },
): Promise<RecordReturnResult> {
  const updated = await trx
    .updateTable("order_lines")
    .set((eb) => ({ returned: eb("returned", "+", quantity) }))
    .where("id", "=", lineId)
    .where("order_id", "=", orderId)
    .where((eb) => eb(eb("shipped", "-", eb.ref("returned")), ">=", quantity))
    .returning("item_id")
    .executeTakeFirst();
  if (updated) return { ok: true, itemId: updated.item_id };
  const line = await trx
    .selectFrom("order_lines")
    .select(["shipped", "returned"])
    .where("id", "=", lineId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return line
    ? { ok: false, reason: "too-many", returnable: line.shipped - line.returned }
    : { ok: false, reason: "not-found" };
}

export type ReturnableLine = { id: number; partNumber: string; name: string; returnable: number };

/** The lines of an order staff may record a return of: shipped units not yet back. */
export function returnableLines(order: { lines: OrderDetail["lines"] }): ReturnableLine[] {
  return order.lines
    .filter((line) => line.shipped > line.returned)
    .map((line) => ({
      id: line.id,
      partNumber: line.part_number,
      name: line.item_name,
      returnable: line.shipped - line.returned,
    }));
}
