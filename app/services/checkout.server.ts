import type { Transaction } from "kysely";

import type { Database } from "~/db/schema";
import { type CheckoutInput, type CheckoutResult, writeOrder } from "~/models/checkout.server";

import { askApprovers } from "./companies.server";
import { enqueueMailForOrder } from "./order-mail.server";

export type { CheckoutInput, CheckoutResult } from "~/models/checkout.server";

/**
 * Places an order: the order, its lines, the stock and the cart (decision 16), and its confirmation
 * mail (decision 17), in one transaction, or nothing. Every way of ordering comes here: checkout,
 * the one-part order page, the API, and an accepted quote (app/services/quotes.server.ts).
 */
export function placeOrder(
  input: CheckoutInput,
  {
    beforeCommit,
  }: {
    /** More of the change, in the order's transaction (a quote marks itself accepted); a throw undoes it all. */
    beforeCommit?: (trx: Transaction<Database>, orderId: number) => Promise<void>;
  } = {},
): Promise<CheckoutResult> {
  return writeOrder(input, {
    beforeCommit: async (trx, orderId) => {
      await beforeCommit?.(trx, orderId);
      await enqueueMailForOrder(orderId, "placed", { executor: trx });
      await askApprovers(trx, orderId);
    },
  });
}
