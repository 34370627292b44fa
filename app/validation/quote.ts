import { z } from "zod";

import type { MoneyFormat } from "~/lib/money";
import { addCalendarDays, isCalendarDate, LONGEST_VALIDITY_DAYS, MAX_QUOTE_LINES, QUOTE_STATUSES } from "~/lib/quotes";

import { idField, MAX_ID, requiredText } from "./common";
import { FORM_EXPIRED, orderSchema } from "./order";
import { productSchemas } from "./product";

/** What a buyer may write with a request: what they need, by when, the drawing's number. */
export const MAX_QUOTE_NOTE = 2000;
/**
 * What a quote is asked for: required, so a stray press of "Request a quote" asks the sales team for
 * nothing it can answer (the cart's lines say what, the note says why: quantities over time, dates).
 */
export const quoteNoteField = requiredText("what the quote is for", MAX_QUOTE_NOTE);

const order = orderSchema(Number.POSITIVE_INFINITY).shape;

/** Accept on the quote's page: what checkout takes, and the total the page showed beside the button. */
export const AcceptQuoteSchema = z.object({
  intent: z.literal("accept"),
  address: order.address,
  phone: order.phone,
  poNumber: order.poNumber,
  expectedTotal: z.number({ required_error: FORM_EXPIRED }).int().min(0),
});

/** The buyer's quote page: Accept, or Withdraw the request. */
export const MyQuoteActionSchema = z.discriminatedUnion("intent", [
  AcceptQuoteSchema,
  z.object({ intent: z.literal("withdraw") }),
]);

const versionField = z
  .number({ required_error: FORM_EXPIRED, invalid_type_error: FORM_EXPIRED })
  .int()
  .positive()
  .max(MAX_ID);

/** The last day an offer may be accepted: from today (the store's) for at most a year. */
function validUntilField(today: string) {
  const last = addCalendarDays(today, LONGEST_VALIDITY_DAYS);
  return z
    .string({ required_error: "Enter the date the quote is valid until" })
    .trim()
    .min(1, "Enter the date the quote is valid until")
    .superRefine((day, context) => {
      // One message, the first that applies: a date that is not one is neither early nor late.
      const problem = !isCalendarDate(day)
        ? "Enter a date such as 2026-12-31"
        : day < today
          ? "The quote must be valid until today or later"
          : day > last
            ? `A quote may be valid for at most ${LONGEST_VALIDITY_DAYS} days`
            : null;
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/**
 * Staff's Send: every line's unit price (above zero) and the date, from the version the form was
 * filled from. `today` is the store's, from the server.
 */
export function sendQuoteSchema(money: MoneyFormat, today: string) {
  const price = productSchemas(money).product.shape.price.refine((value) => value > 0, "Enter a price above 0");
  return z.object({
    intent: z.literal("send"),
    version: versionField,
    validUntil: validUntilField(today),
    lines: z
      .array(z.object({ lineId: idField, unitPrice: price }))
      .min(1, "Price every line")
      .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines`),
  });
}

/** Staff's quote page: Send, or Decline a request they will not quote. */
export function priceQuoteSchema(money: MoneyFormat, today: string) {
  return z.discriminatedUnion("intent", [sendQuoteSchema(money, today), z.object({ intent: z.literal("decline") })]);
}

export const QuoteStatusFilterSchema = z.enum(QUOTE_STATUSES).optional().catch(undefined);
