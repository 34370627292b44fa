import type { Kysely, Transaction } from "kysely";

import type { Database } from "~/db/schema";
import { orderNotifyEmail, storePricingRules } from "~/utils/env.server";

import { newOrderNotice, type OrderForMail, orderPlacedMessage, orderStatusMessage } from "./messages.server";
import { enqueueMessage } from "./outbox.server";

type Executor = Kysely<Database> | Transaction<Database>;

async function orderForMail(executor: Executor, orderId: number) {
  const order = await executor
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.id",
      "orders.po_number",
      "orders.address",
      "orders.phone",
      "orders.subtotal_cents",
      "orders.shipping_cents",
      "orders.tax_cents",
      "orders.total_cents",
      "users.email",
      "users.display_name",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirstOrThrow();
  const lines = await executor
    .selectFrom("order_lines")
    .select(["part_number", "item_name", "quantity", "unit_price_cents", "line_total_cents"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  const mail: OrderForMail = {
    id: order.id,
    poNumber: order.po_number,
    address: order.address,
    phone: order.phone,
    customerName: order.display_name,
    taxLabel: storePricingRules().taxLabel,
    totals: {
      subtotalCents: Number(order.subtotal_cents),
      shippingCents: Number(order.shipping_cents),
      taxCents: Number(order.tax_cents),
      totalCents: Number(order.total_cents),
    },
    lines: lines.map((line) => ({
      partNumber: line.part_number,
      name: line.item_name,
      quantity: line.quantity,
      unitPriceCents: Number(line.unit_price_cents),
      lineTotalCents: Number(line.line_total_cents),
    })),
  };
  return { mail, email: order.email };
}

/**
 * The messages an order's change sends, written to the outbox in the change's own transaction:
 * the confirmation (and the shop's notice) when it is placed, a note when it moves along.
 */
export async function enqueueOrderMail(
  executor: Executor,
  orderId: number,
  event: "placed" | "shipped" | "delivered" | "cancelled",
) {
  const { mail, email } = await orderForMail(executor, orderId);
  if (event === "placed") {
    await enqueueMessage(executor, { ...orderPlacedMessage(mail), kind: "order-placed", recipient: email, orderId });
    const notify = orderNotifyEmail();
    if (notify) {
      await enqueueMessage(executor, {
        ...newOrderNotice(mail, email),
        kind: "order-notice",
        recipient: notify,
        orderId,
      });
    }
    return;
  }
  await enqueueMessage(executor, {
    ...orderStatusMessage(mail, event),
    kind: `order-${event}`,
    recipient: email,
    orderId,
  });
}
