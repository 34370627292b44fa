import { createHash, randomUUID } from "node:crypto";

import { newestFirstPage, pageJson } from "~/api/paging.server";
import { ApiError, apiJson, apiRoute, parseQuery, parseWith, readJsonBody, requirePoints } from "~/api/route.server";
import { IdempotencyKeySchema, OrderBodySchema, OrderListQuerySchema } from "~/api/schemas.server";
import { toApiOrder, toApiRefusal } from "~/api/shapes.server";
import { partNumberKey } from "~/lib/part-number";
import { itemsByPartNumber } from "~/models/cart";
import { getOrder, linesOfOrders, listOrdersPage } from "~/models/order";
import { ACCOUNT_DELETED, creditRefusalText } from "~/replies/checkout.server";
import { placeOrder } from "~/services/checkout.server";
import { orderingLimits } from "~/web/rate-limit.server";

// POST /api/order places an order through the same checkout transaction as the pages; GET lists them.
// (The original ordered with PUT /item/{id} and a new quantity: a client never writes stock here.)
const handleApiCall = apiRoute({
  async GET({ request, url, requireCaller }) {
    const user = await requireCaller();
    const { all, limit, offset, cursor } = parseQuery(OrderListQuerySchema, url);
    if (all && user.role !== "admin") throw new ApiError(403, "Only an administrator can list every order.");
    const { rows: orders, next } = await newestFirstPage(
      (ask) => listOrdersPage({ ...ask, ownerId: all ? undefined : user.id }),
      { limit, offset, cursor },
    );
    const lines = await linesOfOrders(orders.map((order) => order.id));
    return pageJson(
      request,
      url,
      orders.map((order) => toApiOrder({ ...order, lines: lines.get(order.id) ?? [] })),
      next,
    );
  },

  async POST({ request, requireCaller }) {
    const user = await requireCaller();
    const idempotencyKey = parseWith(IdempotencyKeySchema, request.headers.get("Idempotency-Key") ?? undefined);
    const fromProfile = { address: user.address ?? undefined, phone: user.phone ?? undefined };
    const body = parseWith(OrderBodySchema, { ...fromProfile, ...(await readJsonBody(request)) });
    const lines = await wantedLines(body);
    // The same limit as the order pages: every order mails the customer and the shop.
    const quota = await requirePoints(orderingLimits(user.id));
    // What this request asks for, kept with its key: the key again with anything else is refused.
    const requestHash = idempotencyKey ? hashOfRequest({ ...body, lines }) : undefined;
    const result = await placeOrder({
      userId: user.id,
      lines,
      address: body.address!,
      phone: body.phone!,
      poNumber: body.poNumber,
      // Without a key every request is a new order, as the single-part API always was.
      token: idempotencyKey ?? randomUUID(),
      requestHash,
      expectedTotalCents: body.expectedTotal === undefined ? undefined : Math.round(body.expectedTotal * 100),
    });
    if (!result.ok) {
      switch (result.reason) {
        case "empty":
          throw new ApiError(400, "There is nothing to order.");
        case "not-found":
          throw new ApiError(404, `No item has the id ${result.itemIds.join(", ")}.`);
        case "problems":
          throw new ApiError(
            409,
            "Nothing was ordered: some lines are short of stock or below their minimum. `lines` says which.",
            toApiRefusal(result.bill),
          );
        case "total-changed":
          throw new ApiError(
            409,
            "Nothing was ordered: the total is not expectedTotal any more. Here are the lines and totals now.",
            toApiRefusal(result.bill),
          );
        case "credit-limit":
        case "overdue":
          throw new ApiError(409, creditRefusalText(result));
        case "no-account":
          throw new ApiError(409, ACCOUNT_DELETED);
        case "token-reused":
          throw new ApiError(
            422,
            `This Idempotency-Key made order ${result.orderId} for a different request. Nothing was ordered: send a new key for a new order, or the same request to read the one it made.`,
            { orderId: result.orderId },
            {},
            "idempotency_key_reused",
          );
      }
    }
    const placed = await getOrder(result.orderId, { ownerId: user.id });
    if (!placed) throw new Error(`Order ${result.orderId} vanished right after it was placed`);
    // A repeated key answers with the order it made the first time, as 200 rather than 201.
    return apiJson(toApiOrder(placed), {
      status: result.repeated ? 200 : 201,
      headers: { Location: `/api/order/${placed.id}`, ...quota },
    });
  },
});

/**
 * The request as its key remembers it: lines (by item id, merged and ordered), address, phone, PO
 * number and expected total, written in one order and hashed, so the same order asked again in
 * another key order or spelling (a part number for an id) is the same request.
 */
function hashOfRequest(request: {
  lines: { itemId: number; quantity: number }[];
  address?: string;
  phone?: string;
  poNumber?: string;
  expectedTotal?: number;
}) {
  const quantities = new Map<number, number>();
  for (const line of request.lines) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.quantity);
  const canonical = JSON.stringify([
    [...quantities].sort(([a], [b]) => a - b),
    request.address ?? null,
    request.phone ?? null,
    request.poNumber ?? null,
    request.expectedTotal ?? null,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** The body's lines as item ids: part numbers are looked up, and one unknown is a 404 for all. */
async function wantedLines(body: ReturnType<typeof OrderBodySchema.parse>) {
  if (!body.lines) return [{ itemId: body.itemId!, quantity: body.quantity! }];
  const byKey = await itemsByPartNumber(body.lines.flatMap((line) => (line.partNumber ? [line.partNumber] : [])));
  const unknown: string[] = [];
  const lines = body.lines.map((line) => {
    if (line.itemId !== undefined) return { itemId: line.itemId, quantity: line.quantity };
    const item = byKey.get(partNumberKey(line.partNumber!));
    if (!item) unknown.push(line.partNumber!);
    return { itemId: item?.id ?? 0, quantity: line.quantity };
  });
  if (unknown.length) throw new ApiError(404, `No part has the number ${unknown.join(", ")}.`);
  return lines;
}

export const loader = handleApiCall;
export const action = handleApiCall;
