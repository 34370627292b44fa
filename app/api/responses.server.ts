import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

import { QUOTE_STATUSES } from "~/lib/quotes";
import { ORDER_STATUSES } from "~/lib/statuses";

extendZodWithOpenApi(z);

// The JSON API's answers: the routes' serializers are typed with these, so /api/openapi.json cannot
// drift from them. The request schemas are in schemas.server.ts.

const absoluteUrl = (description: string) => z.string().url().openapi({ description });

export const ApiPictureSchema = z
  .object({
    alt: z.string().openapi({ description: "What the picture shows, for people who cannot see it." }),
    url: absoluteUrl("The largest JPEG, absolute (from APP_URL)."),
    width: z.number().int().openapi({ description: "The largest variant's width in pixels." }),
    height: z.number().int(),
    variants: z
      .array(
        z.object({
          width: z.number().int(),
          height: z.number().int(),
          avif: absoluteUrl("This size as AVIF."),
          webp: absoluteUrl("This size as WebP."),
          jpeg: absoluteUrl("This size as JPEG."),
        }),
      )
      .openapi({
        description:
          "Every size the picture was made in (widths up to 160, 320, 640 and 1280 pixels, never wider than the upload), smallest first. The addresses never change their content: cache them for ever.",
      }),
  })
  .openapi("Picture");

export const ApiDocumentSchema = z
  .object({
    fileName: z.string().openapi({ example: "Spur gear datasheet.pdf" }),
    kind: z
      .enum(["datasheet", "cad"])
      .openapi({ description: "A PDF is a datasheet; STEP, IGES, DXF and STL are CAD." }),
    type: z.enum(["pdf", "step", "iges", "dxf", "stl"]),
    contentType: z.string().openapi({ example: "application/pdf" }),
    size: z.number().int().openapi({ description: "Bytes." }),
    url: absoluteUrl("The file, downloaded as an attachment under `fileName`. Absolute (from APP_URL)."),
  })
  .openapi("Document");

export const ApiItemSchema = z
  .object({
    _id: z.number().int(),
    name: z.string(),
    img: z.string(),
    description: z.string(),
    quantity: z.number().int().openapi({ description: "Units in stock." }),
    allowBackorder: z.boolean().openapi({
      description:
        "Whether more than the stock may be ordered: the rest waits for stock, filled oldest order first, and leaves after the lead time.",
    }),
    leadTimeDays: z.number().int().openapi({ description: "Working days until units not in stock are dispatched." }),
    minOrderQuantity: z.number().int().openapi({ description: "The fewest units an order line may hold." }),
    supplierName: z.string(),
    price: z.number().openapi({ description: "List price per unit in currency units.", example: 12.5 }),
    yourPrice: z.number().nullable().optional().openapi({
      description:
        "Only when a key or session names the caller: their price per unit at the part's minimum order, where a price list of theirs gives one; null when they pay list price.",
      example: 11.25,
    }),
    priceList: z.string().nullable().optional().openapi({
      description: "Only when a key or session names the caller: the name of the price list yourPrice comes from.",
    }),
    version: z.number().int().openapi({ description: "Moves on with every change; send it back with a PUT." }),
    partNumber: z.string().openapi({ example: "GW-SG-M1-20" }),
    category: z.string().nullable().openapi({ description: "The category's slug; null for none." }),
    specs: z
      .array(z.object({ name: z.string(), value: z.string(), unit: z.string().nullable() }))
      .openapi({ description: "The specification, in the order the product page shows it." }),
    pictures: z.array(ApiPictureSchema).openapi({
      description:
        "Uploaded pictures, the main one first (the one pages show; `img` is then not shown). Empty when the part has none.",
    }),
    documents: z
      .array(ApiDocumentSchema)
      .openapi({ description: "Datasheets and CAD files, in the order the product page lists them." }),
  })
  .openapi("Item");

export const ApiReviewSchema = z
  .object({ _id: z.number().int(), name: z.string(), rating: z.number().int().min(1).max(5), review: z.string() })
  .openapi("Review");

