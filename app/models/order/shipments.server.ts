// Shipping an order: what is ready leaves in a shipment with its carrier and tracking, and the order
// moves on by what it shipped. Reading shipments and packing slips is detail.server.ts's.

import { db, type DbOptions, inTransaction, now } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { type CarrierId } from "~/lib/carriers";
import { awaitsPayment } from "~/models/trade-terms.server";

import { ALLOWED_TRANSITIONS, lockOrderAt, setStatus } from "./lifecycle.server";

export type ShipResult =
  | { ok: true; shipmentId: number; status: "shipped" | "partly shipped" }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: OrderStatus }
  | { ok: false; reason: "nothing-ready" }
  /** A pro-forma order whose payment staff have not recorded yet. */
  | { ok: false; reason: "awaiting-payment" };

/** Who ships, with which carrier (app/lib/carriers.ts) and the number to follow it by. */
export type ShipmentDetails = { userId: number | null; carrier: CarrierId; trackingNumber: string | null };

/**
 * Ships what is ready: every unit allocated to the order and not yet shipped, as one shipment with
 * its lines. The order is shipped once nothing of it is left to ship, partly shipped until then.
 */
export function shipReadyUnits(
  orderId: number,
  { userId, carrier, trackingNumber, executor = db }: ShipmentDetails & DbOptions,
): Promise<ShipResult> {
  return inTransaction(executor, async (trx): Promise<ShipResult> => {
    const order = await trx
      .selectFrom("orders")
      .select(["status", "payment_method", "paid_at"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    const from = order.status;
    if (!ALLOWED_TRANSITIONS[from].includes("shipped")) return { ok: false, reason: "not-allowed", from };
    if (awaitsPayment(order)) return { ok: false, reason: "awaiting-payment" };
    // Taken first, so a second Ship of the same order waits here and then finds nothing ready.
    if (!(await lockOrderAt(trx, orderId, from))) return { ok: false, reason: "not-allowed", from };
    const lines = await trx
      .selectFrom("order_lines")
      .select(["id", "allocated", "waiting", "shipped"])
      .where("order_id", "=", orderId)
      .execute();
    const ready = lines.filter((line) => line.allocated > line.shipped);
    if (!ready.length) return { ok: false, reason: "nothing-ready" };
    const shipment = await trx
      .insertInto("shipments")
      .values({ order_id: orderId, user_id: userId, carrier, tracking_number: trackingNumber, created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("shipment_lines")
      .values(
        ready.map((line) => ({
          shipment_id: shipment.id,
          order_line_id: line.id,
          quantity: line.allocated - line.shipped,
        })),
      )
      .execute();
    for (const line of ready) {
      await trx.updateTable("order_lines").set({ shipped: line.allocated }).where("id", "=", line.id).execute();
    }
    // Every allocated unit has now left: the order is whole once nothing waits (cancelled units never will).
    const allShipped = lines.every((line) => line.waiting === 0);
    const to = allShipped ? ("shipped" as const) : ("partly shipped" as const);
    if (to !== from) await setStatus(trx, orderId, from, to);
    return { ok: true, shipmentId: shipment.id, status: to };
  });
}
