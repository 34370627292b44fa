import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { deleteItem, getItem } from "~/models/item";
import { updateProfile } from "~/models/user.server";
import * as orders from "~/routes/api.order";
import * as reviews from "~/routes/api.review";

import { apiRequest, callApi, createKeyThroughDashboard } from "../support/api";
import { newItem } from "../support/builders";
import { advanceOrder, linesOf, ordersOfItem } from "../support/orders";
import { createSignedInUser } from "../support/users";

// GET/POST /api/review (the original's /review calls) and /api/order, which replaces the original's
// way of ordering (a PUT of the item's new quantity) with an order placed in one transaction.

const SHIPPING = { address: "1 Mill Road, Sheffield S1 2AB", phone: "+44 114 496 0000" };

let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let adminKey: string;

beforeAll(async () => {
  admin = await createSignedInUser({ role: "admin" });
  adminKey = await createKeyThroughDashboard(admin.cookie);
});

function postReview(body: unknown, credentials: { cookie?: string; key?: string }) {
  return callApi(reviews, apiRequest("POST", "/api/review", { ...credentials, body }));
}

function postOrder(body: unknown, credentials: { cookie?: string; key?: string }) {
  return callApi(orders, apiRequest("POST", "/api/order", { ...credentials, body }));
}

describe("reviews", () => {
  test("POST with the original client's fields (rating as a string) saves the review, newest first in GET", async () => {
    const { user, cookie } = await createSignedInUser();
    const outcome = await postReview({ name: "Marta Keller", rating: "4", review: "Quiet gears." }, { cookie });
    expect(outcome.status).toBe(201);
    expect(outcome.data).toEqual({ _id: expect.any(Number), name: "Marta Keller", rating: 4, review: "Quiet gears." });
    const stored = await db
      .selectFrom("reviews")
      .selectAll()
      .where("id", "=", outcome.data._id)
      .executeTakeFirstOrThrow();
    expect(stored.user_id).toBe(user.id);

    const list = await callApi(reviews, apiRequest("GET", "/api/review"));
    expect(list.status).toBe(200);
    expect(list.data[0]).toEqual(outcome.data);
  });

  test("a key's review belongs to the key's admin; a rating may be a number", async () => {
    const outcome = await postReview({ name: "Integration", rating: 5, review: "Via the API." }, { key: adminKey });
    expect(outcome.status).toBe(201);
    const stored = await db
      .selectFrom("reviews")
      .select("user_id")
      .where("id", "=", outcome.data._id)
      .executeTakeFirstOrThrow();
    expect(stored.user_id).toBe(admin.user.id);
  });

  test("GET pages with ?limit and ?offset, newest first", async () => {
    const { cookie } = await createSignedInUser();
    const ids = [];
    for (const index of [1, 2, 3])
      ids.push((await postReview({ name: `Pager ${index}`, rating: 3, review: "ok" }, { cookie })).data._id);
    const firstTwo = await callApi(reviews, apiRequest("GET", "/api/review?limit=2"));
    expect(firstTwo.data.map((review: { _id: number }) => review._id)).toEqual([ids[2], ids[1]]);
    const next = await callApi(reviews, apiRequest("GET", "/api/review?limit=2&offset=2"));
    expect(next.data[0]._id).toBe(ids[0]);
    const tooMany = await callApi(reviews, apiRequest("GET", "/api/review?limit=500"));
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.issues.limit).toHaveLength(1);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["rating 6", { rating: "6" }, "rating"],
    ["rating 0", { rating: 0 }, "rating"],
    ["rating 4.5", { rating: "4.5" }, "rating"],
    ["rating abc", { rating: "abc" }, "rating"],
    ["no review", { review: undefined }, "review"],
    ["blank name", { name: " " }, "name"],
    ["a review over 1000 characters", { review: "x".repeat(1001) }, "review"],
  ])("POST with %s: 400 with the form's message, nothing saved", async (_label, overrides, field) => {
    const { user, cookie } = await createSignedInUser();
    const outcome = await postReview({ name: "Dana", rating: "4", review: "Fine.", ...overrides }, { cookie });
    expect(outcome.status).toBe(400);
    expect(Object.keys(outcome.data.issues)).toEqual([field]);
    if (field === "rating") expect(outcome.data.issues.rating).toEqual(["Choose a rating from 1 to 5"]);
    const saved = await db.selectFrom("reviews").select("id").where("user_id", "=", user.id).execute();
    expect(saved).toEqual([]);
  });

  test("DELETE /api/review is not a call (405)", async () => {
    const outcome = await callApi(reviews, apiRequest("DELETE", "/api/review", { key: adminKey }));
    expect(outcome.status).toBe(405);
    expect(outcome.headers.get("Allow")).toBe("GET, POST, HEAD, OPTIONS");
  });
});

