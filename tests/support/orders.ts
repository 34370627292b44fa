import { randomUUID } from "node:crypto";

import { db } from "~/db/db.server";
import { moveOrderStatus, shipReadyUnits } from "~/models/order";
import type { WantedLine } from "~/models/pricing.server";
import { placeOrder } from "~/services/checkout.server";

export const SHIPPING = { address: "1 Mill Road, Sheffield S1 2AB", phone: "+44 114 496 0000" };

/** Places an order straight through the checkout model, with a fresh token, as a page would. */
export function placeTestOrder(userId: number, lines: WantedLine[] | WantedLine, extra: { poNumber?: string } = {}) {
  return placeOrder({
    userId,
    lines: Array.isArray(lines) ? lines : [lines],
    ...SHIPPING,
    ...extra,
    token: randomUUID(),
  });
}

/** An order that must exist for the test to mean anything: its id. */
export async function placePending(userId: number, itemId: number, quantity: number) {
  const result = await placeTestOrder(userId, { itemId, quantity });
  if (!result.ok) throw new Error(`could not place the test order: ${result.reason}`);
  return result.orderId;
}

/** How tests' shipments travel, when the carrier is not what they are about. */
export const TEST_SHIPMENT = { userId: null, carrier: "dpd", trackingNumber: "15501234567890" } as const;

/** The same as staff type it in the Ship form (the number as printed on a label). */
export const SHIP_FIELDS = { carrier: "dpd", trackingNumber: "1550 1234 5678 90" };

/** Moves an order on as staff do: ships all that is ready, then (for "delivered") marks it delivered. */
export async function advanceOrder(orderId: number, to: "shipped" | "delivered") {
  const shipped = await shipReadyUnits(orderId, TEST_SHIPMENT);
  if (!shipped.ok && !(to === "delivered" && shipped.reason === "not-allowed")) {
    throw new Error(`could not ship order ${orderId}: ${shipped.reason}`);
  }
  if (to === "delivered") {
    const delivered = await moveOrderStatus(orderId, "delivered");
    if (!delivered.ok) throw new Error(`could not deliver order ${orderId}: ${delivered.reason}`);
  }
  return { ok: true as const };
}

export async function stockOf(itemId: number) {
  const row = await db.selectFrom("items").select("quantity").where("id", "=", itemId).executeTakeFirst();
  return row?.quantity;
}

/** The orders that have a line of this item, oldest first. */
export function ordersOfItem(itemId: number) {
  return db
    .selectFrom("orders")
    .selectAll("orders")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("order_lines")
          .select("order_lines.id")
          .whereRef("order_lines.order_id", "=", "orders.id")
          .where("order_lines.item_id", "=", itemId),
      ),
    )
    .orderBy("orders.id")
    .execute();
}

/** Units of this item in orders that are not cancelled. */
export async function unitsOrdered(itemId: number) {
  const row = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_lines.quantity"), eb.lit(0)).as("units"))
    .where("order_lines.item_id", "=", itemId)
    .where("orders.status", "!=", "cancelled")
    .executeTakeFirstOrThrow();
  return Number(row.units);
}

export function linesOf(orderId: number) {
  return db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("position").execute();
}

export function orderById(orderId: number) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}
