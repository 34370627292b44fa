import { beforeAll, describe, expect, test } from "vitest";

import { appUrl } from "~/config/env.server";
import { db } from "~/db/db.server";
import { getItem } from "~/models/item";
import { listStockMovements } from "~/models/stock.server";
import * as notFound from "~/routes/api.$";
import * as items from "~/routes/api.item";
import * as itemById from "~/routes/api.item.$id";
import { MAX_FORM_BYTES } from "~/web/request.server";

import { apiRequest, callApi, createKeyThroughDashboard } from "../support/api";
import { newCategory, newItem } from "../support/builders";
import { placeTestOrder } from "../support/orders";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The original backend's /item calls under /api, as its client made them (every field a string),
// and the errors around them.

let adminKey: string;
let adminCookie: string;
let adminEmail: string;

beforeAll(async () => {
  const admin = await createSignedInUser({ role: "admin" });
  adminCookie = admin.cookie;
  adminEmail = admin.user.email;
  adminKey = await createKeyThroughDashboard(admin.cookie);
});

function byId(method: string, id: string | number, options: Parameters<typeof apiRequest>[2] = {}) {
  return callApi(itemById, apiRequest(method, `/api/item/${id}`, options), { id: String(id) });
}

/** The add-product fields as the old client sent them: all strings. */
function oldClientItem(overrides: Record<string, unknown> = {}) {
  return {
    name: "Spur Gear 48T",
    img: "https://example.com/images/spur-gear.png",
    description: "Hardened steel, ground teeth.",
    price: "12.5",
    quantity: "10",
    supplierName: "Gearwright Works",
    ...overrides,
  };
}

async function stockOf(id: number) {
  return (await getItem(id))?.quantity;
}

describe("the original client's calls, with its string fields, work against /api", () => {
  test("POST, GET, GET one, PUT quantity, DELETE", async () => {
    const created = await callApi(items, apiRequest("POST", "/api/item", { key: adminKey, body: oldClientItem() }));
    expect(created.status).toBe(201);
    const id = created.data._id;
    expect(created.data).toEqual({
      _id: expect.any(Number),
      name: "Spur Gear 48T",
      img: "https://example.com/images/spur-gear.png",
      description: "Hardened steel, ground teeth.",
      quantity: 10,
      allowBackorder: true,
      leadTimeDays: 14,
      minOrderQuantity: 1,
      supplierName: "Gearwright Works",
      price: 12.5,
      version: 1,
      partNumber: expect.stringMatching(/^GW-[0-9A-F]{8}$/),
      category: null,
      specs: [],
      pictures: [],
      documents: [],
    });
    expect(created.location).toBe(`/api/item/${id}`);
    const stored = await db.selectFrom("items").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ price_cents: 1250, quantity: 10, supplier_name: "Gearwright Works" });

    const list = await callApi(items, apiRequest("GET", "/api/item"));
    expect(list.status).toBe(200);
    expect(list.data).toContainEqual(created.data);

    const one = await byId("GET", id);
    expect(one.status).toBe(200);
    expect(one.data).toEqual(created.data);

    expect(one.headers.get("ETag")).toBe('"1"');
    const restock = await byId("PUT", id, { key: adminKey, body: { quantity: "25" }, headers: { "If-Match": '"1"' } });
    expect(restock.status).toBe(200);
    expect(restock.data).toEqual({ ...created.data, quantity: 25, version: 2 });

    const deleted = await byId("DELETE", id, { key: adminKey });
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual({ deleted: 1 });
    expect((await byId("GET", id)).status).toBe(404);
    expect((await byId("DELETE", id, { key: adminKey })).status).toBe(404);
  });

  test("numbers are accepted as well as strings, and money keeps its cents exactly", async () => {
    const created = await callApi(
      items,
      apiRequest("POST", "/api/item", { cookie: adminCookie, body: oldClientItem({ price: 0.29, quantity: 7 }) }),
    );
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ price: 0.29, quantity: 7 });
    const stored = await db
      .selectFrom("items")
      .select("price_cents")
      .where("id", "=", created.data._id)
      .executeTakeFirstOrThrow();
    expect(stored.price_cents).toBe(29);
  });

  test("PUT sets only the fields sent, under the add-product rules", async () => {
    const item = await newItem({ price_cents: 1250, quantity: 10 });
    const repriced = await byId("PUT", item.id, { key: adminKey, body: { price: 14.75 } });
    expect(repriced.status).toBe(200);
    expect(repriced.data).toMatchObject({ _id: item.id, name: item.name, price: 14.75, quantity: 10 });

    const renamed = await byId("PUT", item.id, {
      key: adminKey,
      body: { name: "  Renamed Gear  ", supplierName: "Norda" },
    });
    expect(renamed.data).toMatchObject({ name: "Renamed Gear", supplierName: "Norda", price: 14.75 });

    // The old client sent the whole item back, _id included: unknown fields are ignored.
    const whole = await byId("PUT", item.id, { key: adminKey, body: { ...renamed.data, quantity: "4" } });
    expect(whole.status).toBe(200);
    expect(whole.data).toEqual({ ...renamed.data, quantity: 4, version: renamed.data.version + 1 });
  });
});

