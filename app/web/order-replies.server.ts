import { ORDER_ACTIONS, type OrderAction } from "~/models/order.server";
import { changeOrderStatus, shipReadyParts } from "~/services/order-status.server";
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

/** An admin ships what is ready, delivers or cancels an order. */
export async function moveOrderAlong(orderId: number, intent: OrderAction, backTo: string, userId: number | null) {
  if (intent === "ship") {
    const shipped = await shipReadyParts(orderId, { userId });
    if (!shipped.ok) {
      if (shipped.reason === "not-found") return refuse(404, `Order #${orderId} does not exist.`);
      if (shipped.reason === "nothing-ready") {
        return refuse(409, `Nothing of order #${orderId} is in stock to ship yet: it ships as stock arrives.`);
      }
      return refuse(409, `Order #${orderId} is ${shipped.from}; it cannot be shipped.`);
    }
    return redirectWithFlash(backTo, `Order #${orderId} is now ${shipped.status}.`);
  }
  const to = ORDER_ACTIONS[intent].status;
  const result = await changeOrderStatus(orderId, to);
  if (!result.ok) {
    if (result.reason === "not-found") return refuse(404, `Order #${orderId} does not exist.`);
    return refuse(409, `Order #${orderId} is ${result.from}; it cannot be marked ${to}.`);
  }
  return redirectWithFlash(backTo, `Order #${orderId} is now ${to}.`);
}
