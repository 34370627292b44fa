import { dispatchSettings, formatPrice, formatStoreDay, storePricingRules } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";
import { agreedPricesNote } from "~/lib/contract-prices";
import { dispatchClock, orderLineWording } from "~/lib/dispatch";
import { invoicingDifference, invoicingDifferenceNote } from "~/lib/invoices";
import {
  enqueueOrderMail,
  enqueueOrderStatusMails,
  type OrderMail,
  type OrderMailEvent,
} from "~/mail/order-mail.server";
import type { OrderStatusEvent } from "~/mail/order-messages.server";
import { customerPartNumbersOf, customerPartNumbersOfMany } from "~/models/customer-part-numbers.server";
import { invoicedAmountsOf } from "~/models/invoice";
import { getOrdersWithLines, getOrderWithLines, type OrderWithLines } from "~/models/order";

function orderMailOf(
  order: OrderWithLines,
  customerPartNumbers: ReadonlyMap<number, string>,
  clock = dispatchClock(new Date(), dispatchSettings()),
): OrderMail {
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
    agreedPrices: agreedPricesNote(order.lines) || undefined,
    lines: order.lines.map((line) => ({
      partNumber: line.part_number,
      ...(line.item_id !== null && customerPartNumbers.has(line.item_id)
        ? { customerPartNumber: customerPartNumbers.get(line.item_id) }
        : {}),
      name: line.item_name,
      quantity: line.quantity,
      unitPriceCents: Number(line.unit_price_cents),
      lineTotalCents: Number(line.line_total_cents),
      supply: orderLineWording(clock, { ...line, backorderDue: line.backorder_due }, formatStoreDay),
    })),
  };
}

/** Once a shipment completes the order's invoices and they differ from its total, the sentence that says why. */
async function invoicingNoteOf(order: OrderWithLines, { executor = db }: DbOptions) {
  const amounts = await invoicedAmountsOf(order.id, { executor });
  const difference = invoicingDifference({ status: order.status, totalCents: Number(order.total_cents) }, amounts);
  if (difference === 0) return undefined;
  return invoicingDifferenceNote(formatPrice(amounts.invoicedCents), difference, formatPrice(Math.abs(difference)));
}

/**
 * The mail an order's change sends, read and written in that change's transaction (`executor`);
 * a shipment's mail says how that shipment travels (`shipment`), a return's which credit note it carries.
 */
export async function enqueueMailForOrder(
  orderId: number,
  event: OrderMailEvent,
  { executor = db, shipment, creditNote }: DbOptions & Pick<OrderMail, "shipment" | "creditNote"> = {},
) {
  const order = await getOrderWithLines(orderId, { executor });
  if (!order) throw new Error(`Order ${orderId} vanished inside its own transaction`);
  const invoicingNote = shipment ? await invoicingNoteOf(order, { executor }) : undefined;
  // The buyer's own part numbers, beside ours (docs/decisions/0032-parts-lists.md).
  const customerPartNumbers = await customerPartNumbersOf(
    order.user_id,
    order.lines.flatMap((line) => (line.item_id === null ? [] : [line.item_id])),
    { executor },
  );
  await enqueueOrderMail({ ...orderMailOf(order, customerPartNumbers), shipment, creditNote, invoicingNote }, event, {
    executor,
  });
}

/** The same note to many orders' customers, read and written in a few statements in the caller's transaction. */
export async function enqueueMailForOrders(
  orderIds: readonly number[],
  event: OrderStatusEvent,
  { executor = db }: DbOptions = {},
) {
  const orders = await getOrdersWithLines(orderIds, { executor });
  if (orders.length !== new Set(orderIds).size) throw new Error("An order vanished inside its own transaction");
  const numbers = await customerPartNumbersOfMany(
    orders.flatMap((order) =>
      order.lines.flatMap((line) => (line.item_id === null ? [] : [{ userId: order.user_id, itemId: line.item_id }])),
    ),
    { executor },
  );
  const clock = dispatchClock(new Date(), dispatchSettings());
  await enqueueOrderStatusMails(
    orders.map((order) => orderMailOf(order, numbers.get(order.user_id) ?? new Map(), clock)),
    event,
    { executor },
  );
}
