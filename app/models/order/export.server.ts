// The orders export: one CSV row per order line, in batches, narrowed as the staff list is.

import { db, type DbOptions } from "~/db/db.server";
import { csvAmount } from "~/lib/csv";

import { linesOfOrders, orderColumns } from "./detail.server";
import { filteredOrders, type OrderFilter } from "./lists.server";

/** The columns of an orders export: one row per order line, with its order's header and totals. */
export const ORDER_CSV_COLUMNS = [
  "order",
  "placed_at",
  "status",
  "customer",
  "email",
  "company",
  "po_number",
  "part_number",
  "item_name",
  "quantity",
  "shipped",
  "cancelled",
  "unit_price",
  "line_total",
  "order_goods",
  "order_shipping",
  "order_tax",
  "order_total",
  // The price list the line's unit price was agreed in; blank at list price.
  "price_list",
] as const;

/**
 * Every order a filter keeps, newest first, as CSV rows a batch of orders at a time (keyset on the
 * order id, so each batch is one indexed range however deep the export has gone).
 */
export async function* orderCsvBatches(
  filter: OrderFilter,
  { executor = db, batch = 500 }: DbOptions & { batch?: number } = {},
): AsyncGenerator<(string | number | null)[][], void, undefined> {
  let before: number | undefined;
  for (;;) {
    let next = filteredOrders(executor, filter).select([
      ...orderColumns,
      "users.display_name",
      "users.email",
      "users.company",
    ]);
    if (before !== undefined) next = next.where("orders.id", "<", before);
    const orders = await next.orderBy("orders.id", "desc").limit(batch).execute();
    if (!orders.length) return;
    before = orders.at(-1)!.id;
    const lines = await linesOfOrders(
      orders.map((order) => order.id),
      { executor },
    );
    yield orders.flatMap((order) =>
      (lines.get(order.id) ?? []).map((line) => [
        order.id,
        order.created_at,
        order.status,
        order.display_name,
        order.email,
        order.company,
        order.po_number,
        line.part_number,
        line.item_name,
        line.quantity,
        line.shipped,
        line.cancelled,
        csvAmount(Number(line.unit_price_cents)),
        csvAmount(Number(line.line_total_cents)),
        csvAmount(Number(order.subtotal_cents)),
        csvAmount(Number(order.shipping_cents)),
        csvAmount(Number(order.tax_cents)),
        csvAmount(Number(order.total_cents)),
        line.price_list_name ?? "",
      ]),
    );
  }
}
