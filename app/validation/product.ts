import { z } from "zod";

import { type MoneyFormat, typedPriceExample, typedPriceText } from "~/lib/money";

import { idField, isPlainText, MAX_ID, requiredText, wholeNumberField } from "./common";
import { MAX_ORDER_QUANTITY } from "./order";

export const MAX_PRICE = 1_000_000;
export const MAX_STOCK = 1_000_000;

/**
 * A price as an admin types it in the store's currency: "12.40", "£12.40", "1,234.50" (see
 * typedPriceText). It keeps its exact text until we know it has at most two decimals.
 */
function priceField(money: MoneyFormat) {
  const wanted = `Enter a price like ${typedPriceExample(money)}`;
  return z
    .string({ required_error: "Enter a price", invalid_type_error: "Enter a price" })
    .trim()
    .min(1, "Enter a price")
    .transform((text, context) => {
      const plain = typedPriceText(text, money);
      const price = plain === null ? Number.NaN : Number(plain);
      if (!(price <= MAX_PRICE)) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: plain === null ? wanted : `Price must be at most ${MAX_PRICE}`,
        });
        return z.NEVER;
      }
      return price;
    });
}

/** Units in stock when a part is added; after that, stock moves only by recorded adjustments. */
const openingStockField = wholeNumberField({ min: 0, max: MAX_STOCK });

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

export const MAX_SPECS = 12;
export const MAX_LEAD_TIME_DAYS = 365;

/** A text area read line by line (specifications, price breaks): its lines, or the first line's error. */
function linesField<Lines>(label: string, maxLength: number, read: (text: string) => Lines | { error: string }) {
  return z
    .string()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .optional()
    .transform((text, ctx) => {
      const lines = read(text ?? "");
      if (typeof lines === "object" && lines !== null && "error" in lines) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: lines.error });
        return z.NEVER;
      }
      return lines as Lines;
    });
}

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
  leadTimeDays: wholeNumberField({
    min: 0,
    max: MAX_LEAD_TIME_DAYS,
    required: "Enter a lead time in days",
    notWhole: "Lead time must be a whole number of days",
    tooFew: "Lead time must be at least 0 days",
    tooMany: `Lead time must be at most ${MAX_LEAD_TIME_DAYS} days`,
  }).optional(),
  minOrderQuantity: wholeNumberField({
    min: 1,
    max: MAX_ORDER_QUANTITY,
    notWhole: "Minimum order must be a whole number",
    tooFew: "Minimum order must be at least 1",
    tooMany: `Minimum order must be at most ${MAX_ORDER_QUANTITY}`,
  }).optional(),
  /** A draft, or a part taken off sale: on no public page, search or count, and not for sale. */
  hidden: z.boolean().optional(),
  /** Sold from stock only: no backorders (a part takes them unless this is ticked). */
  stockOnly: z.boolean().optional(),
  reorderPoint: wholeNumberField({
    min: 0,
    max: MAX_STOCK,
    notWhole: "Reorder point must be a whole number",
    tooFew: "Reorder point must be at least 0",
    tooMany: `Reorder point must be at most ${MAX_STOCK}`,
  }).optional(),
  priceBreaks: linesField("Price breaks", 400, (text) => {
    const parsed = parsePriceBreakLines(text);
    return "error" in parsed ? parsed : parsed.breaks;
  }),
  specs: linesField("Specifications", 4000, (text) => {
    const parsed = parseSpecLines(text);
    return "error" in parsed ? parsed : parsed.specs;
  }),
});

function buildProductSchemas(money: MoneyFormat) {
  /** The original product's fields (Add a Product, and POST /api/item). */
  const product = z.object({
    name: requiredText("a product name", 120),
    img: imageField,
    description: requiredText("a description", 2000),
    price: priceField(money),
    quantity: openingStockField,
    supplierName: requiredText("a supplier name", 120),
  });
  /** Add a Product: the original fields and the catalog's. */
  const form = product.merge(CatalogFieldsSchema);
  /**
   * Editing an item: the same fields but stock, which moves only by adjustments with a reason (the
   * stock section below the form), and the version the form was filled from (see updateItem).
   */
  const edit = form.omit({ quantity: true }).extend({
    intent: z.literal("update"),
    version: z
      .number({ required_error: "Missing version", invalid_type_error: "Missing version" })
      .int()
      .positive()
      .max(MAX_ID),
  });
  return { product, form, edit };
}

const schemasByMoney = new Map<string, ReturnType<typeof buildProductSchemas>>();

/**
 * The product schemas for a store's currency and locale (a price may carry its sign), built once per
 * format: the server passes storeMoneyFormat(), the browser the format the root loader sent.
 */
export function productSchemas(money: MoneyFormat) {
  const key = `${money.locale}|${money.currency}`;
  let schemas = schemasByMoney.get(key);
  if (!schemas) {
    schemas = buildProductSchemas(money);
    schemasByMoney.set(key, schemas);
  }
  return schemas;
}

/** "+20 received", "-3 damaged": a relative change with its reason. */
export const StockAdjustmentSchema = z.object({
  intent: z.literal("adjust-stock"),
  change: wholeNumberField({
    min: -MAX_STOCK,
    max: MAX_STOCK,
    required: "Enter how many units to add or remove",
    notWhole: "Enter a whole number such as 20 or -3",
    tooFew: `At most ${MAX_STOCK} at a time`,
    tooMany: `At most ${MAX_STOCK} at a time`,
  }).refine((change) => change !== 0, "Enter a number other than 0"),
  reason: requiredText("a reason, such as “received from supplier”", 200),
});

/** What is asked before a product is deleted (ARCHITECTURE.md's texts). */
export const DELETE_PRODUCT_QUESTION = "Delete this item? OK to proceed.";

/** The edit page's "Duplicate as a hidden draft". */
export const DuplicateProductSchema = z.object({ intent: z.literal("duplicate") });

export const DeleteProductSchema = z.object({ intent: z.literal("delete"), itemId: idField });
