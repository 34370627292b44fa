import { formatPrice } from "~/config/env.server";
import type { OrderStatus } from "~/lib/statuses";
import { orderAgain, type OrderAgainOutcome } from "~/models/cart";
import { type CancellableLine, cancellableLines, ORDER_ACTIONS } from "~/models/order";
import { recordPayment } from "~/models/trade-terms.server";
import { cancelLine, changeOrderStatus, returnShippedUnits, shipReadyParts } from "~/services/order-status.server";
import { parseId } from "~/validation/common";
import type { ChangeOrderStatus } from "~/validation/order";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

// The order buttons' answers, shared by the order lists and the order pages so both say the same.

/** A customer cancels an order of their own; anyone else's looks exactly like one that does not exist. */
export async function cancelOwnOrder(userId: number, orderId: number, backTo: string) {
  const result = await changeOrderStatus(orderId, "cancelled", { ownerId: userId });
  if (!result.ok) {
    if (result.reason === "not-found") return refuse(404, "Order not found.");
    return refuse(409, `This order is ${result.from} and can no longer be cancelled.`);
  }
  return redirectWithFlash(backTo, `Order #${orderId} cancelled.`);
}

/** An admin ships what is ready (saying how it travels), delivers or cancels an order. */
export async function moveOrderAlong(change: ChangeOrderStatus, backTo: string, userId: number | null) {
  const { orderId } = change;
  if (change.intent === "ship") {
    const shipped = await shipReadyParts(orderId, {
      userId,
      carrier: change.carrier,
      trackingNumber: change.trackingNumber ?? null,
    });
    if (!shipped.ok) {
      if (shipped.reason === "not-found") return refuse(404, `Order #${orderId} does not exist.`);
      if (shipped.reason === "nothing-ready") {
        return refuse(409, `Nothing of order #${orderId} is in stock to ship yet: it ships as stock arrives.`);
      }
      if (shipped.reason === "awaiting-payment") {
        return refuse(
          409,
          `Order #${orderId} is paid by pro-forma invoice: record its payment before it is dispatched.`,
        );
      }
      return refuse(409, `Order #${orderId} is ${shipped.from}; it cannot be shipped.`);
    }
    return redirectWithFlash(backTo, `Order #${orderId} is now ${shipped.status}.`);
  }
  const to = ORDER_ACTIONS[change.intent].status;
  const result = await changeOrderStatus(orderId, to);
  if (!result.ok) {
    if (result.reason === "not-found") return refuse(404, `Order #${orderId} does not exist.`);
    return refuse(409, `Order #${orderId} is ${result.from}; it cannot be marked ${to}.`);
  }
  return redirectWithFlash(backTo, `Order #${orderId} is now ${to}.`);
}

/**
 * What is left of one line cancelled, by its buyer (`ownerId`: another's order is not found) or by
 * staff; the flash says what the order became.
 */
export async function cancelLineReply(
  orderId: number,
  lineId: number,
  backTo: string,
  { ownerId }: { ownerId?: number } = {},
) {
  const result = await cancelLine(orderId, lineId, { ownerId });
  if (!result.ok) {
    if (result.reason === "not-found") return refuse(404, "Order line not found.");
    if (result.reason === "nothing-left")
      return refuse(409, "Nothing of this line is left to cancel: it has all shipped or was cancelled.");
    return refuse(409, `Order #${orderId} is ${result.from}; its lines can no longer be cancelled.`);
  }
  if (result.status === "cancelled")
    return redirectWithFlash(backTo, `That was all of order #${orderId}: it is cancelled.`);
  return redirectWithFlash(
    backTo,
    `The line is cancelled; order #${orderId} is ${result.status} and its totals are updated.`,
  );
}

/**
 * The lines an order page offers to cancel, and the one its `?cancelLine=` asks to confirm (the way
 * without JavaScript).
 */
export function lineCancellationOf(
  order: {
    status: OrderStatus;
    lines: {
      id: number;
      part_number: string;
      item_name: string;
      allocated: number;
      waiting: number;
      shipped: number;
    }[];
  },
  request: Request,
) {
  const cancellable: CancellableLine[] = cancellableLines(order).map((line) => ({
    id: line.id,
    partNumber: line.part_number,
    name: line.item_name,
    openUnits: line.allocated - line.shipped + line.waiting,
  }));
  const asked = parseId(new URL(request.url).searchParams.get("cancelLine") ?? undefined);
  return { cancellable, confirmCancelLine: cancellable.find((line) => line.id === asked) ?? null };
}

