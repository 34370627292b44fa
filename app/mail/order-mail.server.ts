import { orderNotifyEmail } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";

import {
  newOrderNotice,
  type OrderForMail,
  orderPlacedMessage,
  type OrderStatusEvent,
  orderStatusMessage,
} from "./order-messages.server";
import { enqueueMessage, enqueueMessages } from "./outbox.server";

/** An order as its mail needs it: what the messages show, and whom they go to. */
export type OrderMail = OrderForMail & { customerEmail: string; customerId: number };

export type OrderMailEvent = "placed" | OrderStatusEvent;

/**
 * The messages an order's change sends, written to the outbox in the change's own transaction:
 * the confirmation (and the shop's notice) when it is placed, a note when it moves along. The
 * customer's are held while their address is unproven; the shop's notice is not.
 */
export async function enqueueOrderMail(order: OrderMail, event: OrderMailEvent, { executor = db }: DbOptions = {}) {
  const toCustomer = { recipient: order.customerEmail, orderId: order.id, toAccount: order.customerId };
  if (event === "placed") {
    await enqueueMessage({ ...orderPlacedMessage(order), kind: "order-placed", ...toCustomer }, { executor });
    const notify = orderNotifyEmail();
    if (notify) {
      await enqueueMessage(
        { ...newOrderNotice(order, order.customerEmail), kind: "order-notice", recipient: notify, orderId: order.id },
        { executor },
      );
    }
    return;
  }
  await enqueueOrderStatusMails([order], event, { executor });
}

/** The same note to each of these orders' customers (a stock arrival filling many orders' lines). */
export function enqueueOrderStatusMails(
  orders: readonly OrderMail[],
  event: OrderStatusEvent,
  { executor = db }: DbOptions = {},
) {
  return enqueueMessages(
    orders.map((order) => ({
      ...orderStatusMessage(order, event),
      kind: `order-${event.replace(" ", "-")}`,
      recipient: order.customerEmail,
      orderId: order.id,
      toAccount: order.customerId,
      invoiceId: order.shipment?.invoice?.id ?? order.creditNote?.id,
    })),
    { executor },
  );
}
