import { OpenApiGeneratorV31, OpenAPIRegistry, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

import { appUrl, storeName } from "~/config/env.server";
import { idField } from "~/validation/common";

import { completeDocument } from "./openapi-complete.server";
import { registerInvoiceCalls } from "./openapi-invoices.server";
import { registerItemCalls } from "./openapi-items.server";
import { body, error, header, invalid, json, notAdmin, notJson, signedOut, tooLarge } from "./openapi-parts.server";
import { registerQuoteCalls } from "./openapi-quotes.server";
import { ApiCartSchema, ApiOrderRefusedSchema, ApiOrderSchema, ApiReviewSchema } from "./responses.server";
import {
  API_MAX_LIMIT,
  IdempotencyKeySchema,
  OrderBodySchema,
  OrderListQuerySchema,
  ReviewBodySchema,
  ReviewListQuerySchema,
} from "./schemas.server";

// The OpenAPI 3.1 document for app/routes/api.*, from the schemas those routes parse with and the
// ones their answers are typed with (app/api/schemas.server.ts, app/api/responses.server.ts). Only the
// prose is written by hand. The item calls are in openapi-items.server.ts.

function buildDocument() {
  const registry = new OpenAPIRegistry();
  const apiKey = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key an admin made under Dashboard → API Keys; it acts as that admin's account.",
  });
  const session = registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "__session",
    description: "The store's sign-in cookie, as the pages use it. Writes must come from the store's own site.",
  });
  const signedIn: RouteConfig["security"] = [{ [apiKey.name]: [] }, { [session.name]: [] }];
  registerItemCalls(registry, signedIn);
  registry.registerPath({
    method: "get",
    path: "/api/review",
    tags: ["Reviews"],
    summary: "List reviews, newest first",
    request: { query: ReviewListQuerySchema },
    responses: { 200: json("The reviews.", z.array(ApiReviewSchema)), 400: invalid },
  });
  registry.registerPath({
    method: "post",
    path: "/api/review",
    tags: ["Reviews"],
    summary: "Add a review (signed in)",
    security: signedIn,
    request: { body: body(ReviewBodySchema) },
    responses: {
      201: json("The new review.", ApiReviewSchema, {
        headers: { Location: header("/api/review/{id} of the new review.") },
      }),
      400: invalid,
      401: signedOut,
      413: tooLarge,
      415: notJson,
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/review/{id}",
    tags: ["Reviews"],
    summary: "One review (where a new review's `Location` points)",
    request: { params: z.object({ id: idField.openapi({ description: "The review's `_id`.", example: 7 }) }) },
    responses: { 200: json("The review.", ApiReviewSchema), 404: error("No review has this id.") },
  });
  registry.registerPath({
    method: "get",
    path: "/api/order",
    tags: ["Orders"],
    summary: "The caller's orders, newest first; an admin may ask for every order with ?all=1",
    security: signedIn,
    request: { query: OrderListQuerySchema },
    responses: { 200: json("The orders.", z.array(ApiOrderSchema)), 400: invalid, 401: signedOut, 403: notAdmin },
  });
  registry.registerPath({
    method: "post",
    path: "/api/order",
    tags: ["Orders"],
    summary:
      "Place an order of one or more lines: every line's stock goes down in one transaction, or nothing happens (signed in)",
    description: [
      "Prices are the parts' prices now, with quantity breaks; shipping and tax as on the checkout page.",
      "Send an `Idempotency-Key` header to make a retry safe: the same key from the same customer places one order,",
      "and every repeat of the same request answers 200 with that order; the key again with a different request is a",
      "422 (`code: idempotency_key_reused`) and orders nothing.",
    ].join(" "),
    security: signedIn,
    request: {
      body: body(OrderBodySchema),
      headers: z.object({
        "Idempotency-Key": IdempotencyKeySchema.openapi({
          description: "A key the client makes once per order it means to place (a UUID).",
          example: "0b6f3a52-8f3c-4a53-9b55-cf1f2f1d6a01",
        }),
      }),
    },
    responses: {
      200: json("This Idempotency-Key already placed this order; here it is.", ApiOrderSchema),
      201: json("The order, with each line's part number, name and price copied at this moment.", ApiOrderSchema, {
        headers: { Location: { description: "The order's address in the API.", schema: { type: "string" } } },
      }),
      400: invalid,
      401: signedOut,
      403: error("A cookie write from another site."),
      404: error("No item has an `itemId`, or no part has a `partNumber`, of a line."),
      409: json(
        "Nothing was ordered: a line is short of stock or below its minimum, or the total is not `expectedTotal`.",
        ApiOrderRefusedSchema,
      ),
      413: tooLarge,
      415: notJson,
      422: error(
        "This `Idempotency-Key` made an order for a different request: nothing was ordered. `code` is `idempotency_key_reused`, `orderId` the order the key made.",
      ),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/order/{id}",
    tags: ["Orders"],
    summary: "One of the caller's orders, with its lines and totals (any order for an administrator)",
    security: signedIn,
    request: { params: z.object({ id: idField.openapi({ description: "The order's `_id`.", example: 1042 }) }) },
    responses: {
      200: json("The order.", ApiOrderSchema),
      401: signedOut,
      404: error("No order of the caller's has this id."),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/cart",
    tags: ["Orders"],
    summary:
      "The caller's cart as ordering it now would go: prices, what leaves from stock and when, what waits on backorder",
    description:
      "The same bill as the cart page. Lines are filled on the pages (Add to Cart, quick order, a parts list); POST /api/order orders lines directly.",
    security: signedIn,
    responses: { 200: json("The cart.", ApiCartSchema), 401: signedOut },
  });
  registerQuoteCalls(registry, signedIn);
  registerInvoiceCalls(registry, signedIn);
  registry.registerPath({
    method: "get",
    path: "/api/openapi.json",
    tags: ["Documentation"],
    summary: "This document",
    responses: { 200: json("The OpenAPI 3.1 document.", z.object({}).passthrough()) },
  });

  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${storeName()} API`,
      version: "1.0.0",
      license: {
        name: `Proprietary: ${storeName()}'s API, for its customers and partners`,
        url: new URL("/about", appUrl()).toString(),
      },
      description: [
        "The original backend's calls (GET/POST /item, GET/PUT/DELETE /item/{id}, GET/POST /review) under /api,",
        "on the store's own models and rules, plus orders and quotes. Prices are numbers in currency units (12.5);",
        `lists take ?limit= (1 to ${API_MAX_LIMIT}, default ${API_MAX_LIMIT}), and every list's answer links to`,
        'its next page (`Link: <…>; rel="next"`). Errors are JSON { error, code, issues? }: `code` is stable, for programs.',
        "A method an address does not take is a 405 whose `Allow` names the ones it does (components.responses.MethodNotAllowed).",
        "Writes from another site need an API key; pages on origins the store lists in API_CORS_ORIGINS may read every",
        "answer, errors included.",
      ].join(" "),
    },
  });
  return completeDocument(generated);
}

let document: ReturnType<typeof buildDocument> | undefined;

/**
 * The document, built once per process. `servers` is APP_URL, the shop's own address: never the
 * request's Host header, which the client chooses and a cache could keep for everyone.
 */
export function openApiDocument() {
  document ??= { ...buildDocument(), servers: [{ url: appUrl() }] };
  return document;
}
