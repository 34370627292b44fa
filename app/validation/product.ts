import { z } from "zod";

import { idField, isPlainText, MAX_ID, requiredText } from "./common";
import { MAX_ORDER_QUANTITY } from "./order";

export const MAX_PRICE = 1_000_000;
export const MAX_STOCK = 1_000_000;

// Conform hands numbers over as strings when a form posts them, so price keeps its exact text
// until we know it has at most two decimals.
const priceField = z
  .string({ required_error: "Enter a price", invalid_type_error: "Enter a price" })
  .trim()
  .min(1, "Enter a price")
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Price must be a number of at least 0 with at most 2 decimals")
  .transform(Number)
  .refine((price) => price <= MAX_PRICE, `Price must be at most ${MAX_PRICE}`);

const imageField = z
  .string({ required_error: "Enter an image URL", invalid_type_error: "Enter an image URL" })
  .trim()
  .min(1, "Enter an image URL")
  .max(2048, "Image URL must be at most 2048 characters")
  .refine(isPlainText, "Image URL contains characters that are not allowed")
  .refine(
    (value) =>
      (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) ||
      /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
    "Image must be an http(s) URL or a path on this site such as /images/items/gear.svg",
  );

export const ProductSchema = z.object({
  name: requiredText("a product name", 120),
  img: imageField,
  description: requiredText("a description", 2000),
  price: priceField,
  quantity: z
    .number({ required_error: "Enter a quantity", invalid_type_error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(0, "Quantity must be at least 0")
    .max(MAX_STOCK, `Quantity must be at most ${MAX_STOCK}`),
  supplierName: requiredText("a supplier name", 120),
});

export const MAX_SPECS = 12;
export const MAX_LEAD_TIME_DAYS = 365;

/** One line of a part's specification as an admin types it and the product page shows it. */
export type SpecLine = { name: string; value: string; unit: string | null };

// "8 mm", "1.5 kW", "20 x 28 mm": a number (or sizes) and a short unit. Anything else is all value.
const NUMBER_AND_UNIT = /^(-?\d+(?:[.,]\d+)?(?:\s*[x×]\s*\d+(?:[.,]\d+)?)*)\s+([A-Za-zµ°%Ω/²³]{1,8})$/;

/** "Name: value unit" per line → spec rows, or the first line that does not read that way. */
export function parseSpecLines(text: string): { specs: SpecLine[] } | { error: string } {
  const specs: SpecLine[] = [];
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_SPECS) return { error: `At most ${MAX_SPECS} specifications` };
  for (const [index, line] of lines.entries()) {
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    const rest = colon > 0 ? line.slice(colon + 1).trim() : "";
    if (!name || !rest) return { error: `Line ${index + 1}: write it as “Name: value unit”, such as “Bore: 8 mm”` };
    if (name.length > 40 || rest.length > 80 || !isPlainText(line)) {
      return { error: `Line ${index + 1}: names up to 40 characters and values up to 80, plain text only` };
    }
    if (specs.some((spec) => spec.name.toLowerCase() === name.toLowerCase())) {
      return { error: `Line ${index + 1}: “${name}” is listed twice` };
    }
    const measured = NUMBER_AND_UNIT.exec(rest);
    specs.push(measured ? { name, value: measured[1], unit: measured[2] } : { name, value: rest, unit: null });
  }
  return { specs };
}

/** Spec rows as the form's text: one "Name: value unit" per line. */
export function specLinesText(specs: SpecLine[]) {
  return specs.map((spec) => `${spec.name}: ${spec.value}${spec.unit ? ` ${spec.unit}` : ""}`).join("\n");
}

export const MAX_PRICE_BREAKS = 8;

/** A quantity price break as an admin types it: from `minQuantity` units, `priceCents` each. */
export type PriceBreakLine = { minQuantity: number; priceCents: number };

const PRICE_BREAK_LINE = /^(\d{1,5})\s*\+?\s*[:=]?\s*(\d{1,7}(?:\.\d{1,2})?)$/;

/**
 * "10: 4.40" (or "10+ 4.40") per line → price breaks, or the first line that does not read that way.
 * Each break is for more units than the one before and costs less per unit.
 */
export function parsePriceBreakLines(text: string): { breaks: PriceBreakLine[] } | { error: string } {
  const breaks: PriceBreakLine[] = [];
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_PRICE_BREAKS) return { error: `At most ${MAX_PRICE_BREAKS} price breaks` };
  for (const [index, line] of lines.entries()) {
    const match = PRICE_BREAK_LINE.exec(line);
    if (!match) return { error: `Line ${index + 1}: write it as “quantity: price”, such as “10: 4.40”` };
    const minQuantity = Number(match[1]);
    const priceCents = Math.round(Number(match[2]) * 100);
    if (minQuantity < 2) return { error: `Line ${index + 1}: a price break starts at 2 units or more` };
    const previous = breaks.at(-1);
    if (previous && minQuantity <= previous.minQuantity) {
      return { error: `Line ${index + 1}: list the breaks from the fewest units to the most` };
    }
    if (previous && priceCents >= previous.priceCents) {
      return { error: `Line ${index + 1}: a break for more units must cost less per unit` };
    }
    breaks.push({ minQuantity, priceCents });
  }
  return { breaks };
}

