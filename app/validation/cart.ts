import { z } from "zod";

import { idField } from "./common";
import { FORM_EXPIRED, MAX_ORDER_QUANTITY, orderSchema } from "./order";

export const quantityField = z
  .number({ required_error: "Enter a quantity", invalid_type_error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(1, "Order at least 1")
  .max(MAX_ORDER_QUANTITY, `You can order at most ${MAX_ORDER_QUANTITY} at a time`);

/** Where a form posted to /cart from another page sends the buyer back to (without JavaScript). */
const returnTo = z.string().max(500).optional();

/** /cart's forms, told apart by `intent`: Add to Cart from any page, and the cart's own lines. */
export const CartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), itemId: idField, quantity: quantityField.default(1), returnTo }),
  z.object({ intent: z.literal("update"), itemId: idField, quantity: quantityField, returnTo }),
  z.object({ intent: z.literal("remove"), itemId: idField, returnTo }),
]);

const singlePartOrder = orderSchema(Number.POSITIVE_INFINITY).shape;

/** Checkout: the address, phone, PO number and token of the order form, and the total it showed. */
export const CheckoutSchema = z.object({
  address: singlePartOrder.address,
  phone: singlePartOrder.phone,
  poNumber: singlePartOrder.poNumber,
  checkoutToken: singlePartOrder.checkoutToken,
  /** The total, in minor units, that the page showed beside Place Order. */
  expectedTotal: z.number({ required_error: FORM_EXPIRED }).int().min(0),
});

export const MAX_QUICK_ORDER_LINES = 1000;
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

/**
 * Splits pasted text or a CSV file into lines of part number and quantity, as copied from a
 * spreadsheet: separated by spaces, tabs, commas or semicolons, quotes around cells allowed. A
 * header row ("Part number, Quantity") and blank lines are skipped.
 */
export function parseQuickOrderText(text: string): QuickOrderLine[] {
  const parsed: QuickOrderLine[] = [];
  const rows = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of rows.entries()) {
    const line = index + 1;
    const textOfLine = raw.trim();
    if (!textOfLine) continue;
    const cells = textOfLine
      .split(SEPARATORS)
      .map((cell) => cell.replace(/^"(.*)"$/, "$1").trim())
      .filter(Boolean);
    if (parsed.length === 0 && cells.length >= 1 && /^part/i.test(cells[0]) && !/\d/.test(cells.at(-1) ?? "")) continue;
    if (cells.length < 2) {
      parsed.push({ line, text: textOfLine, error: "Give a part number and a quantity" });
      continue;
    }
    const quantityText = cells.at(-1)!;
    const partNumber = cells.slice(0, -1).join(" ");
    if (!/^\d{1,6}$/.test(quantityText) || Number(quantityText) < 1) {
      parsed.push({
        line,
        text: textOfLine,
        error: `"${quantityText.slice(0, 20)}" is not a quantity (a whole number from 1)`,
      });
      continue;
    }
    const quantity = Number(quantityText);
    if (quantity > MAX_ORDER_QUANTITY) {
      parsed.push({ line, text: textOfLine, error: `You can order at most ${MAX_ORDER_QUANTITY} at a time` });
      continue;
    }
    parsed.push({ line, text: textOfLine, partNumber, quantity });
    if (parsed.length >= MAX_QUICK_ORDER_LINES) break;
  }
  return parsed;
}
