import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

import { storeMoneyFormat } from "~/config/env.server";
import { DEEPEST_OFFSET, MAX_SEARCH_LENGTH, strictSearchText } from "~/validation/catalog";
import { idField, MAX_ID, requiredText } from "~/validation/common";
import { MAX_ORDER_QUANTITY, orderQuantityField, orderSchema } from "~/validation/order";
import { productSchemas } from "~/validation/product";
import { ReviewSchema } from "~/validation/review";

import { CursorParam } from "./paging.server";

// The JSON API's schemas, built from the pages' own rules. They carry their OpenAPI descriptions,
// so /api/openapi.json is generated from the very objects the routes parse with. Only server code
// imports this file (the API-key form's schemas live in app/validation/api-key.ts).
extendZodWithOpenApi(z);

export const API_MAX_LIMIT = 100;

/** The stock ledger's reason for a quantity set through PUT /api/item/:id without a stockReason. */
export const API_STOCK_REASON = "Stock figure set through the API";

// The old client sent every field as a string ("12.5", "10"); JSON clients send numbers. Both are
// turned into what the page's rule expects, and the rule itself decides (a quantity's rule reads
// both as they are: see wholeNumberField).
function numberAsText(value: unknown) {
  return typeof value === "number" ? String(value) : value;
}

