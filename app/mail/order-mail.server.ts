import type { Executor } from "~/db/db.server";
import type { OrderWithLines } from "~/models/order.server";
import { orderNotifyEmail, storePricingRules } from "~/utils/env.server";

import { newOrderNotice, type OrderForMail, orderPlacedMessage, orderStatusMessage } from "./messages.server";
import { enqueueMessage } from "./outbox.server";

function orderForMail(order: OrderWithLines): OrderForMail {
  return {
    id: order.id,
    placedAt: order.created_at,
    poNumber: order.po_number,
    address: order.address,
    phone: order.phone,
    customerName: order.customer_name,
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
    })),
  };
}

/**
 * The messages an order's change sends, written to the outbox in the change's own transaction
 * (`order` read in it): the confirmation (and the shop's notice) when it is placed, a note when it
 * moves along. The customer's are held while their address is unproven; the shop's notice is not.
 */
export async function enqueueOrderMail(
  executor: Executor,
  order: OrderWithLines,
  event: "placed" | "shipped" | "delivered" | "cancelled",
) {
  const mail = orderForMail(order);
  const email = order.customer_email;
  const orderId = order.id;
  const toCustomer = { recipient: email, orderId, toAccount: order.user_id };
  if (event === "placed") {
    await enqueueMessage(executor, { ...orderPlacedMessage(mail), kind: "order-placed", ...toCustomer });
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
  await enqueueMessage(executor, { ...orderStatusMessage(mail, event), kind: `order-${event}`, ...toCustomer });
}
