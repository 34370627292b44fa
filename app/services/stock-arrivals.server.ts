import { db, type DbOptions, inTransaction } from "~/db/db.server";
import { type CompletedLine, fillWaitingLines } from "~/models/backorders.server";
import { updateItem } from "~/models/item";
import { adjustStock, type AdjustStockResult } from "~/models/stock.server";

import { enqueueMailForOrders } from "./order-mail.server";

/** Tells each buyer whose order a stock arrival completed a line of: one message per order, written together. */
export async function notifyCompletedLines(completed: readonly CompletedLine[], { executor = db }: DbOptions = {}) {
  const orderIds = [...new Set(completed.map((line) => line.orderId))].sort((a, b) => a - b);
  await enqueueMailForOrders(orderIds, "backorder filled", { executor });
}

/**
 * What arrived fills waiting lines, oldest order first, and their buyers are told: in the caller's
 * transaction (an import brings stock of many parts in one).
 */
export async function fillBackorders(itemIds: readonly number[], { executor = db }: DbOptions = {}) {
  return inTransaction(executor, async (trx) => {
    const completed = await fillWaitingLines(trx, itemIds);
    await notifyCompletedLines(completed, { executor: trx });
    return completed;
  });
}

/**
 * A stock adjustment with its reason (staff's "+20 received"), and, when stock went up, the waiting
 * lines it fills: one transaction.
 */
export function adjustStockAndFill(
  itemId: number,
  change: { change: number; reason: string; userId: number | null },
): Promise<AdjustStockResult> {
  return db.transaction().execute(async (trx) => {
    const adjusted = await adjustStock(itemId, change, { executor: trx });
    if (adjusted.ok && change.change > 0) await fillBackorders([itemId], { executor: trx });
    return adjusted;
  });
}

/**
 * An edit of a part (the API's PUT /api/item/:id), and when it sets a stock figure, the waiting lines
 * the stock fills: one transaction.
 */
export function updateItemFillingBackorders(...[id, changes, options = {}]: Parameters<typeof updateItem>) {
  return updateItem(id, changes, {
    ...options,
    beforeCommit: options.stockFigure ? (trx) => fillBackorders([id], { executor: trx }).then(() => {}) : undefined,
  });
}