const money = (description: string) => z.number().openapi({ description: `${description}, in currency units.` });

export const ApiOrderLineSchema = z
  .object({
    itemId: z.number().int().nullable().openapi({ description: "null once the item has been deleted." }),
    partNumber: z.string(),
    name: z.string(),
    quantity: z.number().int(),
    unitPrice: money("Price per unit when ordered, after quantity breaks"),
    lineTotal: money("unitPrice × the units not cancelled"),
    allocated: z
      .number()
      .int()
      .openapi({ description: "Units taken from stock for this line (shipped ones included)." }),
    waiting: z
      .number()
      .int()
      .openapi({ description: "Units on backorder: allocated oldest order first as stock arrives." }),
    shipped: z.number().int().openapi({ description: "Units sent so far." }),
    cancelled: z.number().int().openapi({
      description:
        "Units given up before they shipped (the line or the order cancelled); allocated + waiting + cancelled = quantity.",
    }),
    backorderDue: z.string().date().nullable().openapi({
      description: "The store's day by which the units on backorder are dispatched; null when none wait.",
      example: "2026-12-14",
    }),
  })
  .openapi("OrderLine");

export const ApiOrderSchema = z
  .object({
    _id: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.string().datetime().openapi({ description: "UTC, ISO 8601." }),
    poNumber: z.string().nullable(),
    address: z.string(),
    phone: z.string(),
    lines: z.array(ApiOrderLineSchema),
    subtotal: money("The lines' total"),
    shipping: money("Shipping"),
    tax: money("Tax on the goods and shipping"),
    total: money("What the order costs: subtotal + shipping + tax"),
    itemId: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The first line's itemId, as the single-part API answered.", deprecated: true }),
    quantity: z.number().int().openapi({ description: "The first line's quantity.", deprecated: true }),
    unitPrice: money("The first line's unit price").openapi({ deprecated: true }),
  })
  .openapi("Order");

export const ApiErrorSchema = z
  .object({
    error: z.string().openapi({ description: "What went wrong, for a person: its wording may change." }),
    code: z.string().openapi({
      description:
        "What went wrong, for a program: stable, one of `invalid_request` (400), `unauthenticated` (401), `forbidden` (403), `not_found` (404), `method_not_allowed` (405), `conflict` (409), `gone` (410), `precondition_failed` (412), `payload_too_large` (413), `unsupported_media_type` (415), `unprocessable` (422), `idempotency_key_reused` (422), `precondition_required` (428), `rate_limited` (429), `internal_error` (500).",
      example: "not_found",
    }),
    issues: z
      .record(z.array(z.string()))
      .optional()
      .openapi({ description: "Validation messages per field (400 only).", example: { price: ["Enter a price"] } }),
  })
  .openapi("Error");

export const ApiOrderRefusedSchema = ApiErrorSchema.extend({
  lines: z
    .array(
      z.object({
        itemId: z.number().int(),
        partNumber: z.string(),
        quantity: z.number().int(),
        available: z.number().int().openapi({ description: "Units in stock now." }),
        minimum: z.number().int().openapi({ description: "The part's minimum order quantity." }),
        problem: z.enum(["short", "below-minimum"]).nullable(),
      }),
    )
    .openapi({ description: "Every line as it would be priced now, with its problem if any." }),
  available: z
    .number()
    .int()
    .optional()
    .openapi({ description: "Units left of the first short part (the single-part API's field)." }),
  subtotal: money("The subtotal now"),
  shipping: money("Shipping now"),
  tax: money("Tax now"),
  total: money("The total now"),
}).openapi("OrderRefused");

const day = (description: string) => z.string().date().nullable().openapi({ description, example: "2026-12-14" });

