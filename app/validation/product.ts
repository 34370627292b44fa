import { z } from "zod";
import { hasNoControlCharacters, idField, requiredText } from "./common";

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
  .refine(hasNoControlCharacters, "Image URL contains characters that are not allowed")
  .refine(
    (value) => (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
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

export const EditProductSchema = ProductSchema.extend({ intent: z.literal("update"), itemId: idField });

export const DeleteProductSchema = z.object({ intent: z.literal("delete"), itemId: idField });
