import { z } from "zod";

import { CARRIER_IDS, carrierOf, carrierTracks, cleanTrackingNumber, TRACKING_NUMBER } from "~/lib/carriers";
import { isCalendarDate } from "~/lib/quotes";
import { ORDER_STATUSES } from "~/lib/statuses";

import {
  firstIssueByField,
  idField,
  optionalText,
  pageNumberField,
  phoneField,
  requiredText,
  wholeNumberField,
} from "./common";

export const MAX_ORDER_QUANTITY = 10_000;

export function quantityLimitMessage(available: number) {
  if (available <= 0) return "This part is out of stock";
  if (available > MAX_ORDER_QUANTITY) return `You can order at most ${MAX_ORDER_QUANTITY} at a time`;
  return `Only ${available} left in stock`;
}

export function minimumMessage(minimum: number) {
  return `Order at least ${minimum}`;
}

/** How many of a part a cart line, quick order line or API order line asks for. */
export const orderQuantityField = wholeNumberField({
  min: 1,
  max: MAX_ORDER_QUANTITY,
  tooFew: minimumMessage(1),
  tooMany: `You can order at most ${MAX_ORDER_QUANTITY} at a time`,
});

/**
 * A quantity asked for in a page's address (the product page's `?quantity=`): a whole number of
 * units from the part's minimum to what one line may hold; anything else is the minimum.
 */
export function typedQuantity(text: string | null, minimum: number) {
  const quantity = text && /^\d{1,6}$/.test(text) ? Number(text) : minimum;
  return Math.min(Math.max(quantity, minimum, 1), MAX_ORDER_QUANTITY);
}

/**
 * The single-part order form. `available` is the stock the page showed and `minimum` the part's
 * minimum order quantity; more than stock is a backorder for a part that takes them. The database
 * re-checks both when the order is placed.
 */
export function orderSchema(available: number, minimum = 1, allowBackorder = false) {
  return z.object({
    quantity: wholeNumberField({
      min: minimum,
      max: allowBackorder ? MAX_ORDER_QUANTITY : Math.max(Math.min(available, MAX_ORDER_QUANTITY), 1),
      tooFew: minimumMessage(minimum),
      tooMany: allowBackorder
        ? `You can order at most ${MAX_ORDER_QUANTITY} at a time`
        : quantityLimitMessage(available),
    }),
    address: requiredText("a shipping address", 300),
    phone: phoneField,
    poNumber: optionalText("the purchase order number", 50),
    checkoutToken: z.string({ required_error: FORM_EXPIRED }).regex(/^[A-Za-z0-9_-]{16,100}$/, FORM_EXPIRED),
    /** The total the page showed for the quantity it showed; JavaScript keeps it in step. */
    expectedTotal: z.number().int().min(0).optional(),
  });
}

export const FORM_EXPIRED = "This form has expired. Reload the page and try again.";

/** My Orders' URL: which page of each list, and `cancel`, the confirmation step without JavaScript. */
export const MyOrdersQuerySchema = z.object({
  page: pageNumberField(),
  colleaguesPage: pageNumberField(),
  cancel: z.string().optional().catch(undefined),
});

export const CancelOrderSchema = z.object({ intent: z.literal("cancel"), orderId: idField });

/** What is left of one line given up, on the buyer's order page or staff's. */
const CancelLineSchema = z.object({ intent: z.literal("cancel-line"), orderId: idField, lineId: idField });

/** The customer's order page: Cancel while pending, cancel a line while it is open, and Order again. */
export const MyOrderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), orderId: idField }),
  z.object({ intent: z.literal("reorder"), orderId: idField }),
  CancelLineSchema,
]);

/**
 * Ship: how the parcel travels. A tracking number is cleaned as carriers print it (spaces and dashes
 * dropped, upper case); it is required for the carriers that track parcels.
 */
const ShipSchema = z.object({
  intent: z.literal("ship"),
  orderId: idField,
  carrier: z.enum(CARRIER_IDS, { errorMap: () => ({ message: "Choose the carrier the parcel goes with" }) }),
  trackingNumber: z
    .string()
    .optional()
    .transform((typed) => (typed?.trim() ? cleanTrackingNumber(typed) : undefined))
    .refine(
      (number) => number === undefined || TRACKING_NUMBER.test(number),
      "A tracking number is 6 to 40 letters and digits",
    ),
});

