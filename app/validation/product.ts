import { z } from "zod";

import { idField, isPlainText, MAX_ID, requiredText } from "./common";

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

/** Editing an item: the same fields, and the version the form was filled from (see updateItem). */
export const EditProductSchema = ProductSchema.extend({
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
