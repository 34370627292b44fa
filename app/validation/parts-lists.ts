import { z } from "zod";

import { idField, requiredText } from "./common";
import { orderQuantityField } from "./order";

/** The most lists one buyer keeps. */
export const MAX_PARTS_LISTS = 50;
export const MAX_LIST_NAME = 80;
export const MAX_CUSTOMER_PART_NUMBER = 40;

export const listNameField = requiredText("a name for the list", MAX_LIST_NAME);

/** The buyer's own number for a part: blank removes it. */
export const customerPartNumberField = z
  .string({ invalid_type_error: "Your part number must be text" })
  .trim()
  .max(MAX_CUSTOMER_PART_NUMBER, `Your part number must be at most ${MAX_CUSTOMER_PART_NUMBER} characters`)
  .refine((value) => /^[\p{L}\p{N} ._/#+-]*$/u.test(value), "Use letters, digits, spaces and . _ / # + - only")
  .refine((value) => value === "" || /[\p{L}\p{N}]/u.test(value), "Your part number needs a letter or a digit")
  .optional();

/** "Save as a parts list" under the cart. */
export const SaveListSchema = z.object({ intent: z.literal("save-list"), name: listNameField });

/** /dashboard/lists: Add a list to the cart. */
export const ListsActionSchema = z.object({ intent: z.literal("add-to-cart"), listId: idField });

/** /dashboard/lists/:id: rename, a line's quantity, part number or removal, add to cart, delete. */
export const ListActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: listNameField }),
  z.object({ intent: z.literal("update"), itemId: idField, quantity: orderQuantityField }),
  z.object({ intent: z.literal("remove"), itemId: idField }),
  z.object({ intent: z.literal("part-number"), itemId: idField, customerPartNumber: customerPartNumberField }),
  z.object({ intent: z.literal("add-to-cart") }),
  z.object({ intent: z.literal("delete") }),
  // The keeper shares it with their company, or keeps it to themselves again.
  z.object({ intent: z.enum(["share", "unshare"]) }),
]);

/** The keeper's rename form. */
export const RenameListSchema = z.object({ intent: z.literal("rename"), name: listNameField });
