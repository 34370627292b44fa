import {
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

import { appUrl, storeName } from "~/config/env.server";
import { idField } from "~/validation/common";
import { MAX_FORM_BYTES } from "~/web/request.server";

import {
  API_MAX_LIMIT,
  ApiDeletedSchema,
  ApiErrorSchema,
  ApiItemSchema,
  ApiOrderRefusedSchema,
  ApiOrderSchema,
  ApiReviewSchema,
  ApiStaleSchema,
  IdempotencyKeySchema,
  ItemBodySchema,
  ItemChangesSchema,
  ItemListQuerySchema,
  OrderBodySchema,
  OrderListQuerySchema,
  PagingQuerySchema,
  ReviewBodySchema,
} from "./schemas.server";

// The OpenAPI 3.1 document for app/routes/api.*, from the schemas those routes parse with and the
// ones their answers are typed with (app/api/schemas.server.ts). Only the prose below is written by hand.

function json(description: string, schema: z.ZodTypeAny, extra: Partial<ResponseConfig> = {}): ResponseConfig {
  return { description, content: { "application/json": { schema } }, ...extra };
}

function body(schema: z.ZodTypeAny) {
  return { required: true, content: { "application/json": { schema } } };
}

const error = (description: string, extra: Partial<ResponseConfig> = {}) => json(description, ApiErrorSchema, extra);
const invalid = error("Not valid: `issues` holds the messages per field, or the body is not a JSON object.");
const tooLarge = error(`The body is larger than ${MAX_FORM_BYTES} bytes.`);
const signedOut = error(
  "Signed out, or the API key is not valid or has been revoked; from another site, a write without a key. " +
    "Comes with `WWW-Authenticate: Bearer`.",
);
const notAdmin = error(
  "The caller is not an administrator (a cookie write from another site is refused with 403 too).",
);
const noSuchItem = error("No item has this id.");
const notJson = error("The body is not sent as `Content-Type: application/json`.");
const header = (description: string) => ({ description, schema: { type: "string" as const } });

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
  const itemId = z.object({ id: idField.openapi({ description: "The item's `_id`." }) });

  registry.registerPath({
    method: "get",
    path: "/api/item",
    tags: ["Items"],
    summary: "List or search items (best match first for a search, else newest first), a page at a time",
    description: [
      `At most \`limit\` items (default ${API_MAX_LIMIT}). When there are more, the answer has a`,
      '`Link: <…>; rel="next"` header (RFC 8288): GET its URL, which carries a `cursor`, for the next page,',
      "until an answer has no `Link`. Parts added meanwhile move no page: newest first goes on below the last",
      "part shown, and a search's pages are counted among the parts there were at its first page.",
    ].join(" "),
    request: { query: ItemListQuerySchema },
    responses: {
      200: json("The items.", z.array(ApiItemSchema), {
        headers: {
          Link: header('`<https://…/api/item?…&cursor=…>; rel="next"` when there is a next page; absent on the last.'),
        },
      }),
      400: invalid,
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/item",
    tags: ["Items"],
    summary: "Add an item (admin)",
    security: signedIn,
    request: { body: body(ItemBodySchema) },
    responses: {
      201: json("The new item.", ApiItemSchema, {
        headers: z.object({ Location: z.string().openapi({ description: "/api/item/{id} of the new item." }) }),
      }),
      400: invalid,
      401: signedOut,
      403: notAdmin,
      413: tooLarge,
      415: notJson,
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/item/{id}",
    tags: ["Items"],
    summary: "One item",
    request: { params: itemId },
    responses: {
      200: json("The item.", ApiItemSchema, {
        headers: { ETag: header('The item\'s `version` in quotes (`"3"`): send it back as `If-Match` with a PUT.') },
      }),
      404: noSuchItem,
    },
  });
  registry.registerPath({
    method: "put",
    path: "/api/item/{id}",
    tags: ["Items"],
    summary: "Change some of an item's fields, such as a restock or a price change (admin)",
    description: [
      "Sets only the fields sent. A change is made from a version of the item: send the `version` the client",
      'read (a body field) or its `ETag` as `If-Match: "3"`. Then the change is saved only if the item is still',
      "at that version; otherwise nothing is saved and the answer is a 409 with the item as it is now (an order",
      "placed since moved it on): read it, decide again, send the new version. Setting `quantity` without a",
      "version is a 428, since it could undo orders; other fields may be sent without one.",
    ].join(" "),
    security: signedIn,
    request: {
      params: itemId,
      body: body(ItemChangesSchema),
      headers: z.object({
        "If-Match": z.string().optional().openapi({
          description: 'The version read, in quotes (the `ETag` of GET /api/item/{id}): `"3"`.',
          example: '"3"',
        }),
      }),
    },
    responses: {
      200: json("The item as it is now.", ApiItemSchema, {
        headers: { ETag: header("The item's new version, in quotes.") },
      }),
      400: error("Not valid: `issues` holds the messages per field; or If-Match is not one version in quotes."),
      401: signedOut,
      403: notAdmin,
      404: noSuchItem,
      409: json("The item changed since that version; nothing was saved. `current` is the item now.", ApiStaleSchema),
      413: tooLarge,
      415: notJson,
      428: error("`quantity` was sent without the version it was read at (`version` or `If-Match`)."),
    },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/item/{id}",
    tags: ["Items"],
    summary: "Delete an item; its orders keep their copied name and price (admin)",
    security: signedIn,
    request: { params: itemId },
    responses: { 200: json("Deleted.", ApiDeletedSchema), 401: signedOut, 403: notAdmin, 404: noSuchItem },
  });
  registry.registerPath({
    method: "get",
    path: "/api/review",
    tags: ["Reviews"],
    summary: "List reviews, newest first",
    request: { query: PagingQuerySchema },
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
      201: json("The new review.", ApiReviewSchema),
      400: invalid,
      401: signedOut,
      413: tooLarge,
      415: notJson,
      429: error(
        "Too many reviews from this account or address for now: `Retry-After` says how many seconds to wait.",
        {
          headers: { "Retry-After": header("Seconds to wait.") },
        },
      ),
    },
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
      "and every repeat answers 200 with that order.",
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
    path: "/api/openapi.json",
    tags: ["Documentation"],
    summary: "This document",
    responses: { 200: json("The OpenAPI 3.1 document.", z.object({}).passthrough()) },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${storeName()} API`,
      version: "1.0.0",
      description: [
        "The original backend's calls (GET/POST /item, GET/PUT/DELETE /item/{id}, GET/POST /review) under /api,",
        "on the store's own models and rules, plus orders. Prices are numbers in currency units (12.5);",
        `lists take ?limit= (1 to ${API_MAX_LIMIT}, default ${API_MAX_LIMIT}) and ?offset=, and GET /api/item's answer links to`,
        'its next page (`Link: <…>; rel="next"`). Errors are JSON { error, issues? }. Writes from another',
        "site need an API key; pages on origins the store lists in API_CORS_ORIGINS may read every answer, errors included.",
      ].join(" "),
    },
  });
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
