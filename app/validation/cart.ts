import { z } from "zod";

import type { PostalAddress } from "~/lib/addresses";

import { PostalAddressSchema } from "./address";
import { idField } from "./common";
import { FORM_EXPIRED, orderQuantityField, orderSchema } from "./order";
import { listNameField } from "./parts-lists";
import { quoteNoteField } from "./quote";

/** Where a form posted to /cart from another page sends the buyer back to (without JavaScript). */
const returnTo = z.string().max(500).optional();

/** /cart's forms, told apart by `intent`: Add to Cart from any page, and the cart's own lines. */
export const CartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), itemId: idField, quantity: orderQuantityField.default(1), returnTo }),
  z.object({ intent: z.literal("update"), itemId: idField, quantity: orderQuantityField, returnTo }),
  z.object({ intent: z.literal("remove"), itemId: idField, returnTo }),
  // The cart's lines become a quote request; the cart stays as it is.
  z.object({ intent: z.literal("request-quote"), note: quoteNoteField }),
  // The cart's lines become a saved parts list; the cart stays as it is.
  z.object({ intent: z.literal("save-list"), name: listNameField }),
]);

const singlePartOrder = orderSchema(Number.POSITIVE_INFINITY).shape;

/**
 * An address typed at checkout, in the address book's parts; each optional here, because the form
 * needs them only when no saved address is chosen (checked then by `PostalAddressSchema`).
 */
const typedAddressFields = {
  name: z.string().max(500).optional(),
  company: z.string().max(500).optional(),
  line1: z.string().max(500).optional(),
  line2: z.string().max(500).optional(),
  town: z.string().max(500).optional(),
  postcode: z.string().max(500).optional(),
  country: z.string().max(500).optional(),
};
type TypedAddress = { [Part in keyof typeof typedAddressFields]?: string };

/** Billing parts count as given once any is typed: the country's select always sends a value. */
function startedTyping(address: TypedAddress | undefined): address is TypedAddress {
  return Boolean(address && Object.entries(address).some(([part, text]) => part !== "country" && text?.trim()));
}

/** A typed address checked as the address book checks it; its refusals named under `path`. */
function checkedAddress(typed: TypedAddress, path: string[], context: z.RefinementCtx): PostalAddress | undefined {
  const checked = PostalAddressSchema.safeParse(typed);
  if (checked.success) return checked.data as PostalAddress;
  for (const issue of checked.error.issues) context.addIssue({ ...issue, path: [...path, ...issue.path] });
  return undefined;
}

/**
 * Checkout: where it goes (an address from the address book, or one typed in its parts), whom it
 * bills (another from the book, or one typed; none: the delivery address), the phone, PO number and
 * token of the order form, and the total it showed. A one-line `address` is still taken from
 * clients that send one (the form's field before issue 48).
 */
export const CheckoutSchema = z
  .object({
    deliveryAddressId: idField.optional(),
    billingAddressId: idField.optional(),
    address: singlePartOrder.address.optional(),
    ...typedAddressFields,
    billing: z.object(typedAddressFields).optional(),
    phone: singlePartOrder.phone,
    poNumber: singlePartOrder.poNumber,
    checkoutToken: singlePartOrder.checkoutToken,
    /** The total, in minor units, that the page showed beside Place Order. */
    expectedTotal: z.number({ required_error: FORM_EXPIRED }).int().min(0),
  })
  .transform((checkout, context) => {
    const { name, company, line1, line2, town, postcode, country, billing, ...chosen } = checkout;
    const typesDelivery = chosen.deliveryAddressId === undefined && !chosen.address;
    const deliveryParts = typesDelivery
      ? checkedAddress({ name, company, line1, line2, town, postcode, country }, [], context)
      : undefined;
    const billingParts =
      chosen.billingAddressId === undefined && startedTyping(billing)
        ? checkedAddress(billing, ["billing"], context)
        : undefined;
    return { ...chosen, deliveryParts, billingParts };
  });

export const MAX_QUICK_ORDER_LINES = 1000;
/** The most parts one cart holds (a visitor's or an account's): a quick order at its largest fits. */
export const MAX_CART_LINES = MAX_QUICK_ORDER_LINES;
export const MAX_QUICK_ORDER_FILE_BYTES = 512 * 1024;

