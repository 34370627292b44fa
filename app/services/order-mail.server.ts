import { dispatchSettings, formatStoreDay, storePricingRules } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";
import { dispatchClock, orderLineWording } from "~/lib/dispatch";
import {
  enqueueOrderMail,
  enqueueOrderStatusMails,
  type OrderMail,
  type OrderMailEvent,
} from "~/mail/order-mail.server";
import type { OrderStatusEvent } from "~/mail/order-messages.server";
import { getOrdersWithLines, getOrderWithLines, type OrderWithLines } from "~/models/order.server";

function orderMailOf(order: OrderWithLines, clock = dispatchClock(new Date(), dispatchSettings())): OrderMail {
  return {
    id: order.id,
    placedAt: order.created_at,
    poNumber: order.po_number,
    address: order.address,
    phone: order.phone,
    customerName: order.customer_name,
    customerEmail: order.customer_email,
    customerId: order.user_id,
    taxLabel: storePricingRules().taxLabel,
    totals: {
      subtotalCents: Number(order.subtotal_cents),
      shippingCents: Number(order.shipping_cents),
      taxCents: Number(order.tax_cents),
      totalCents: Number(order.total_cents),
    },
    lines: order.lines.map((line) => ({
      partNumber: line.part_number,
      name: line.item_name,
      quantity: line.quantity,
      unitPriceCents: Number(line.unit_price_cents),
      lineTotalCents: Number(line.line_total_cents),
      supply: orderLineWording(clock, { ...line, backorderDue: line.backorder_due }, formatStoreDay),
    })),
  };
}

/** The mail an order's change sends, read and written in that change's transaction (`executor`). */
export async function enqueueMailForOrder(orderId: number, event: OrderMailEvent, { executor = db }: DbOptions = {}) {
  const order = await getOrderWithLines(orderId, { executor });
  if (!order) throw new Error(`Order ${orderId} vanished inside its own transaction`);
  await enqueueOrderMail(orderMailOf(order), event, { executor });
}

/** The same note to many orders' customers, read and written in a few statements in the caller's transaction. */
export async function enqueueMailForOrders(
  orderIds: readonly number[],
  event: OrderStatusEvent,
  { executor = db }: DbOptions = {},
) {
  const orders = await getOrdersWithLines(orderIds, { executor });
  if (orders.length !== new Set(orderIds).size) throw new Error("An order vanished inside its own transaction");
  const clock = dispatchClock(new Date(), dispatchSettings());
  await enqueueOrderStatusMails(
    orders.map((order) => orderMailOf(order, clock)),
    event,
    { executor },
  );
}