function numericTextAsNumber(value: unknown) {
  return typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

// ---------------------------------------------------------------------------------------------
// Request bodies

const ProductSchema = productSchemas(storeMoneyFormat()).product;

/** POST /api/item: the add-product form's fields and rules. */
export const ItemBodySchema = ProductSchema.extend({
  price: z.preprocess(numberAsText, ProductSchema.shape.price).openapi({
    type: ["number", "string"],
    description: 'Price per unit in currency units, at least 0, at most 2 decimals: 12.5 or "12.5".',
    example: 12.5,
  }),
  quantity: ProductSchema.shape.quantity.openapi({
    type: ["integer", "string"],
    description: 'Units in stock, a whole number in decimal digits: 10 or "10". Recorded as the opening stock.',
    example: 10,
  }),
}).openapi("ItemInput");

const versionField = z.preprocess(
  numericTextAsNumber,
  z
    .number({ invalid_type_error: "version must be a whole number" })
    .int("version must be a whole number")
    .positive()
    .max(MAX_ID),
);

/**
 * PUT /api/item/:id: any of the same fields, each under the same rule; the others stay as they are.
 * `version` (or an If-Match header) is the item's version the change was made from. A new
 * `quantity` is a stock change recorded in the stock ledger with `stockReason`.
 */
export const ItemChangesSchema = ItemBodySchema.partial()
  .extend({
    quantity: ItemBodySchema.shape.quantity.optional().openapi({
      type: ["integer", "string"],
      description:
        "Units in stock, set only against the `version` it was read at (428 without one, 409 when stale). " +
        "Recorded in the stock ledger as a change of the difference, with `stockReason`.",
      example: 25,
    }),
    stockReason: requiredText("a reason for the stock change", 200)
      .optional()
      .openapi({
        description: `Why \`quantity\` changed, kept in the stock ledger. Defaults to "${API_STOCK_REASON}".`,
        example: "Received from supplier",
      }),
    version: versionField.optional().openapi({
      type: ["integer", "string"],
      description:
        'The `version` the change was made from (or send it as `If-Match: "3"`). Required to set `quantity`.',
      example: 3,
    }),
  })
  .refine(
    ({ version: _version, stockReason: _reason, ...changes }) =>
      Object.values(changes).some((value) => value !== undefined),
    { message: `Send at least one of: ${Object.keys(ItemBodySchema.shape).join(", ")}` },
  )
  .refine((body) => body.stockReason === undefined || body.quantity !== undefined, {
    message: "stockReason goes with quantity",
    path: ["stockReason"],
  })
  .openapi("ItemChanges", { minProperties: 1 });

/** POST /api/review: the add-review form's fields and rules. */
export const ReviewBodySchema = ReviewSchema.extend({
  rating: z.preprocess(numericTextAsNumber, ReviewSchema.shape.rating).openapi({
    type: ["integer", "string"],
    description: '1 to 5: 4 or "4".',
    example: 4,
  }),
}).openapi("ReviewInput");

// Stock is the database's to judge: checkout's conditional UPDATEs answer with what is left (409).
// So the order form's rules apply as if stock were unlimited: a whole number from 1 to the order limit.
const orderRules = orderSchema(Number.POSITIVE_INFINITY).shape;

const orderQuantity = orderQuantityField.openapi({
  type: ["integer", "string"],
  description: `How many to order, a whole number from 1 to ${MAX_ORDER_QUANTITY} (and at least the part's minimum).`,
  example: 10,
});

const orderItemId = z.preprocess(numericTextAsNumber, idField).openapi({
  type: ["integer", "string"],
  description: "The item's `_id`.",
  example: 1,
});

export const ApiOrderLineInputSchema = z
  .object({
    itemId: orderItemId.optional(),
    partNumber: z.string().trim().min(1).max(60).optional().openapi({
      description: "The part number, instead of `itemId`: `GW-SG-M1-20` (case, spaces, hyphens and dots ignored).",
    }),
    quantity: orderQuantity,
  })
  .refine((line) => (line.itemId === undefined) !== (line.partNumber === undefined), {
    message: "Give each line an itemId or a partNumber (one of them)",
  })
  .openapi("OrderLineInput");

export const MAX_API_ORDER_LINES = 500;

/** Where an order goes, as POST /api/order and a quote's Accept take it. */
const shippingFields = {
  address: orderRules.address.optional().openapi({ description: "Defaults to the address in the caller's profile." }),
  phone: orderRules.phone.optional().openapi({ description: "Defaults to the phone number in the caller's profile." }),
  poNumber: orderRules.poNumber.openapi({ description: "The buyer's purchase order number, shown on the order." }),
};

/** Address and phone left out and not in the caller's profile either (the route fills them in from there first). */
function requireShipping(body: { address?: string; phone?: string }, context: z.RefinementCtx) {
  if (body.address === undefined) {
    context.addIssue({ code: "custom", path: ["address"], message: "Enter a shipping address" });
  }
  if (body.phone === undefined) {
    context.addIssue({ code: "custom", path: ["phone"], message: "Enter your phone number" });
  }
}

/**
 * POST /api/order: `lines`, or the original single `itemId` + `quantity`. Address and phone may be
 * left out when the caller's profile has them.
 */
export const OrderBodySchema = z
  .object({
    lines: z
      .array(ApiOrderLineInputSchema)
      .min(1, "Give at least one line")
      .max(MAX_API_ORDER_LINES, `Give at most ${MAX_API_ORDER_LINES} lines`)
      .optional(),
    itemId: orderItemId.optional().openapi({ description: "With `quantity`, a one-line order (instead of `lines`)." }),
    quantity: orderQuantity.optional(),
    ...shippingFields,
    expectedTotal: z.number().min(0).optional().openapi({
      description:
        "The total the client showed, in currency units: if the total is different now, nothing is ordered (409).",
      example: 59.4,
    }),
  })
  .superRefine((body, context) => {
    const single = body.itemId !== undefined || body.quantity !== undefined;
    if (body.lines && single) {
      context.addIssue({ code: "custom", path: ["lines"], message: "Send lines, or itemId and quantity, not both" });
    } else if (!body.lines && !single) {
      context.addIssue({ code: "custom", path: ["lines"], message: "Send lines, or itemId and quantity" });
    } else if (!body.lines) {
      if (body.itemId === undefined) context.addIssue({ code: "custom", path: ["itemId"], message: "Send itemId" });
      if (body.quantity === undefined)
        context.addIssue({ code: "custom", path: ["quantity"], message: "Enter a quantity" });
    }
    requireShipping(body, context);
  })
  .openapi("OrderInput");

/**
 * POST /api/quote/:id/accept: the order's address, phone and PO number, as POST /api/order takes
 * them (address and phone default to the caller's profile), and optionally the total the client
 * showed.
 */
export const QuoteAcceptBodySchema = z
  .object({
    ...shippingFields,
    expectedTotal: z.number().min(0).optional().openapi({
      description:
        "The quote's total the client showed, in currency units: if the shop has changed the quote since, nothing is ordered (409).",
      example: 553.2,
    }),
  })
  .superRefine((body, context) => {
    requireShipping(body, context);
  })
  .openapi("QuoteAcceptInput");

/** The Idempotency-Key header: one order per key and customer, however often it is sent. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,200}$/, "Idempotency-Key must be 8 to 200 printable characters without spaces")
  .optional();

// ---------------------------------------------------------------------------------------------
// Query strings

function wholeNumberParam(name: string, min: number, max: number, more = "") {
  const message = `${name} must be a whole number from ${min} to ${max}${more}`;
  return z.preprocess(
    numericTextAsNumber,
    z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message),
  );
}

export const PagingQuerySchema = z.object({
  limit: wholeNumberParam("limit", 1, API_MAX_LIMIT).default(API_MAX_LIMIT),
  offset: wholeNumberParam("offset", 0, MAX_ID).default(0),
});

/** A page of any API list: `limit`, and the `cursor` of a Link header (or an `offset`, as before). */
const listPaging = {
  limit: PagingQuerySchema.shape.limit,
  cursor: CursorParam.optional().openapi({
    type: "string",
    description:
      "Where the next page starts. Never made by hand: follow the URL of the answer's `Link: <…>; " +
      'rel="next"` header, which carries it (and the other parameters as they were). No `Link`: that was the last page.',
  }),
  offset: wholeNumberParam("offset", 0, DEEPEST_OFFSET, "; further on, follow the Link header's cursor")
    .optional()
    .openapi({
      type: "integer",
      description: `Rows to skip (default 0, at most ${DEEPEST_OFFSET}). The \`Link\` header's cursor is the better way on, and the only one past that.`,
    }),
};

function cursorOrOffset({ cursor, offset }: { cursor?: unknown; offset?: number }, context: z.RefinementCtx) {
  if (cursor !== undefined && offset !== undefined) {
    context.addIssue({ code: "custom", path: ["offset"], message: "Send cursor or offset, not both" });
  }
}

/** GET /api/review: newest first, a page at a time, as every list pages. */
export const ReviewListQuerySchema = z.object(listPaging).superRefine(cursorOrOffset);

/** GET /api/item: the catalog page's search and filters with paging, by cursor (or offset, as before). */
export const ItemListQuerySchema = z
  .object({
    ...listPaging,
    q: strictSearchText.openapi({
      type: "string",
      maxLength: MAX_SEARCH_LENGTH,
      description: `Search part numbers (whole or in part) and names and descriptions by word, as on the catalog page. At most ${MAX_SEARCH_LENGTH} characters: a longer one is a 400.`,
    }),
    category: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/, "category must be a category's slug")
      .optional()
      .openapi({ description: "A category's slug (`gears`)." }),
    inStock: z
      .enum(["1", "0", "true", "false"], { message: "inStock must be 1 or 0" })
      .optional()
      .transform((value) => value === "1" || value === "true")
      .openapi({ type: "string", description: "`1`: only parts with units in stock." }),
  })
  .superRefine(cursorOrOffset);

/** GET /api/order and GET /api/quote: `?all=1` asks for every customer's (admins only); paged as every list. */
export const OrderListQuerySchema = z
  .object({
    ...listPaging,
    all: z
      .enum(["1", "0", "true", "false"], { message: "all must be 1 or 0" })
      .optional()
      .transform((value) => value === "1" || value === "true")
      .openapi({ type: "string", description: "`1`: every customer's (administrators only)." }),
  })
  .superRefine(cursorOrOffset);

/** GET /api/quote: `?all=1` as for orders. */
export const QuoteListQuerySchema = OrderListQuerySchema;
