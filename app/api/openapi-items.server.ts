import type { OpenAPIRegistry, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

import { idField } from "~/validation/common";

import {
  body,
  error,
  header,
  invalid,
  json,
  noSuchItem,
  notAdmin,
  notJson,
  signedOut,
  tooLarge,
} from "./openapi-parts.server";
import { ApiDeletedSchema, ApiItemSchema, ApiStaleSchema } from "./responses.server";
import { API_MAX_LIMIT, ItemBodySchema, ItemChangesSchema, ItemListQuerySchema } from "./schemas.server";

/** The item calls of the OpenAPI document: the original backend's /item, with paging and versions. */
export function registerItemCalls(registry: OpenAPIRegistry, signedIn: RouteConfig["security"]) {
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
          description: 'The version read, in quotes (the `ETag` of GET /api/item/{id}): `"3"`; or `*` for any.',
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
      409: json(
        "The item changed since the body's `version`; nothing was saved. `current` is the item now.",
        ApiStaleSchema,
      ),
      412: error(
        "The item changed since the If-Match version, or If-Match held a weak tag: nothing was saved. For a changed item, `current` is the item now (as in the 409).",
        { headers: { ETag: header("The item's version now.") } },
      ),
      413: tooLarge,
      415: notJson,
      428: error("`quantity` was sent without the version it was read at (`version` or `If-Match`)."),
    },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/item/{id}",
    tags: ["Items"],
    summary:
      "Delete an item no open order holds; delivered and cancelled orders keep its copied name and price (admin)",
    security: signedIn,
    request: { params: itemId },
    responses: {
      200: json("Deleted.", ApiDeletedSchema),
      401: signedOut,
      403: notAdmin,
      404: noSuchItem,
      409: error(
        "The item is on an open order (pending or shipped); nothing was deleted. The message names the orders.",
      ),
    },
  });
}