export const ApiCartLineSchema = z
  .object({
    itemId: z.number().int(),
    partNumber: z.string(),
    name: z.string(),
    quantity: z.number().int(),
    unitPrice: money(
      "The caller's price per unit for this quantity: their contract price where a price list of theirs gives one, else list price after quantity breaks",
    ),
    listPrice: money(
      "List price per unit for this quantity, after quantity breaks: what a buyer without a contract pays",
    ),
    priceList: z.string().nullable().openapi({
      description: "The name of the caller's price list that unitPrice comes from; null for list price.",
    }),
    lineTotal: money("unitPrice × quantity"),
    allocated: z
      .number()
      .int()
      .openapi({ description: "Units that would be taken from stock if the cart were ordered now." }),
    waiting: z
      .number()
      .int()
      .openapi({ description: "Units that would wait on backorder, filled oldest order first as stock arrives." }),
    dispatchDate: day("The store's day the units from stock would leave; null when none are in stock."),
    backorderDue: day("The store's day by which the units on backorder would leave; null when none would wait."),
    problem: z.enum(["short", "below-minimum"]).nullable().openapi({
      description: "Why checkout would refuse the line now: a stock-only part short, or below its minimum.",
    }),
  })
  .openapi("CartLine");

export const ApiCartSchema = z
  .object({
    lines: z.array(ApiCartLineSchema),
    subtotal: money("The lines' total"),
    shipping: money("Shipping"),
    tax: money("Tax on the goods and shipping"),
    total: money("What ordering the cart now would cost"),
  })
  .openapi("Cart");

export const ApiStaleSchema = ApiErrorSchema.extend({
  current: ApiItemSchema.openapi({ description: "The item as it is now." }),
}).openapi("Stale");

export const ApiDeletedSchema = z.object({ deleted: z.number().int() }).openapi("Deleted");

export const ApiQuoteLineSchema = z
  .object({
    itemId: z.number().int().nullable().openapi({ description: "null once the item has been deleted." }),
    partNumber: z.string(),
    name: z.string(),
    quantity: z.number().int(),
    listPrice: money("The unit price the cart showed for this quantity when the quote was asked for"),
    quotedPrice: money("The unit price offered; null until the quote is priced").nullable(),
    lineTotal: money("quotedPrice × quantity once priced, else listPrice × quantity"),
  })
  .openapi("QuoteLine");

export const ApiQuoteSchema = z
  .object({
    _id: z.number().int(),
    number: z.string().openapi({ description: "Per year, without gaps.", example: "Q-2026-00042" }),
    status: z.enum(QUOTE_STATUSES).openapi({
      description:
        "requested (being priced) → sent (priced: may be accepted until validUntil) → accepted; expired after validUntil; declined by the shop; withdrawn by the buyer.",
    }),
    createdAt: z.string().datetime().openapi({ description: "When it was asked for. UTC, ISO 8601." }),
    sentAt: z.string().datetime().nullable().openapi({ description: "When it was last priced and sent." }),
    validUntil: z.string().date().nullable().openapi({
      description:
        "The last day it may be accepted, a date in the store's time zone (STORE_TIMEZONE); null until sent.",
      example: "2026-12-31",
    }),
    note: z.string().nullable().openapi({ description: "What the buyer wrote with the request." }),
    orderId: z.number().int().nullable().openapi({ description: "The order the accepted quote became." }),
    lines: z.array(ApiQuoteLineSchema),
    subtotal: money("The lines at the quoted prices; null until priced").nullable(),
    shipping: money("Shipping, as on the checkout page; null until priced").nullable(),
    tax: money("Tax on the goods and shipping; null until priced").nullable(),
    total: money("What accepting it costs: subtotal + shipping + tax; null until priced").nullable(),
  })
  .openapi("Quote");

export const ApiQuoteRefusedSchema = ApiErrorSchema.extend({
  quote: ApiQuoteSchema.openapi({ description: "The quote as it is now." }),
}).openapi("QuoteRefused");

export type ApiItem = z.infer<typeof ApiItemSchema>;
export type ApiQuote = z.infer<typeof ApiQuoteSchema>;
export type ApiReview = z.infer<typeof ApiReviewSchema>;
export type ApiOrder = z.infer<typeof ApiOrderSchema>;
export type ApiCart = z.infer<typeof ApiCartSchema>;
export type ApiOrderRefused = z.infer<typeof ApiOrderRefusedSchema>;