/** "credit note CN-… (for INV-…) is", or "credit notes CN-… (for INV-…) and CN-… (for INV-…) are". */
function creditNoteWords(notes: readonly { number: string; creditsNumber: string }[]) {
  const named = notes.map((note) => `${note.number} (for ${note.creditsNumber})`);
  return notes.length === 1 ? `credit note ${named[0]} is` : `credit notes ${named.join(" and ")} are`;
}

/** Staff's record of a return: the flash names the credit notes the buyer is sent, and what each credits. */
export async function returnReply(
  orderId: number,
  details: { lineId: number; quantity: number; reason: string; restock: boolean },
  backTo: string,
  userId: number,
) {
  const result = await returnShippedUnits(orderId, { ...details, userId });
  if (!result.ok) {
    if (result.reason === "not-found") return refuse(404, "Order line not found.");
    return refuse(
      409,
      result.returnable
        ? `Only ${result.returnable} of this line can come back: the rest has not shipped or is back already.`
        : "Nothing of this line can come back: none of it has shipped, or all of it is back already.",
    );
  }
  const stock = details.restock ? " and back in stock" : "";
  return redirectWithFlash(
    backTo,
    result.creditNotes.length
      ? `${details.quantity} returned${stock}; ${creditNoteWords(result.creditNotes)} sent to the buyer.`
      : `${details.quantity} returned${stock}; no invoice billed them, so there is nothing to credit.`,
  );
}

/** Staff's record of a payment: a pro-forma order may now be dispatched, invoices on account are paid. */
export async function recordPaymentReply(orderId: number, backTo: string) {
  const result = await recordPayment(orderId);
  if (!result.ok) {
    if (result.reason === "not-found")
      return refuse(404, `Order #${orderId} has no payment to record: it is not a company order.`);
    return refuse(409, `Nothing of order #${orderId} is waiting for payment.`);
  }
  const invoices = result.paidInvoices.length ? ` Invoice ${result.paidInvoices.join(", ")} marked paid.` : "";
  return redirectWithFlash(backTo, `Payment recorded for order #${orderId}.${invoices}`);
}

/** Order again: the order's parts into the cart, and the cart says what is not as it was. */
export async function orderAgainReply(user: { id: number; companyId: number | null }, orderId: number) {
  const outcome = await orderAgain(user.id, orderId, { companyId: user.companyId });
  if (!outcome) return refuse(404, "Order not found.");
  return redirectWithFlash("/cart", orderAgainMessage(outcome));
}

/** A list named in a sentence, the first few in full and the rest counted, so a flash stays short. */
function listed(names: string[], limit = 5) {
  return names.length > limit
    ? `${names.slice(0, limit).join(", ")} and ${names.length - limit} more`
    : names.join(", ");
}

/** What Order again says on the cart: how many lines went in, and every part that is not as it was. */
function orderAgainMessage(outcome: OrderAgainOutcome) {
  const sentences = [
    outcome.added
      ? `${outcome.added} ${outcome.added === 1 ? "part" : "parts"} from this order added to your cart.`
      : "Nothing from this order could be added to your cart.",
  ];
  if (outcome.repriced.length) {
    sentences.push(
      `New prices: ${listed(outcome.repriced.map((part) => `${part.partNumber} ${formatPrice(part.wasCents)} → ${formatPrice(part.nowCents)}`))}.`,
    );
  }
  if (outcome.short.length) {
    sentences.push(
      `Short of stock: ${listed(outcome.short.map((part) => `${part.partNumber} (${part.available} left)`))}.`,
    );
  }
  if (outcome.gone.length) {
    sentences.push(`No longer sold: ${listed(outcome.gone.map((part) => part.partNumber))}.`);
  }
  const changed = outcome.repriced.length || outcome.short.length || outcome.gone.length;
  return { kind: changed ? ("error" as const) : ("success" as const), message: sentences.join(" ") };
}