describe("placing orders", () => {
  test("201 with the order; the stock goes down and the order copies name and price", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10, price_cents: 1250 });
    const outcome = await postOrder({ itemId: String(item.id), quantity: "3", ...SHIPPING }, { cookie });
    expect(outcome.status).toBe(201);
    // 37.50 of goods, 9.50 shipping (under the free-shipping threshold), 20% VAT on both.
    const line = {
      itemId: item.id,
      partNumber: item.part_number,
      name: item.name,
      quantity: 3,
      unitPrice: 12.5,
      lineTotal: 37.5,
      allocated: 3,
      waiting: 0,
      shipped: 0,
      cancelled: 0,
      backorderDue: null,
    };
    expect(outcome.data).toEqual({
      _id: expect.any(Number),
      status: "pending",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      poNumber: null,
      ...SHIPPING,
      lines: [line],
      subtotal: 37.5,
      shipping: 9.5,
      tax: 9.4,
      total: 56.4,
      itemId: item.id,
      quantity: 3,
      unitPrice: 12.5,
    });
    expect(outcome.headers.get("Location")).toBe(`/api/order/${outcome.data._id}`);
    expect((await getItem(item.id))?.quantity).toBe(7);
    const [stored] = await ordersOfItem(item.id);
    expect(stored).toMatchObject({ user_id: user.id, subtotal_cents: 3750, total_cents: 5640, ...SHIPPING });
    expect(await linesOf(stored.id)).toMatchObject([{ item_name: item.name, unit_price_cents: 1250, quantity: 3 }]);
  });

  test("address and phone default from the caller's profile; without either, a 400", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const missing = await postOrder({ itemId: item.id, quantity: 1 }, { cookie });
    expect(missing.status).toBe(400);
    expect(missing.data.issues).toEqual({ address: ["Enter a shipping address"], phone: ["Enter your phone number"] });

    await updateProfile(user.id, { displayName: user.display_name, ...SHIPPING });
    const fromProfile = await postOrder({ itemId: item.id, quantity: 1 }, { cookie });
    expect(fromProfile.status).toBe(201);
    const given = await postOrder({ itemId: item.id, quantity: 1, address: "2 Other Street" }, { cookie });
    expect(given.status).toBe(201);
    const stored = await ordersOfItem(item.id);
    expect(stored.map((order) => [order.address, order.phone])).toEqual([
      [SHIPPING.address, SHIPPING.phone],
      ["2 Other Street", SHIPPING.phone],
    ]);
  });

  test("more than the stock of a part without backorders is a 409 with what is available, and nothing changes", async () => {
    const { cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 4, allow_backorder: 0 });
    const outcome = await postOrder({ itemId: item.id, quantity: 5, ...SHIPPING }, { cookie });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({ available: 4, lines: [{ itemId: item.id, available: 4, problem: "short" }] });
    expect((await getItem(item.id))?.quantity).toBe(4);
    expect(await ordersOfItem(item.id)).toEqual([]);

    const soldOut = await newItem({ quantity: 0, allow_backorder: 0 });
    const none = await postOrder({ itemId: soldOut.id, quantity: 1, ...SHIPPING }, { key: adminKey });
    expect(none.status).toBe(409);
    expect(none.data).toMatchObject({ available: 0, lines: [{ itemId: soldOut.id, available: 0, problem: "short" }] });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["no item id", { itemId: undefined }, "itemId"],
    ["item id abc", { itemId: "abc" }, "itemId"],
    ["quantity 0", { quantity: 0 }, "quantity"],
    ["quantity 1.5", { quantity: "1.5" }, "quantity"],
    ["quantity over the order limit", { quantity: 10_001 }, "quantity"],
    ["a phone with letters", { phone: "call me" }, "phone"],
    ["a blank address", { address: "  " }, "address"],
  ])("%s: 400 naming the field, nothing ordered", async (_label, overrides, field) => {
    const { cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const outcome = await postOrder({ itemId: item.id, quantity: 1, ...SHIPPING, ...overrides }, { cookie });
    expect(outcome.status).toBe(400);
    expect(Object.keys(outcome.data.issues)).toEqual([field]);
    expect((await getItem(item.id))?.quantity).toBe(10);
  });

  test("an unknown item is a 404", async () => {
    const { cookie } = await createSignedInUser();
    const outcome = await postOrder({ itemId: 987654, quantity: 1, ...SHIPPING }, { cookie });
    expect(outcome.status).toBe(404);
    expect(outcome.data).toEqual({ error: "No item has the id 987654.", code: "not_found" });
  });

  test("fifty concurrent orders against a stock of 10: ten 201s and forty 409s", async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createSignedInUser()));
    // Half come from browsers with cookies, half from programs with keys, five accounts each: one
    // account may place ten orders a minute (rate-limit.test.ts).
    const keyHolders = await Promise.all(Array.from({ length: 5 }, () => createSignedInUser({ role: "admin" })));
    const keys = await Promise.all(keyHolders.map((holder) => createKeyThroughDashboard(holder.cookie)));
    const item = await newItem({ quantity: 10, allow_backorder: 0 });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        postOrder(
          { itemId: String(item.id), quantity: "1", ...SHIPPING },
          index % 2 ? { cookie: buyers[index % buyers.length].cookie } : { key: keys[index % keys.length] },
        ),
      ),
    );
    const statuses = outcomes.map((outcome) => outcome.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const outcome of outcomes.filter((o) => o.status === 409)) expect(outcome.data.available).toBe(0);
    expect((await getItem(item.id))?.quantity).toBe(0);
    expect(await ordersOfItem(item.id)).toHaveLength(10);
  });
});

