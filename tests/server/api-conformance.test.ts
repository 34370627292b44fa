import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, expect, test } from "vitest";

import { openApiDocument } from "~/api/openapi.server";
import { storeToday } from "~/config/env.server";
import { createApiKey } from "~/models/api-key.server";
import { addLinesToCart } from "~/models/cart";
import { getQuote } from "~/models/quote";
import { shipReadyParts } from "~/services/order-status.server";
import { requestQuote, sendQuote } from "~/services/quotes.server";

import { newItem } from "../support/builders";
import { openApiMismatch } from "../support/openapi-conformance";
import { SHIPPING } from "../support/orders";
import { TEST_SHIPMENT } from "../support/orders";
import { type ServerProcess, startServer } from "../support/server";
import { createSignedInUser } from "../support/users";

// Every operation the OpenAPI document lists, called through the built server as a client
// generated from the document would call it, and every answer held to the document: its status
// listed for that call, its body valid against the schema given for it (ajv, JSON Schema 2020-12),
// its headers those the document promises (issue 48).

let server: ServerProcess;
const called = new Set<string>();
const mismatches: string[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** One call, its answer checked against the document and noted as the operation it was. */
async function api(
  method: string,
  path: string,
  { key, body, headers = {} }: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  const json = text && /json/.test(response.headers.get("content-type") ?? "") ? JSON.parse(text) : undefined;
  const mismatch = openApiMismatch(method, path, response.status, json);
  if (mismatch) mismatches.push(mismatch);
  const pathname = new URL(path, server.origin).pathname;
  const template = Object.keys(openApiDocument().paths ?? {}).find((candidate) =>
    new RegExp(`^${candidate.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname),
  );
  if (template) called.add(`${method.toLowerCase()} ${template}`);
  return { status: response.status, headers: response.headers, json };
}

test("every documented operation, called: every answer is one the document describes", async () => {
  const admin = await createSignedInUser({ role: "admin" });
  const customer = await createSignedInUser();
  const adminKey = (await createApiKey({ userId: admin.user.id, name: "conformance" })).key;
  const key = (await createApiKey({ userId: customer.user.id, name: "conformance" })).key;
  const part = await newItem({ quantity: 100, price_cents: 1250 });
  await newItem();

  // Items: list (paged, tagged), create, one (tagged), change (versions), delete.
  const list = await api("GET", "/api/item?limit=1");
  expect(list.status).toBe(200);
  expect(list.headers.get("Link")).toMatch(/rel="next"/);
  expect(
    (await api("GET", "/api/item?limit=1", { headers: { "If-None-Match": list.headers.get("ETag")! } })).status,
  ).toBe(304);
  expect((await api("GET", "/api/item?limit=0")).status).toBe(400);
  expect((await api("GET", "/api/item", { key: "gwk_notakeynotakeynotakeynotakeynotakeynotakey1" })).status).toBe(401);
  const created = await api("POST", "/api/item", {
    key: adminKey,
    body: {
      name: "Conformance Gear",
      img: "/images/items/spur-gear.svg",
      description: "A part the conformance test made.",
      price: 4.5,
      quantity: 3,
      supplierName: "Gearwright Works",
    },
  });
  expect(created.status).toBe(201);
  expect((await api("POST", "/api/item", { key, body: { name: "Not staff" } })).status).toBe(403);
  const id = created.json._id as number;
  const one = await api("GET", `/api/item/${id}`);
  expect((await api("GET", `/api/item/${id}`, { headers: { "If-None-Match": one.headers.get("ETag")! } })).status).toBe(
    304,
  );
  expect((await api("GET", "/api/item/987654321")).status).toBe(404);
  expect((await api("PUT", `/api/item/${id}`, { key: adminKey, body: { quantity: 4 } })).status).toBe(428);
  const changed = await api("PUT", `/api/item/${id}`, {
    key: adminKey,
    headers: { "If-Match": one.headers.get("ETag")! },
    body: { quantity: 4 },
  });
  expect(changed.status).toBe(200);
  expect(
    (
      await api("PUT", `/api/item/${id}`, {
        key: adminKey,
        headers: { "If-Match": one.headers.get("ETag")! },
        body: { quantity: 5 },
      })
    ).status,
  ).toBe(412);
  expect((await api("PUT", `/api/item/${id}`, { key: adminKey, body: { quantity: 5, version: 1 } })).status).toBe(409);
  expect((await api("DELETE", `/api/item/${id}`, { key: adminKey })).status).toBe(200);
  const notAllowed = await api("PATCH", `/api/item/${part.id}`, { key: adminKey, body: {} });
  expect(notAllowed.status).toBe(405);
  expect(notAllowed.headers.get("Allow")).toBe("GET, PUT, DELETE, HEAD, OPTIONS");

  // Reviews: write (Location, rate-limit headers), list (paged), one.
  const review = await api("POST", "/api/review", { key, body: { name: "Conny", rating: 5, review: "Fits." } });
  expect(review.status).toBe(201);
  expect(review.headers.get("RateLimit")).toMatch(/^"posting";r=\d+;t=\d+$/);
  expect(review.headers.get("RateLimit-Policy")).toMatch(/^"posting";q=\d+;w=\d+$/);
  expect((await api("GET", review.headers.get("Location")!)).status).toBe(200);
  expect((await api("GET", "/api/review/987654321")).status).toBe(404);
  await api("POST", "/api/review", { key, body: { name: "Conny", rating: 4, review: "Fits again." } });
  expect((await api("GET", "/api/review?limit=1")).headers.get("Link")).toMatch(/rel="next"/);

  // Orders: place (once per key and request), list (paged), one; the cart.
  const order = { lines: [{ itemId: part.id, quantity: 2 }], ...SHIPPING };
  const idempotencyKey = randomUUID();
  const placed = await api("POST", "/api/order", { key, body: order, headers: { "Idempotency-Key": idempotencyKey } });
  expect(placed.status).toBe(201);
  expect(
    (await api("POST", "/api/order", { key, body: order, headers: { "Idempotency-Key": idempotencyKey } })).status,
  ).toBe(200);
  expect(
    (
      await api("POST", "/api/order", {
        key,
        body: { ...order, lines: [{ itemId: part.id, quantity: 3 }] },
        headers: { "Idempotency-Key": idempotencyKey },
      })
    ).status,
  ).toBe(422);
  expect((await api("POST", "/api/order", { key, body: order })).status).toBe(201);
  const orders = await api("GET", "/api/order?limit=1", { key });
  expect(orders.headers.get("Link")).toMatch(/rel="next"/);
  const next = new URL(orders.headers.get("Link")!.slice(1, orders.headers.get("Link")!.indexOf(">")));
  expect((await api("GET", `${next.pathname}${next.search}`, { key })).json).toHaveLength(1);
  expect((await api("GET", "/api/order?all=1", { key })).status).toBe(403);
  expect((await api("GET", `/api/order/${placed.json._id}`, { key })).status).toBe(200);
  expect((await api("GET", `/api/order/${placed.json._id}`, { key: adminKey })).status).toBe(200);
  await addLinesToCart(customer.user.id, [{ itemId: part.id, quantity: 1 }]);
  expect((await api("GET", "/api/cart", { key })).status).toBe(200);
  expect((await api("GET", "/api/cart")).status).toBe(401);

  // Quotes: list, one, accept.
  await addLinesToCart(customer.user.id, [{ itemId: part.id, quantity: 40 }]);
  const asked = await requestQuote(customer.user.id, "Forty for the line");
  if (!asked.ok) throw new Error(asked.reason);
  const { version, lines } = (await getQuote(asked.quoteId))!;
  await sendQuote(asked.quoteId, { version, validUntil: storeToday(), prices: new Map([[lines[0].lineId, 1100]]) });
  expect((await api("GET", "/api/quote", { key })).status).toBe(200);
  expect((await api("GET", `/api/quote/${asked.quoteId}`, { key })).status).toBe(200);
  expect((await api("POST", `/api/quote/${asked.quoteId}/accept`, { key, body: { ...SHIPPING } })).status).toBe(201);
  expect((await api("POST", `/api/quote/${asked.quoteId}/accept`, { key, body: { ...SHIPPING } })).status).toBe(409);

  // Invoices: the order shipped, its invoice listed, read, and its e-invoice as XML.
  const shipped = await shipReadyParts(placed.json._id, TEST_SHIPMENT);
  if (!shipped.ok) throw new Error(shipped.reason);
  const { number } = shipped.invoice;
  expect(
    (await api("GET", "/api/invoice", { key })).json.map((invoice: { number: string }) => invoice.number),
  ).toContain(number);
  expect((await api("GET", "/api/invoice?all=1", { key })).status).toBe(403);
  expect((await api("GET", `/api/invoice/${number}`, { key })).json.links.xml).toMatch(
    new RegExp(`/api/invoice/${number}\\.xml$`),
  );
  const xml = await api("GET", `/api/invoice/${number}.xml`, { key });
  expect([xml.status, xml.headers.get("content-type")]).toEqual([200, "application/xml; charset=utf-8"]);
  expect((await api("GET", `/api/invoice/${number}.xml`)).status).toBe(401);
  const stranger = await createSignedInUser();
  const strangerKey = (await createApiKey({ userId: stranger.user.id, name: "conformance" })).key;
  expect((await api("GET", `/api/invoice/${number}`, { key: strangerKey })).status).toBe(404);
  expect((await api("GET", `/api/invoice/${number}.xml`, { key: strangerKey })).status).toBe(404);

  expect((await api("GET", "/api/openapi.json")).status).toBe(200);

  expect(mismatches).toEqual([]);
  const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method} ${path}`),
  );
  expect(documented.filter((operation) => !called.has(operation))).toEqual([]);
});
