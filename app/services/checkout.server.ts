import { type CheckoutInput, type CheckoutResult, writeOrder } from "~/models/checkout.server";

import { enqueueMailForOrder } from "./order-mail.server";

export type { CheckoutInput, CheckoutResult } from "~/models/checkout.server";

/**
 * Places an order: the order, its lines, the stock and the cart (decision 16), and its confirmation
 * mail (decision 17), in one transaction, or nothing. Every way of ordering comes here: checkout,
 * the one-part order page, the API.
 */
export function placeOrder(input: CheckoutInput): Promise<CheckoutResult> {
  return writeOrder(input, {
    beforeCommit: (trx, orderId) => enqueueMailForOrder(orderId, "placed", { executor: trx }),
  });
}