/** Price breaks as the form's text: one "quantity: price" per line. */
export function priceBreakLinesText(breaks: PriceBreakLine[]) {
  return breaks.map((line) => `${line.minQuantity}: ${(line.priceCents / 100).toFixed(2)}`).join("\n");
}

/** The catalog's fields of a part, edited on the product pages of the dashboard. */
const CatalogFieldsSchema = z.object({
  partNumber: z
    .string()
    .trim()
    .max(40, "Part number must be at most 40 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/, "Part number: letters and digits, with spaces, dots, hyphens or slashes")
    .optional(),
  /** The id of one of the categories the form lists. */
  category: idField.optional(),
  leadTimeDays: z
    .number({ required_error: "Enter a lead time in days", invalid_type_error: "Lead time must be a whole number" })
    .int("Lead time must be a whole number of days")
    .min(0, "Lead time must be at least 0 days")
    .max(MAX_LEAD_TIME_DAYS, `Lead time must be at most ${MAX_LEAD_TIME_DAYS} days`)
    .optional(),
  minOrderQuantity: z
    .number({ invalid_type_error: "Minimum order must be a whole number" })
    .int("Minimum order must be a whole number")
    .min(1, "Minimum order must be at least 1")
    .max(MAX_ORDER_QUANTITY, `Minimum order must be at most ${MAX_ORDER_QUANTITY}`)
    .optional(),
  priceBreaks: z
    .string()
    .max(400, "Price breaks must be at most 400 characters")
    .optional()
    .transform((text, ctx) => {
      const parsed = parsePriceBreakLines(text ?? "");
      if ("error" in parsed) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
        return z.NEVER;
      }
      return parsed.breaks;
    }),
  specs: z
    .string()
    .max(4000, "Specifications must be at most 4000 characters")
    .optional()
    .transform((text, ctx) => {
      const parsed = parseSpecLines(text ?? "");
      if ("error" in parsed) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
        return z.NEVER;
      }
      return parsed.specs;
    }),
});

/** Add a Product: the original fields and the catalog's. */
export const ProductFormSchema = ProductSchema.merge(CatalogFieldsSchema);

/** Editing an item: the same fields, and the version the form was filled from (see updateItem). */
export const EditProductSchema = ProductFormSchema.extend({
  intent: z.literal("update"),
  version: z
    .number({ required_error: "Missing version", invalid_type_error: "Missing version" })
    .int()
    .positive()
    .max(MAX_ID),
});

/** "+20 received", "-3 damaged": a relative change with its reason. */
export const StockAdjustmentSchema = z.object({
  intent: z.literal("adjust-stock"),
  change: z
    .number({
      required_error: "Enter how many units to add or remove",
      invalid_type_error: "Enter a whole number such as 20 or -3",
    })
    .int("Enter a whole number such as 20 or -3")
    .min(-MAX_STOCK, `At most ${MAX_STOCK} at a time`)
    .max(MAX_STOCK, `At most ${MAX_STOCK} at a time`)
    .refine((change) => change !== 0, "Enter a number other than 0"),
  reason: requiredText("a reason, such as “received from supplier”", 200),
});

export const DeleteProductSchema = z.object({ intent: z.literal("delete"), itemId: idField });
