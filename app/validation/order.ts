import { z } from "zod";

import { ORDER_STATUSES } from "~/db/schema";

import { idField, phoneField, requiredText } from "./common";

export const MAX_ORDER_QUANTITY = 10_000;

export function quantityLimitMessage(available: number) {
  if (available <= 0) return "This part is out of stock";
  if (available > MAX_ORDER_QUANTITY) return `You can order at most ${MAX_ORDER_QUANTITY} at a time`;
  return `Only ${available} left in stock`;
}

/** The order form. `available` is the stock the page showed; the database re-checks it atomically. */
export function orderSchema(available: number) {
  return z.object({
    quantity: z
      .number({ required_error: "Enter a quantity", invalid_type_error: "Quantity must be a whole number" })
      .int("Quantity must be a whole number")
      .min(1, "Order at least 1")
      .max(Math.max(Math.min(available, MAX_ORDER_QUANTITY), 1), quantityLimitMessage(available)),
    address: requiredText("a shipping address", 300),
    phone: phoneField,
  });
}

export const CancelOrderSchema = z.object({ intent: z.literal("cancel"), orderId: idField });

/** Manage Orders' buttons: one schema per button, told apart by `intent`. */
export const ChangeOrderStatusSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("ship"), orderId: idField }),
  z.object({ intent: z.literal("deliver"), orderId: idField }),
  z.object({ intent: z.literal("cancel"), orderId: idField }),
]);

export const OrderStatusFilterSchema = z.enum(ORDER_STATUSES).optional().catch(undefined);
