import type { OpenAPIRegistry, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

import { idField } from "~/validation/common";

import { body, error, invalid, json, notAdmin, notJson, signedOut, tooLarge } from "./openapi-parts.server";
import { ApiOrderSchema, ApiQuoteRefusedSchema, ApiQuoteSchema } from "./responses.server";
import { QuoteAcceptBodySchema, QuoteListQuerySchema } from "./schemas.server";

/** The quote calls of the OpenAPI document (issue 26): read the caller's quotes, and accept one. */
export function registerQuoteCalls(registry: OpenAPIRegistry, signedIn: RouteConfig["security"]) {
  const quoteId = z.object({ id: idField.openapi({ description: "The quote's `_id`.", example: 1 }) });

  registry.registerPath({
    method: "get",
    path: "/api/quote",
    tags: ["Quotes"],
    summary: "The caller's quotes, newest first, with their lines; an admin may ask for every quote with ?all=1",
    description:
      "Quotes are asked for from the cart page (Request a quote) and priced by the shop, which mails the buyer.",
    security: signedIn,
    request: { query: QuoteListQuerySchema },
    responses: { 200: json("The quotes.", z.array(ApiQuoteSchema)), 400: invalid, 401: signedOut, 403: notAdmin },
  });
  registry.registerPath({
    method: "get",
    path: "/api/quote/{id}",
    tags: ["Quotes"],
    summary: "One of the caller's quotes (any quote for an administrator)",
    security: signedIn,
    request: { params: quoteId },
    responses: {
      200: json("The quote.", ApiQuoteSchema),
      401: signedOut,
      404: error("No quote of the caller's has this id."),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/quote/{id}/accept",
    tags: ["Quotes"],
    summary: "Accept one of the caller's quotes: the order is placed at the quoted prices (signed in, the buyer only)",
    description: [
      "The order is placed in one transaction with the quote's move from sent to accepted, as POST /api/order",
      "places any order. A quote makes at most one order however often, and however concurrently, it is",
      "accepted: no Idempotency-Key is needed, the quote is its own. A repeat is a 409 whose `quote.orderId`",
      "names the order it made.",
    ].join(" "),
    security: signedIn,
    request: { params: quoteId, body: body(QuoteAcceptBodySchema) },
    responses: {
      201: json("The order, with the quote's lines at the quoted prices.", ApiOrderSchema, {
        headers: { Location: { description: "The order's address in the API.", schema: { type: "string" } } },
      }),
      400: invalid,
      401: signedOut,
      403: error("A cookie write from another site."),
      404: error("No quote of the caller's has this id."),
      409: json(
        "Nothing was ordered: the quote is not priced yet, already accepted (`quote.orderId`), declined or withdrawn; it changed since `expectedTotal` was shown; a part is no longer sold or short of stock. `quote` is the quote now.",
        ApiQuoteRefusedSchema,
      ),
      410: json("Nothing was ordered: the quote expired after its `validUntil`.", ApiQuoteRefusedSchema),
      413: tooLarge,
      415: notJson,
      429: error("Too many orders from this account for now: `Retry-After` says how many seconds to wait."),
    },
  });
}
