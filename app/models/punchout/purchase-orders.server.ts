import type { Transaction } from "kysely";

import { db, now } from "~/db/db.server";
import type { Database } from "~/db/schema";

export type TakenPurchaseOrder = { orderRef: string; payloadId: string; requestHash: string; orderId: number };

/** A purchase order already taken from this connection with this orderID or this payloadID. */
export async function takenPurchaseOrder(connectionId: number, orderRef: string, payloadId: string) {
  const row = await db
    .selectFrom("punchout_purchase_orders")
    .select(["order_ref", "payload_id", "request_hash", "order_id"])
    .where("connection_id", "=", connectionId)
    .where((eb) => eb.or([eb("order_ref", "=", orderRef), eb("payload_id", "=", payloadId)]))
    .orderBy("created_at")
    .executeTakeFirst();
  return row
    ? { orderRef: row.order_ref, payloadId: row.payload_id, requestHash: row.request_hash, orderId: row.order_id }
    : null;
}

/** Records a purchase order with its order, in the order's transaction (both unique per connection). */
export async function recordPurchaseOrder(trx: Transaction<Database>, connectionId: number, taken: TakenPurchaseOrder) {
  await trx
    .insertInto("punchout_purchase_orders")
    .values({
      connection_id: connectionId,
      order_ref: taken.orderRef,
      payload_id: taken.payloadId,
      request_hash: taken.requestHash,
      order_id: taken.orderId,
      created_at: now(),
    })
    .execute();
}