describe("listing orders", () => {
  test("a customer sees only their own orders, newest first; ?all=1 is for admins", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const first = await postOrder({ itemId: item.id, quantity: 1, ...SHIPPING }, { cookie: alice.cookie });
    const second = await postOrder({ itemId: item.id, quantity: 2, ...SHIPPING }, { cookie: alice.cookie });
    const bobs = await postOrder({ itemId: item.id, quantity: 1, ...SHIPPING }, { cookie: bob.cookie });

    const mine = await callApi(orders, apiRequest("GET", "/api/order", { cookie: alice.cookie }));
    expect(mine.status).toBe(200);
    expect(mine.data).toEqual([second.data, first.data]);

    const notAllowed = await callApi(orders, apiRequest("GET", "/api/order?all=1", { cookie: alice.cookie }));
    expect(notAllowed.status).toBe(403);

    const everyone = await callApi(orders, apiRequest("GET", "/api/order?all=1", { key: adminKey }));
    expect(everyone.status).toBe(200);
    const ids = everyone.data.map((order: { _id: number }) => order._id);
    expect(ids).toEqual(expect.arrayContaining([first.data._id, second.data._id, bobs.data._id]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const adminsOwn = await callApi(orders, apiRequest("GET", "/api/order", { key: adminKey }));
    expect(adminsOwn.data.map((order: { _id: number }) => order._id)).not.toContain(bobs.data._id);

    const bogus = await callApi(orders, apiRequest("GET", "/api/order?all=maybe", { key: adminKey }));
    expect(bogus.status).toBe(400);
    expect(bogus.data.issues.all).toHaveLength(1);
  });

  test("an order outlives its item: itemId becomes null, the copied price stays", async () => {
    const { cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10, price_cents: 4200 });
    const placed = await postOrder({ itemId: item.id, quantity: 2, ...SHIPPING }, { cookie });
    for (const status of ["shipped", "delivered"] as const) {
      expect((await advanceOrder(placed.data._id, status)).ok).toBe(true);
    }
    expect(await deleteItem(item.id)).toEqual({ ok: true });
    const mine = await callApi(orders, apiRequest("GET", "/api/order", { cookie }));
    expect(mine.data).toEqual([
      {
        ...placed.data,
        status: "delivered",
        itemId: null,
        lines: [{ ...placed.data.lines[0], itemId: null, unitPrice: 42, lineTotal: 84, shipped: 2 }],
      },
    ]);
  });
});
