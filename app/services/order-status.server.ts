import { db } from "~/db/db.server";
import { shipmentTracking } from "~/lib/carriers";
import type { OrderStatus } from "~/lib/statuses";
import { issueCreditNotes, type IssuedCreditNote, type IssuedInvoice, issueShipmentInvoice } from "~/models/invoice";
import {
  type CancelLineResult,
  cancelOrderLine,
  type ChangeStatusResult,
  moveOrderStatus,
  recordReturn,
  type RecordReturnResult,
  type ShipmentDetails,
  shipReadyUnits,
  type ShipResult,
} from "~/models/order";
import { adjustStock } from "~/models/stock.server";

import { enqueueMailForOrder } from "./order-mail.server";
import { fillBackorders, notifyCompletedLines } from "./stock-arrivals.server";

/**
 * Moves an order along its lifecycle and, in the same transaction, writes the mail that tells the
 * customer (delivered, cancelled). A cancellation's units go to orders waiting for them, whose
 * buyers are told when their lines complete. `ownerId` limits the change to that customer's orders.
 */
export function changeOrderStatus(
  orderId: number,
  to: Exclude<OrderStatus, "partly shipped" | "shipped">,
  { ownerId }: { ownerId?: number } = {},
): Promise<ChangeStatusResult> {
  return db.transaction().execute(async (trx) => {
    const result = await moveOrderStatus(orderId, to, { ownerId, executor: trx });
    if (!result.ok) return result;
    if (to === "delivered" || to === "cancelled") await enqueueMailForOrder(orderId, to, { executor: trx });
    await notifyCompletedLines(result.completed, { executor: trx });
    return result;
  });
}

/**
 * Ships what is ready of an order, issues the shipment's VAT invoice, and tells the customer what
 * left (all of it, or part) and how, with the invoice attached: one transaction, so a shipment never
 * lacks its invoice and an invoice number is never taken by a shipment that did not happen.
 */
export function shipReadyParts(
  orderId: number,
  shipment: ShipmentDetails,
): Promise<Exclude<ShipResult, { ok: true }> | (Extract<ShipResult, { ok: true }> & { invoice: IssuedInvoice })> {
  return db.transaction().execute(async (trx) => {
    const result = await shipReadyUnits(orderId, { ...shipment, executor: trx });
    if (!result.ok) return result;
    const invoice = await issueShipmentInvoice(trx, result.shipmentId);
    await enqueueMailForOrder(orderId, result.status, {
      executor: trx,
      shipment: {
        tracking: shipmentTracking(shipment.carrier, shipment.trackingNumber),
        invoice,
      },
    });
    return { ...result, invoice };
  });
}

/**
 * Cancels what is left of one line and tells the buyer what the order costs now (or that it is
 * cancelled, when that line was all of it); orders its units complete are told too.
 */
export function cancelLine(
  orderId: number,
  lineId: number,
  { ownerId }: { ownerId?: number } = {},
): Promise<CancelLineResult> {
  return db.transaction().execute(async (trx) => {
    const result = await cancelOrderLine(orderId, lineId, { ownerId, executor: trx });
    if (!result.ok) return result;
    await enqueueMailForOrder(orderId, result.status === "cancelled" ? "cancelled" : "line cancelled", {
      executor: trx,
    });
    await notifyCompletedLines(result.completed, { executor: trx });
    return result;
  });
}

export type ReturnDetails = {
  lineId: number;
  quantity: number;
  reason: string;
  /** The units go back on the shelf (and to orders waiting for them), or not (damaged, scrapped). */
  restock: boolean;
  userId: number | null;
};

/**
 * Staff record units of a shipped line that came back: the line's return, its credit notes (each
 * crediting one invoice that billed the units, oldest first: `issueCreditNotes`), the stock when they
 * go back on the shelf (filling orders that wait for it), and the buyer's mail with each credit note
 * attached. One transaction, or nothing.
 */
export function returnShippedUnits(
  orderId: number,
  { lineId, quantity, reason, restock, userId }: ReturnDetails,
): Promise<Exclude<RecordReturnResult, { ok: true }> | { ok: true; creditNotes: IssuedCreditNote[] }> {
  return db.transaction().execute(async (trx) => {
    const recorded = await recordReturn(trx, { orderId, lineId, quantity });
    if (!recorded.ok) return recorded;
    const creditNotes = await issueCreditNotes(trx, { orderLineId: lineId, quantity });
    if (restock && recorded.itemId !== null) {
      const adjusted = await adjustStock(
        recorded.itemId,
        { change: quantity, reason: `Returned on order #${orderId}: ${reason}`, userId },
        { executor: trx },
      );
      if (adjusted.ok) await fillBackorders([recorded.itemId], { executor: trx });
    }
    const units = (count: number) => `${count} ${count === 1 ? "unit" : "units"}`;
    for (const creditNote of creditNotes) {
      const which = creditNotes.length > 1 ? `, the part of them billed on ${creditNote.creditsNumber},` : "";
      await enqueueMailForOrder(orderId, "return credited", {
        executor: trx,
        creditNote: {
          ...creditNote,
          text: `We have ${units(quantity)} of it back (${reason}). Credit note ${creditNote.number} for them${which} is attached (and in Invoices on your dashboard).`,
        },
      });
    }
    return { ok: true, creditNotes };
  });
}
