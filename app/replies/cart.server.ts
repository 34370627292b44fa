// What the cart answers when a change to a line is refused: a 4xx naming the part and the rule, beside
// the quantity when it is the quantity's fault.
import type { CartChange } from "~/models/cart";
import { MAX_CART_LINES } from "~/validation/cart";
import { MAX_ORDER_QUANTITY, quantityLimitMessage } from "~/validation/order";
import { refuse } from "~/web/form-action.server";

export function cartChangeRefusal(change: Exclude<CartChange, { ok: true }>) {
  switch (change.reason) {
    case "not-found":
      return refuse(404, "This part is no longer in the catalog.");
    case "below-minimum":
      return refuse(400, { fieldErrors: { quantity: [`${change.partNumber} is sold in at least ${change.minimum}`] } });
    case "short":
      return refuse(409, {
        fieldErrors: { quantity: [`${change.partNumber}: ${quantityLimitMessage(change.available)}`] },
      });
    case "too-many":
      return refuse(400, { fieldErrors: { quantity: [`You can order at most ${MAX_ORDER_QUANTITY} at a time`] } });
    case "cart-full":
      return refuse(409, `Your cart holds ${MAX_CART_LINES} parts, the most a cart may: order or remove some first.`);
  }
}
