import { db } from "~/db/db.server";
import type { OrderStatus } from "~/lib/statuses";
import { type ChangeStatusResult, moveOrderStatus } from "~/models/order.server";

import { enqueueMailForOrder } from "./order-mail.server";

/**
 * Moves an order along its lifecycle and, in the same transaction, writes the mail that tells the
 * customer (shipped, delivered, cancelled). `ownerId` limits the change to that customer's orders.
 */
export function changeOrderStatus(
  orderId: number,
  to: OrderStatus,
  { ownerId }: { ownerId?: number } = {},
): Promise<ChangeStatusResult> {
  return db.transaction().execute(async (trx) => {
    const result = await moveOrderStatus(orderId, to, { ownerId, executor: trx });
    if (result.ok && to !== "pending") await enqueueMailForOrder(orderId, to, { executor: trx });
    return result;
  });
}
