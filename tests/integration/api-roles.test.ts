import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { getItem } from "~/models/item";
import * as items from "~/routes/api.item";
import * as itemById from "~/routes/api.item.$id";
import * as openapi from "~/routes/api.openapi[.]json";
import * as orders from "~/routes/api.order";
import * as reviews from "~/routes/api.review";

import { apiRequest, callApi, type Credentials, everyCaller } from "../support/api";
import { newItem } from "../support/builders";
import type { Outcome } from "../support/http";

// Every call of the API, made by every kind of caller: who may do what, and that a refused write
// changes nothing.

type Caller = "signed out" | "user" | "admin" | "API key" | "revoked key";
const CALLERS: Caller[] = ["signed out", "user", "admin", "API key", "revoked key"];

type Item = Awaited<ReturnType<typeof newItem>>;

type CallCase = {
  route: Parameters<typeof callApi>[0];
  method: string;
  path: (item: Item) => string;
  body?: unknown;
  expected: Record<Caller, number>;
  /** Checks the database after the call: changed when allowed, untouched when refused. */
  check?: (item: Item, allowed: boolean) => Promise<void>;
};

const anyone = { "signed out": 200, user: 200, admin: 200, "API key": 200, "revoked key": 401 };
const signedIn = (status: number) => ({
  "signed out": 401,
  user: status,
  admin: status,
  "API key": status,
  "revoked key": 401,
});
const adminOnly = (status: number) => ({
  "signed out": 401,
  user: 403,
  admin: status,
  "API key": status,
  "revoked key": 401,
});

const newProduct = {
  name: "Roles Test Gear",
  img: "/images/items/spur-gear.svg",
  description: "d",
  price: "9.99",
  quantity: "3",
  supplierName: "s",
};

const cases: Record<string, CallCase> = {
  "GET /api/item": { route: items, method: "GET", path: () => "/api/item", expected: anyone },
  "GET /api/item/:id": { route: itemById, method: "GET", path: (item) => `/api/item/${item.id}`, expected: anyone },
  "POST /api/item": {
    route: items,
    method: "POST",
    path: () => "/api/item",
    body: newProduct,
    expected: adminOnly(201),
  },
  "PUT /api/item/:id": {
    route: itemById,
    method: "PUT",
    path: (item) => `/api/item/${item.id}`,
    body: { quantity: "99", version: "1" },
    expected: adminOnly(200),
    check: async (item, allowed) => expect((await getItem(item.id))?.quantity).toBe(allowed ? 99 : 10),
  },
  "DELETE /api/item/:id": {
    route: itemById,
    method: "DELETE",
    path: (item) => `/api/item/${item.id}`,
    expected: adminOnly(200),
    check: async (item, allowed) =>
      expect(await getItem(item.id)).toSatisfy((row) => (allowed ? row === undefined : row !== undefined)),
  },
  "GET /api/review": { route: reviews, method: "GET", path: () => "/api/review", expected: anyone },
  "POST /api/review": {
    route: reviews,
    method: "POST",
    path: () => "/api/review",
    body: { name: "Roles Test", rating: "5", review: "Works." },
    expected: signedIn(201),
  },
  "GET /api/order": { route: orders, method: "GET", path: () => "/api/order", expected: signedIn(200) },
  "GET /api/order?all=1": { route: orders, method: "GET", path: () => "/api/order?all=1", expected: adminOnly(200) },
  "POST /api/order": {
    route: orders,
    method: "POST",
    path: () => "/api/order",
    body: undefined, // set per item below
    expected: signedIn(201),
    check: async (item, allowed) => expect((await getItem(item.id))?.quantity).toBe(allowed ? 8 : 10),
  },
  "GET /api/openapi.json": { route: openapi, method: "GET", path: () => "/api/openapi.json", expected: anyone },
};

let callers: Record<Caller, Credentials>;

beforeAll(async () => {
  callers = (await everyCaller()).callers;
});

async function itemCountNamed(name: string) {
  const row = await db
    .selectFrom("items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(Object.entries(cases))("%s", (_name, spec) => {
  test.each(CALLERS)("as %s", async (caller) => {
    const item = await newItem({ quantity: 10 });
    const body =
      spec.method === "POST" && spec.route === orders
        ? { itemId: String(item.id), quantity: "2", address: "1 Mill Road", phone: "+44 114 496 0000" }
        : spec.body;
    const countBefore = await itemCountNamed(newProduct.name);
    const request = apiRequest(spec.method, spec.path(item), { ...callers[caller], body });
    const outcome: Outcome = await callApi(spec.route, request, { id: String(item.id) });

    expect(outcome.status).toBe(spec.expected[caller]);
    expect(outcome.headers.get("Content-Type")).toMatch(/^application\/json/);
    const allowed = outcome.status < 300;
    if (!allowed) {
      expect(outcome.data).toEqual({ error: expect.any(String), code: expect.stringMatching(/^[a-z_]+$/) });
      if (outcome.status === 401) expect(outcome.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    }
    if (spec.route === items && spec.method === "POST") {
      expect(await itemCountNamed(newProduct.name)).toBe(countBefore + (allowed ? 1 : 0));
    }
    await spec.check?.(item, allowed);
  });
});