describe("GET /api/item paging and search", () => {
  test("?limit, ?offset and ?q", async () => {
    const tag = `Pager${Date.now()}`;
    const made = [];
    for (let index = 0; index < 5; index++) made.push(await newItem({ name: `${tag} ${index}` }));
    const newestFirst = made.map((item) => item.id).reverse();

    const all = await callApi(items, apiRequest("GET", `/api/item?q=${tag.toLowerCase()}`));
    expect(all.data.map((item: { _id: number }) => item._id)).toEqual(newestFirst);

    const page = await callApi(items, apiRequest("GET", `/api/item?q=${tag}&limit=2&offset=1`));
    expect(page.status).toBe(200);
    expect(page.data.map((item: { _id: number }) => item._id)).toEqual(newestFirst.slice(1, 3));

    const none = await callApi(items, apiRequest("GET", `/api/item?q=${tag}&offset=5`));
    expect(none.data).toEqual([]);
  });

  test("without ?limit the first 100 come back", async () => {
    const count = Number(
      (
        await db
          .selectFrom("items")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const list = await callApi(items, apiRequest("GET", "/api/item"));
    expect(list.data.length).toBe(Math.min(count, 100));
  });

  test.each([
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["offset=-1", "offset"],
    ["offset=x", "offset"],
  ])("?%s is a 400 naming the parameter", async (query, field) => {
    const outcome = await callApi(items, apiRequest("GET", `/api/item?${query}`));
    expect(outcome.status).toBe(400);
    expect(outcome.data.issues[field]).toEqual([expect.stringContaining(field)]);
  });
});

describe("item validation: the add-product rules, with the messages per field", () => {
  test.each<[string, Record<string, unknown>, string]>([
    ["price with 3 decimals", { price: "12.345" }, "price"],
    ["negative price", { price: -1 }, "price"],
    ["price that is not a number", { price: "twelve" }, "price"],
    ["price too high", { price: "9999999" }, "price"],
    ["quantity 1.5", { quantity: "1.5" }, "quantity"],
    ["quantity abc", { quantity: "abc" }, "quantity"],
    ["negative quantity", { quantity: -3 }, "quantity"],
    ["blank name", { name: "  " }, "name"],
    ["image that is a script URL", { img: "javascript:alert(1)" }, "img"],
    ["missing supplier", { supplierName: undefined }, "supplierName"],
    ["description of the wrong type", { description: 42 }, "description"],
  ])("POST with %s: 400, nothing saved", async (_label, overrides, field) => {
    const name = `Invalid ${Math.random()}`;
    const outcome = await callApi(
      items,
      apiRequest("POST", "/api/item", { key: adminKey, body: oldClientItem({ name, ...overrides }) }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data.error).toEqual(expect.any(String));
    expect(Object.keys(outcome.data.issues)).toEqual([field]);
    expect(outcome.data.issues[field][0]).toEqual(expect.any(String));
    const saved = await db.selectFrom("items").select("id").where("name", "=", name).execute();
    expect(saved).toEqual([]);
  });

  test("an empty POST lists every missing field with the form's messages", async () => {
    const outcome = await callApi(items, apiRequest("POST", "/api/item", { key: adminKey, body: {} }));
    expect(outcome.status).toBe(400);
    expect(outcome.data.issues).toMatchObject({
      price: ["Enter a price"],
      quantity: ["Enter a quantity"],
      name: ["Enter a product name"],
    });
    expect(Object.keys(outcome.data.issues).sort()).toEqual([
      "description",
      "img",
      "name",
      "price",
      "quantity",
      "supplierName",
    ]);
  });

  test("PUT with nothing to change, or a field that breaks a rule, is a 400 and changes nothing", async () => {
    const item = await newItem({ price_cents: 1250, quantity: 10 });
    const empty = await byId("PUT", item.id, { key: adminKey, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.data.error).toMatch(/at least one/);
    const unknownOnly = await byId("PUT", item.id, { key: adminKey, body: { colour: "red" } });
    expect(unknownOnly.status).toBe(400);
    const bad = await byId("PUT", item.id, { key: adminKey, body: { quantity: "5", price: "1.234" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.issues)).toEqual(["price"]);
    expect(await getItem(item.id)).toMatchObject({ quantity: 10, price_cents: 1250 });
  });
});

describe("bodies that are not a JSON object", () => {
  test.each([
    ["malformed JSON", "{ name: 'gear' "],
    ["an empty body", ""],
    ["a JSON array", "[]"],
    ["a JSON string", '"gear"'],
    ["JSON null", "null"],
    ["a form instead of JSON", "name=gear&price=1"],
  ])("%s is a 400", async (_label, body) => {
    const outcome = await callApi(items, apiRequest("POST", "/api/item", { key: adminKey, body }));
    expect(outcome.status).toBe(400);
    expect(outcome.data).toEqual({ error: expect.any(String), code: "invalid_request" });
  });

  test("a body over the cap is a 413, whether or not Content-Length says so", async () => {
    const big = JSON.stringify(oldClientItem({ description: "x".repeat(MAX_FORM_BYTES) }));
    const declared = await callApi(items, apiRequest("POST", "/api/item", { key: adminKey, body: big }));
    expect(declared.status).toBe(413);
    expect(declared.data).toEqual({ error: expect.any(String), code: "payload_too_large" });

    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const undeclared = new Request("http://localhost:3000/api/item", {
      method: "POST",
      body: stream,
      headers: { Authorization: `Bearer ${adminKey}`, "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const outcome = await callApi(items, undeclared);
    expect(outcome.status).toBe(413);

    const withPut = await byId("PUT", (await newItem()).id, { key: adminKey, body: big });
    expect(withPut.status).toBe(413);
  });
});

describe("unknown ids, methods and paths answer in JSON", () => {
  test.each(["abc", "0", "-1", "1.5", "99999999999", "987654"])(
    "/api/item/%s is a 404 for GET, PUT and DELETE",
    async (id) => {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const outcome = await byId(method, id, { key: adminKey, body: method === "PUT" ? { quantity: 1 } : undefined });
        expect(outcome.status).toBe(404);
        expect(outcome.headers.get("Content-Type")).toMatch(/^application\/json/);
        expect(outcome.data).toEqual({ error: "No item has this id.", code: "not_found" });
      }
    },
  );

  test("a method a route does not take is a 405 with Allow", async () => {
    const patch = await callApi(items, apiRequest("PATCH", "/api/item", { key: adminKey, body: {} }));
    expect(patch.status).toBe(405);
    expect(patch.headers.get("Allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(patch.data).toEqual({ error: expect.any(String), code: "method_not_allowed" });

    const post = await byId("POST", 1, { key: adminKey, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
  });

  test("HEAD is answered like GET; OPTIONS lists the methods", async () => {
    const head = await callApi(items, apiRequest("HEAD", "/api/item"));
    expect(head.status).toBe(200);
    const options = await callApi(items, apiRequest("OPTIONS", "/api/item"));
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, POST, HEAD, OPTIONS");
  });

  // PATCH and the other methods the shop does not take are refused by the server before the app
  // (tests/server/server.test.ts).
  test("any other path under /api is a JSON 404, for any method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const outcome = await callApi(notFound, apiRequest(method, "/api/items", { key: adminKey }), { "*": "items" });
      expect(outcome.status).toBe(404);
      expect(outcome.data.error).toMatch(/openapi\.json/);
    }
  });
});

describe("cross-site rules for writes", () => {
  test("a cookie write from another site is a 403 in JSON, and saves nothing", async () => {
    const attacks: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
    ];
    for (const headers of attacks) {
      const item = await newItem({ quantity: 10 });
      const put = await byId("PUT", item.id, { cookie: adminCookie, headers, body: { quantity: 0 } });
      expect(put.status).toBe(403);
      expect(put.data).toEqual({ error: expect.stringMatching(/this site/), code: "forbidden" });
      const del = await byId("DELETE", item.id, { cookie: adminCookie, headers });
      expect(del.status).toBe(403);
      expect(await stockOf(item.id)).toBe(10);
    }
  });

  test("a write with an API key needs no Origin, from anywhere", async () => {
    const item = await newItem({ quantity: 10 });
    const headers = { "Sec-Fetch-Site": "cross-site", Origin: "https://integrations.example" };
    const put = await byId("PUT", item.id, { key: adminKey, headers, body: { quantity: 3, version: item.version } });
    expect(put.status).toBe(200);
    expect(await stockOf(item.id)).toBe(3);
  });

  test("a cookie write from a sibling origin (another port: Sec-Fetch-Site same-site) is refused", async () => {
    const item = await newItem({ quantity: 10 });
    const headers = {
      "Sec-Fetch-Site": "same-site",
      Origin: "http://localhost:3111",
      "Content-Type": "application/json",
    };
    const put = await byId("PUT", item.id, {
      cookie: adminCookie,
      headers,
      body: { quantity: 0, version: item.version },
    });
    expect(put.status).toBe(403);
    const noFetchSite = await byId("PUT", item.id, {
      cookie: adminCookie,
      headers: { Origin: "http://localhost:3111", "Content-Type": "application/json" },
      body: { quantity: 0, version: item.version },
    });
    expect(noFetchSite.status).toBe(403);
    expect(await stockOf(item.id)).toBe(10);
  });

  test("a JSON call with a body that is not application/json is a 415 (a text/plain body needs no preflight)", async () => {
    const item = await newItem({ quantity: 10 });
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const put = await byId("PUT", item.id, {
        key: adminKey,
        headers: { "Content-Type": contentType },
        body: JSON.stringify({ quantity: 0, version: item.version }),
      });
      expect(put.status).toBe(415);
      expect(put.data).toEqual({
        error: "Send the body as JSON, with Content-Type: application/json.",
        code: "unsupported_media_type",
      });
    }
    expect(await stockOf(item.id)).toBe(10);
  });
});

describe("lost updates: a stock figure is written only against the version it was read at", () => {
  test("setting quantity without a version is a 428; a stale If-Match is a 412 and a stale body version a 409, each with the item now", async () => {
    const customer = await createSignedInUser();
    const item = await newItem({ quantity: 5, price_cents: 1250 });
    const read = await byId("GET", item.id);
    const missing = await byId("PUT", item.id, { key: adminKey, body: { quantity: 5, price: 13 } });
    expect(missing.status).toBe(428);
    // A customer orders all five after the admin's program read the item.
    expect((await placeTestOrder(customer.user.id, { itemId: item.id, quantity: 5 })).ok).toBe(true);
    const stale = await byId("PUT", item.id, {
      key: adminKey,
      headers: { "If-Match": read.headers.get("ETag")! },
      body: { quantity: 5, price: 13 },
    });
    expect(stale.status).toBe(412);
    expect(stale.data).toMatchObject({ code: "precondition_failed" });
    expect(stale.data.current).toMatchObject({ _id: item.id, quantity: 0, price: 12.5, version: item.version + 1 });
    expect(stale.headers.get("ETag")).toBe(`"${item.version + 1}"`);
    const staleBody = await byId("PUT", item.id, {
      key: adminKey,
      body: { quantity: 5, price: 13, version: item.version },
    });
    expect(staleBody.status).toBe(409);
    expect(staleBody.data.current).toMatchObject({ _id: item.id, quantity: 0 });
    expect(await getItem(item.id)).toMatchObject({ quantity: 0, price_cents: 1250 });
    // A weak tag never matches under If-Match (RFC 9110's strong comparison); a malformed one is a 400.
    const weak = await byId("PUT", item.id, {
      key: adminKey,
      headers: { "If-Match": `W/"${item.version + 1}"` },
      body: { price: 13 },
    });
    expect(weak.status).toBe(412);
    const malformed = await byId("PUT", item.id, { key: adminKey, headers: { "If-Match": "3" }, body: { price: 13 } });
    expect(malformed.status).toBe(400);
    // If-Match: * asks for no version: a price change is saved (stock still needs one).
    const any = await byId("PUT", item.id, { key: adminKey, headers: { "If-Match": "*" }, body: { price: 13 } });
    expect(any.status).toBe(200);
    expect(
      (await byId("PUT", item.id, { key: adminKey, headers: { "If-Match": "*" }, body: { quantity: 3 } })).status,
    ).toBe(428);
    // A price change alone needs no version: it cannot undo an order.
    const repriced = await byId("PUT", item.id, { key: adminKey, body: { price: 13.5 } });
    expect(repriced.status).toBe(200);
    expect(await getItem(item.id)).toMatchObject({ quantity: 0, price_cents: 1350 });
  });

  test("If-None-Match with the current ETag is a 304, for an item and for a list; a changed one answers 200 again", async () => {
    const item = await newItem({ quantity: 5 });
    const read = await byId("GET", item.id);
    const etag = read.headers.get("ETag")!;
    const again = await byId("GET", item.id, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect((await byId("GET", item.id, { headers: { "If-None-Match": `W/${etag}` } })).status).toBe(304);
    const list = await callApi(items, apiRequest("GET", "/api/item?limit=2"));
    const listTag = list.headers.get("ETag")!;
    expect(listTag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(
      (await callApi(items, apiRequest("GET", "/api/item?limit=2", { headers: { "If-None-Match": listTag } }))).status,
    ).toBe(304);
    await newItem();
    expect(
      (await callApi(items, apiRequest("GET", "/api/item?limit=2", { headers: { "If-None-Match": listTag } }))).status,
    ).toBe(200);
  });
});

describe("the stock ledger: stock set through the API is recorded like an adjustment", () => {
  const ledgerOf = async (id: number) =>
    (await listStockMovements(id)).map((line) => [line.change, line.quantity_after, line.reason, line.user_email]);

  test("a new item's quantity is its opening stock; a figure set with its version is the difference, with its reason", async () => {
    const created = await callApi(
      items,
      apiRequest("POST", "/api/item", { key: adminKey, body: oldClientItem({ quantity: "7" }) }),
    );
    expect(created.status).toBe(201);
    const id = created.data._id as number;
    expect(await ledgerOf(id)).toEqual([[7, 7, "Opening stock", adminEmail]]);

    const read = await byId("GET", id);
    const restocked = await byId("PUT", id, {
      key: adminKey,
      headers: { "If-Match": read.headers.get("ETag")! },
      body: { quantity: "25", stockReason: "Received from supplier" },
    });
    expect(restocked.status).toBe(200);
    const counted = await byId("PUT", id, { key: adminKey, body: { quantity: 20, version: restocked.data.version } });
    expect(counted.status).toBe(200);
    expect(await ledgerOf(id)).toEqual([
      [-5, 20, "Stock figure set through the API", adminEmail],
      [18, 25, "Received from supplier", adminEmail],
      [7, 7, "Opening stock", adminEmail],
    ]);

    // A price change leaves the ledger alone; a reason without a quantity is a mistake.
    expect((await byId("PUT", id, { key: adminKey, body: { price: 13 } })).status).toBe(200);
    const reasonAlone = await byId("PUT", id, { key: adminKey, body: { price: 14, stockReason: "Recount" } });
    expect(reasonAlone.status).toBe(400);
    expect(reasonAlone.data.issues.stockReason).toEqual(["stockReason goes with quantity"]);
    expect(await ledgerOf(id)).toHaveLength(3);
    expect(await getItem(id)).toMatchObject({ quantity: 20, price_cents: 1300 });
  });
});

describe("catalog fields and filters", () => {
  test("items carry their part number, category and specs, with an absolute picture URL", async () => {
    const category = await newCategory();
    const part = await newItem(
      {
        part_number: `GW-${uniqueToken().toUpperCase()}`,
        category_id: category.id,
        img: "/images/items/spur-gear.svg",
      },
      [
        { name: "Module", value: "1", unit: null },
        { name: "Bore", value: "8", unit: "mm" },
      ],
    );
    const one = await byId("GET", part.id);
    expect(one.data).toMatchObject({
      _id: part.id,
      partNumber: part.part_number,
      category: category.slug,
      specs: [
        { name: "Module", value: "1", unit: null },
        { name: "Bore", value: "8", unit: "mm" },
      ],
      img: new URL("/images/items/spur-gear.svg", appUrl()).toString(),
    });
    expect(one.data.img).toMatch(/^https?:\/\//);
    const listed = await callApi(items, apiRequest("GET", `/api/item?category=${category.slug}`));
    expect(listed.data).toEqual([one.data]);
  });

  test("GET /api/item takes the page's q, category and inStock", async () => {
    const category = await newCategory();
    const tag = uniqueToken();
    const stocked = await newItem({ name: `Flange bearing ${tag}`, category_id: category.id, quantity: 4 });
    const empty = await newItem({ name: `Flange bearing ${tag} B`, category_id: category.id, quantity: 0 });
    const idsOf = async (search: string) =>
      ((await callApi(items, apiRequest("GET", `/api/item${search}`))).data as { _id: number }[]).map((row) => row._id);
    expect((await idsOf(`?q=bearings+${tag}`)).sort()).toEqual([stocked.id, empty.id].sort());
    expect(await idsOf(`?q=${tag}&inStock=1`)).toEqual([stocked.id]);
    expect(await idsOf(`?category=${category.slug}&inStock=0`)).toEqual([empty.id, stocked.id]);
    expect(await idsOf(`?q=${encodeURIComponent(stocked.part_number.toLowerCase())}`)).toEqual([stocked.id]);
    const bad = await callApi(items, apiRequest("GET", "/api/item?category=Not%20A%20Slug"));
    expect(bad.status).toBe(400);
  });
});