/** A Ship with a carrier that tracks parcels and no number to follow is refused, on the number's field. */
function requireTrackingNumber(
  value: { intent: string; carrier?: string; trackingNumber?: string },
  ctx: z.RefinementCtx,
) {
  if (value.intent !== "ship" || !value.carrier || value.trackingNumber || !carrierTracks(value.carrier)) return;
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    path: ["trackingNumber"],
    message: `Enter ${carrierOf(value.carrier)!.name}'s tracking number`,
  });
}

const ORDER_STATUS_CHANGES = [
  ShipSchema,
  z.object({ intent: z.literal("deliver"), orderId: idField }),
  z.object({ intent: z.literal("cancel"), orderId: idField }),
] as const;

/** Manage Orders' buttons: one schema per button, told apart by `intent`. */
export const ChangeOrderStatusSchema = z
  .discriminatedUnion("intent", [...ORDER_STATUS_CHANGES])
  .superRefine(requireTrackingNumber);

export type ChangeOrderStatus = z.infer<typeof ChangeOrderStatusSchema>;

/** Staff record units of a shipped line that came back; the buyer is credited for them. */
export const ReturnLineSchema = z.object({
  intent: z.literal("return"),
  orderId: idField,
  lineId: idField,
  quantity: wholeNumberField({
    min: 1,
    max: MAX_ORDER_QUANTITY,
    tooFew: "Enter how many came back",
    tooMany: `At most ${MAX_ORDER_QUANTITY} at a time`,
  }),
  reason: requiredText("why they came back", 200),
  restock: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

/** Staff record that a company order's payment arrived (a pro-forma order's, or its invoices'). */
export const RecordPaymentSchema = z.object({ intent: z.literal("record-payment"), orderId: idField });

/** One order's page for staff: its buttons, a line's cancellation, a return, and a payment. */
export const ManageOrderActionSchema = z
  .discriminatedUnion("intent", [...ORDER_STATUS_CHANGES, CancelLineSchema, ReturnLineSchema, RecordPaymentSchema])
  .superRefine(requireTrackingNumber);

export const OrderStatusFilterSchema = z.enum(ORDER_STATUSES).optional().catch(undefined);

/** The outbox page: retry a failed message. */
export const RetryMessageSchema = z.object({ intent: z.literal("retry"), messageId: idField });

/**
 * Finding orders (Manage Orders, My Orders, and their CSV exports): `q` is an order number ("#1042"),
 * a PO number, a part number, or part of the customer's name, email or company; `from` and `to` are
 * the first and last day placed (UTC, as pages show dates); `status` narrows to one status.
 */
export const OrderSearchSchema = z
  .object({
    q: z.string().trim().max(100, "Search for at most 100 characters").catch(""),
    status: OrderStatusFilterSchema,
    from: z
      .string()
      .optional()
      .transform((text) => text || undefined)
      .refine((day) => day === undefined || isCalendarDate(day), "Enter a date such as 2026-11-27"),
    to: z
      .string()
      .optional()
      .transform((text) => text || undefined)
      .refine((day) => day === undefined || isCalendarDate(day), "Enter a date such as 2026-11-27"),
  })
  .refine(({ from, to }) => !from || !to || from <= to, {
    message: "The first day comes before the last",
    path: ["to"],
  });

export type OrderSearch = z.output<typeof OrderSearchSchema>;

/** The search in a page's address, or what is wrong with it (a 400 names the field). */
export function readOrderSearch(params: URLSearchParams) {
  return OrderSearchSchema.safeParse(
    Object.fromEntries(["q", "status", "from", "to"].map((key) => [key, params.get(key) ?? undefined])),
  );
}

/** The search fields as typed, for the form to show again. */
export function typedOrderSearch(params: URLSearchParams) {
  const typed = (key: string) => (params.get(key) ?? "").slice(0, 100);
  return { q: typed("q"), status: typed("status"), from: typed("from"), to: typed("to") };
}

/** Which page of Manage Orders' results (`?page=`, the first needs none); a page that is not one shows the first. */
export const ManageOrdersPageSchema = z.object({ page: pageNumberField() });

/** The first message for each field a search got wrong. */
export function searchErrors(error: z.ZodError) {
  return firstIssueByField(error, ["q", "from", "to"] as const);
}