export const QuickOrderSchema = z
  .object({
    lines: z.string().max(100_000, "Paste at most 100,000 characters at a time").optional(),
    file: z
      .instanceof(File)
      .refine((file) => file.size <= MAX_QUICK_ORDER_FILE_BYTES, "The file must be at most 512 KB")
      .optional(),
  })
  .refine((value) => value.lines?.trim() || (value.file && value.file.size > 0), {
    message: "Paste part numbers and quantities, or choose a CSV file",
    path: ["lines"],
  });

/** One line of a quick order as typed: a part number and a quantity, or why it is not one. */
export type QuickOrderLine =
  { line: number; text: string; partNumber: string; quantity: number } | { line: number; text: string; error: string };

const SEPARATORS = /[\t,;]+|\s+/;
// "GW-BB-608-2RS x 20", "… X 20", "… ×20"; and "20 x GW-BB-608-2RS". The x must stand apart from the
// part number (part numbers hold letters, so "…2RSX20" may be a part number); × never is part of one.
const QUANTITY_AFTER_X = /^(.+?)\s+[x×]\s*(\d+)$/i;
const QUANTITY_BEFORE_X = /^(\d+)\s*[x×]\s+(.+)$/i;
const HEADER_CELL = /^(part|sku|item|product|article|code|qty|quantity)/i;

function cellsOf(text: string) {
  return text
    .split(SEPARATORS)
    .map((cell) => cell.replace(/^"(.*)"$/, "$1").trim())
    .filter(Boolean);
}

/** "Part number, Quantity" or "SKU;Qty": words only, no number a line of parts would end in. */
function isHeaderRow(cells: string[]) {
  return cells.length > 0 && HEADER_CELL.test(cells[0]) && !cells.some((cell) => /^\d+$/.test(cell));
}

/** A row's part number and quantity text: the quantity is the last cell, or stands beside an x. */
function splitRow(text: string): { partNumber: string; quantityText: string } | null {
  const spaced = text.replaceAll("×", " × ");
  const after = QUANTITY_AFTER_X.exec(spaced);
  const before = after ? null : QUANTITY_BEFORE_X.exec(spaced);
  if (after) return { partNumber: cellsOf(after[1]).join(" "), quantityText: after[2] };
  if (before) return { partNumber: cellsOf(before[2]).join(" "), quantityText: before[1] };
  const cells = cellsOf(text);
  if (cells.length < 2) return null;
  return { partNumber: cells.slice(0, -1).join(" "), quantityText: cells.at(-1)! };
}

/**
 * Splits pasted text or a CSV file into lines of part number and quantity, as copied from a
 * spreadsheet: separated by spaces, tabs, commas or semicolons, quotes around cells allowed, or
 * written "part x quantity" or "quantity x part". A header row ("Part number, Quantity") and blank
 * lines are skipped, and lines are numbered as the buyer counts them: the first part's line is 1.
 */
export function parseQuickOrderText(text: string): QuickOrderLine[] {
  const parsed: QuickOrderLine[] = [];
  const rows = text
    .split(/\r\n|\r|\n/)
    .map((row) => row.trim())
    .filter(Boolean);
  if (rows.length && isHeaderRow(cellsOf(rows[0]))) rows.shift();
  for (const [index, textOfLine] of rows.slice(0, MAX_QUICK_ORDER_LINES).entries()) {
    const line = index + 1;
    const split = splitRow(textOfLine);
    if (!split) {
      parsed.push({ line, text: textOfLine, error: "Give a part number and a quantity" });
      continue;
    }
    const quantity = orderQuantityField.safeParse(split.quantityText);
    if (!quantity.success) {
      const notANumber = !/^\d+$/.test(split.quantityText) || Number(split.quantityText) < 1;
      const error = notANumber
        ? `"${split.quantityText.slice(0, 20)}" is not a quantity (a whole number from 1)`
        : quantity.error.issues[0].message;
      parsed.push({ line, text: textOfLine, error });
      continue;
    }
    parsed.push({ line, text: textOfLine, partNumber: split.partNumber, quantity: quantity.data });
  }
  return parsed;
}
