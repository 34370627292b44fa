import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { DEFAULT_PRICING_RULES, totalsFor } from "~/lib/pricing";
import { cartLinesOf } from "~/models/cart";
import { updateItem } from "~/models/item";
import { ORDERS_PER_PAGE } from "~/models/order";

import { newItem } from "../support/builders";
import { linesOf, ordersOfItem, placeTestOrder, SHIP_FIELDS, SHIPPING, stockOf } from "../support/orders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The cart, checkout, quick order and order pages through the built server over real HTTP: what a
// browser without JavaScript sends, and the statuses, redirects and pages it gets back.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

function get(path: string, cookie?: string) {
  return fetch(`${server.origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** A page's HTML without the comments React puts between pieces of text ("50<!-- -->+"). */
async function htmlOf(response: Response) {
  return (await response.text()).replaceAll("<!-- -->", "");
}

function post(path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) {
  return postForm(server.origin, path, fields, { cookie, headers });
}

function addToCart(cookie: string, itemId: number, quantity: number | string) {
  return post("/cart", { intent: "add", itemId: String(itemId), quantity: String(quantity) }, cookie);
}

async function cartOf(userId: number) {
  const lines = await cartLinesOf(userId);
  return lines.map((line) => ({ item_id: line.itemId, quantity: line.quantity })).sort((a, b) => a.item_id - b.item_id);
}

/** What the checkout page shows and carries in its hidden fields. */
async function openCheckout(cookie: string) {
  const response = await get("/checkout", cookie);
  expect(response.status).toBe(200);
  const html = await htmlOf(response);
  const token = /name="checkoutToken" value="([^"]+)"/.exec(html)?.[1];
  const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)?.[1];
  if (!token || !expectedTotal) throw new Error("the checkout page has no token or total");
  return { html, token, expectedTotal, shownTotal: testIdText(html, "bill-total") };
}

/** Text as React writes it into HTML, read back. */
function decodeHtml(text: string) {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function testIdText(html: string, testId: string) {
  return new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

function checkoutFields(page: { token: string; expectedTotal: string }, extra: Record<string, string> = {}) {
  return { ...SHIPPING, checkoutToken: page.token, expectedTotal: page.expectedTotal, ...extra };
}

async function ordersOf(userId: number) {
  return db.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

describe("the cart", () => {
  test("Add to Cart adds to the line already there; the cart page shows lines, totals and the count", async () => {
    const { user, cookie } = await createSignedInUser();
    const gear = await newItem({ price_cents: 495, quantity: 100 });
    const bearing = await newItem({ price_cents: 2000, quantity: 10 });

    const added = await addToCart(cookie, gear.id, 2);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/cart");
    expect((await addToCart(cookie, gear.id, 3)).status).toBe(302);
    expect((await addToCart(cookie, bearing.id, 1)).status).toBe(302);
    expect(await cartOf(user.id)).toEqual([
      { item_id: gear.id, quantity: 5 },
      { item_id: bearing.id, quantity: 1 },
    ]);

    const page = await get("/cart", cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await htmlOf(page);
    expect(html).toContain(gear.part_number);
    expect(testIdText(html, "cart-count")).toBe("2");
    const totals = totalsFor([{ lineTotalCents: 5 * 495 }, { lineTotalCents: 2000 }], DEFAULT_PRICING_RULES);
    expect(testIdText(html, "bill-subtotal")).toBe(pounds.format(totals.subtotalCents / 100));
    expect(testIdText(html, "bill-total")).toBe(pounds.format(totals.totalCents / 100));
    // Shipping is free *over* £250.00: 44.75 of goods needs 205.26 more.
    expect(html).toContain("Orders over £250.00 ship free: add £205.26 more.");
  });

  test("a line's quantity changes and the line goes; another customer's cart is untouched", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const item = await newItem({ quantity: 50, allow_backorder: 0 });
    await addToCart(cookie, item.id, 2);
    await addToCart(other.cookie, item.id, 4);

    const updated = await post("/cart", { intent: "update", itemId: String(item.id), quantity: "7" }, cookie);
    expect(updated.status).toBe(302);
    expect(await cartOf(user.id)).toEqual([{ item_id: item.id, quantity: 7 }]);

    const tooMany = await post("/cart", { intent: "update", itemId: String(item.id), quantity: "51" }, cookie);
    expect(tooMany.status).toBe(409);
    expect(await htmlOf(tooMany)).toContain("Only 50 left in stock");
    expect(await cartOf(user.id)).toEqual([{ item_id: item.id, quantity: 7 }]);

    const removed = await post("/cart", { intent: "remove", itemId: String(item.id) }, cookie);
    expect(removed.status).toBe(302);
    expect(await cartOf(user.id)).toEqual([]);
    expect(await cartOf(other.user.id)).toEqual([{ item_id: item.id, quantity: 4 }]);
  });

  test("quantities in hex, with an exponent or a fraction are refused with a 400; the cart and stock are unchanged", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 5000 });
    expect((await addToCart(cookie, item.id, 2)).status).toBe(302);
    for (const typed of ["0x10", "1e3", "1.0", "0b11"]) {
      const added = await addToCart(cookie, item.id, typed);
      expect(added.status, typed).toBe(400);
      const updated = await post("/cart", { intent: "update", itemId: String(item.id), quantity: typed }, cookie);
      expect(updated.status, typed).toBe(400);
      expect(await htmlOf(updated)).toContain("Quantity must be a whole number");
      const ordered = await post(
        `/order/${item.id}`,
        { ...SHIPPING, quantity: typed, checkoutToken: randomUUID() },
        cookie,
      );
      expect(ordered.status, typed).toBe(400);
    }
    expect(await cartOf(user.id)).toEqual([{ item_id: item.id, quantity: 2 }]);
    expect(await stockOf(item.id)).toBe(5000);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  test("twenty Add to Cart posts of one part at once (two tabs, a double click) all count", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 100 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => addToCart(cookie, item.id, 1)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(302));
    expect(await cartOf(user.id)).toEqual([{ item_id: item.id, quantity: 20 }]);
  });

  test("a signed-out visitor's Add to Cart stays on the page the form was on, in a cart of their own", async () => {
    const item = await newItem();
    const response = await post("/cart", {
      intent: "add",
      itemId: String(item.id),
      quantity: "1",
      returnTo: `/items/${item.id}`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/items/${item.id}`);
    const cartCookie = response.headers
      .getSetCookie()
      .find((header) => header.startsWith("__cart="))!
      .split(";")[0];
    const cart = await get("/cart", cartCookie);
    expect(cart.status).toBe(200);
    expect(await htmlOf(cart)).toContain(item.part_number);
  });

  test.each([
    ["quantity 0", { quantity: "0" }, 400],
    ["quantity 1.5", { quantity: "1.5" }, 400],
    ["quantity abc", { quantity: "abc" }, 400],
    ["quantity over the order limit", { quantity: "10001" }, 400],
    ["an unknown part", { itemId: "987654" }, 404],
    ["an unknown intent", { intent: "empty" }, 400],
  ])("%s: answers %s and the cart is unchanged", async (_label, overrides, status) => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 20 });
    await addToCart(cookie, item.id, 1);
    const response = await post(
      "/cart",
      { intent: "add", itemId: String(item.id), quantity: "2", ...overrides },
      cookie,
    );
    expect(response.status).toBe(status);
    expect(await cartOf(user.id)).toEqual([{ item_id: item.id, quantity: 1 }]);
  });
});

describe("minimum order quantities and price breaks", () => {
  test("a part sold in tens cannot go below ten on any path: cart, order page, quick order, API", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 500, min_order_quantity: 10 });

    const add = await addToCart(cookie, item.id, 4);
    expect(add.status).toBe(400);
    expect(await htmlOf(add)).toContain(`${item.part_number} is sold in at least 10`);
    expect(await cartOf(user.id)).toEqual([]);

    expect((await addToCart(cookie, item.id, 10)).status).toBe(302);
    const lower = await post("/cart", { intent: "update", itemId: String(item.id), quantity: "9" }, cookie);
    expect(lower.status).toBe(400);
    expect(await cartOf(user.id)).toEqual([{ item_id: item.id, quantity: 10 }]);

    const orderPage = await post(
      `/order/${item.id}`,
      { quantity: "5", ...SHIPPING, checkoutToken: randomUUID() },
      cookie,
    );
    expect(orderPage.status).toBe(400);
    expect(await htmlOf(orderPage)).toContain("Order at least 10");

    const quick = await post("/quick-order", { lines: `${item.part_number} 3` }, cookie);
    expect(quick.status).toBe(200);
    expect(await htmlOf(quick)).toContain(`${item.part_number} is sold in at least 10`);
    expect(await cartOf(user.id)).toEqual([{ item_id: item.id, quantity: 10 }]);

    const api = await fetch(`${server.origin}/api/order`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify({ lines: [{ itemId: item.id, quantity: 3 }], ...SHIPPING }),
    });
    expect(api.status).toBe(409);
    expect((await api.json()).lines).toEqual([
      expect.objectContaining({ itemId: item.id, quantity: 3, minimum: 10, problem: "below-minimum" }),
    ]);

    // A cart line left below a minimum raised since (an admin changed it) is refused at checkout.
    await db.updateTable("items").set({ min_order_quantity: 20 }).where("id", "=", item.id).execute();
    const page = await openCheckout(cookie);
    expect(page.html).toContain("Sold in at least 20: raise the quantity.");
    const refused = await post("/checkout", checkoutFields(page), cookie);
    expect(refused.status).toBe(409);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await stockOf(item.id)).toBe(500);
  });

  test("a line reaching a break is priced at it, per line, in the cart and the order", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ price_cents: 495, quantity: 500 });
    await db
      .insertInto("price_breaks")
      .values([
        { item_id: item.id, min_quantity: 10, price_cents: 440 },
        { item_id: item.id, min_quantity: 50, price_cents: 390 },
      ])
      .execute();
    await addToCart(cookie, item.id, 12);
    const page = await openCheckout(cookie);
    expect(testIdText(page.html, "bill-subtotal")).toBe(pounds.format((12 * 440) / 100));
    const placed = await post("/checkout", checkoutFields(page), cookie);
    expect(placed.status).toBe(302);
    const [order] = await ordersOf(user.id);
    expect(await linesOf(order.id)).toMatchObject([{ quantity: 12, unit_price_cents: 440, line_total_cents: 5280 }]);

    const product = await htmlOf(await get(`/items/${item.id}`));
    expect(product).toMatch(/10\+<\/td><td[^>]*>£4\.40<.*50\+<\/td><td[^>]*>£3\.90</s);
  });
});

describe("checkout", () => {
  test("places one order of every cart line with the PO number, empties the cart, and lands on the order", async () => {
    const { user, cookie } = await createSignedInUser();
    const gear = await newItem({ price_cents: 1250, quantity: 10 });
    const belt = await newItem({ price_cents: 3300, quantity: 5 });
    await addToCart(cookie, gear.id, 3);
    await addToCart(cookie, belt.id, 2);

    const page = await openCheckout(cookie);
    const expected = totalsFor([{ lineTotalCents: 3750 }, { lineTotalCents: 6600 }], DEFAULT_PRICING_RULES);
    expect(page.expectedTotal).toBe(String(expected.totalCents));
    expect(page.shownTotal).toBe(pounds.format(expected.totalCents / 100));

    const placed = await post("/checkout", checkoutFields(page, { poNumber: "PO-2026-118" }), cookie);
    expect(placed.status).toBe(302);
    const [order] = await ordersOf(user.id);
    expect(placed.headers.get("Location")).toBe(`/dashboard/my-order/${order.id}`);
    expect(order).toMatchObject({
      po_number: "PO-2026-118",
      subtotal_cents: expected.subtotalCents,
      shipping_cents: expected.shippingCents,
      tax_cents: expected.taxCents,
      total_cents: expected.totalCents,
      ...SHIPPING,
    });
    expect(await linesOf(order.id)).toMatchObject([
      { item_id: gear.id, part_number: gear.part_number, item_name: gear.name, quantity: 3, unit_price_cents: 1250 },
      { item_id: belt.id, part_number: belt.part_number, item_name: belt.name, quantity: 2, unit_price_cents: 3300 },
    ]);
    expect([await stockOf(gear.id), await stockOf(belt.id)]).toEqual([7, 3]);
    expect(await cartOf(user.id)).toEqual([]);

    const orderPage = await get(`/dashboard/my-order/${order.id}`, cookie);
    expect(orderPage.status).toBe(200);
    const html = await htmlOf(orderPage);
    expect(html).toContain("PO-2026-118");
    expect(html).toContain(gear.part_number);
    expect(testIdText(html, "bill-total")).toBe(page.shownTotal);
  });

  test("the same token posted again, or 50 times at once, makes one order and every answer lands on it", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 100 });
    await addToCart(cookie, item.id, 2);
    const page = await openCheckout(cookie);

    const first = await post("/checkout", checkoutFields(page), cookie);
    const again = await post("/checkout", checkoutFields(page), cookie);
    expect(first.status).toBe(302);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));

    // A new cart, one page, and a buyer (or a flaky network) sending it 50 times at once.
    await addToCart(cookie, item.id, 3);
    const second = await openCheckout(cookie);
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => post("/checkout", checkoutFields(second), cookie)),
    );
    expect(burst.map((response) => response.status)).toEqual(Array(50).fill(302));
    expect(new Set(burst.map((response) => response.headers.get("Location"))).size).toBe(1);

    const orders = await ordersOf(user.id);
    expect(orders).toHaveLength(2);
    expect(burst[0].headers.get("Location")).toBe(`/dashboard/my-order/${orders[1].id}`);
    expect(await stockOf(item.id)).toBe(95);
  });

  test("a short line refuses the whole order: the page names the part and what is left, nothing is written", async () => {
    const { user, cookie } = await createSignedInUser();
    const plenty = await newItem({ quantity: 100 });
    const scarce = await newItem({ quantity: 5, allow_backorder: 0 });
    await addToCart(cookie, plenty.id, 10);
    await addToCart(cookie, scarce.id, 4);
    const page = await openCheckout(cookie);
    // Someone else buys three of the scarce part after this page was shown.
    await db.updateTable("items").set({ quantity: 2 }).where("id", "=", scarce.id).execute();

    const refused = await post("/checkout", checkoutFields(page), cookie);
    expect(refused.status).toBe(409);
    const html = await htmlOf(refused);
    expect(html).toContain(`${scarce.part_number} (${scarce.name}): only 2 left, you asked for 4.`);
    expect(html).not.toContain(`${plenty.part_number} (${plenty.name}): only`);
    expect(await ordersOf(user.id)).toEqual([]);
    expect([await stockOf(plenty.id), await stockOf(scarce.id)]).toEqual([100, 2]);
    expect(await cartOf(user.id)).toHaveLength(2);
  });

  test("a price changed since the page was shown is a 409 with the new total; confirming it places the order", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ price_cents: 1000, quantity: 10 });
    await addToCart(cookie, item.id, 2);
    const page = await openCheckout(cookie);
    await updateItem(item.id, { price_cents: 1100 });

    const refused = await post("/checkout", checkoutFields(page), cookie);
    expect(refused.status).toBe(409);
    const html = await htmlOf(refused);
    const now = totalsFor([{ lineTotalCents: 2200 }], DEFAULT_PRICING_RULES);
    expect(html).toContain(`the total is now ${pounds.format(now.totalCents / 100)}`);
    // The page shown with the refusal carries the new total, so confirming it is one more click.
    expect(/name="expectedTotal" value="(\d+)"/.exec(html)?.[1]).toBe(String(now.totalCents));
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await stockOf(item.id)).toBe(10);

    const confirmed = await post(
      "/checkout",
      checkoutFields({ token: page.token, expectedTotal: String(now.totalCents) }),
      cookie,
    );
    expect(confirmed.status).toBe(302);
    const [order] = await ordersOf(user.id);
    expect(order.total_cents).toBe(now.totalCents);
  });

  test.each([
    ["no token", { checkoutToken: undefined }],
    ["a malformed token", { checkoutToken: "<script>" }],
    ["no total", { expectedTotal: undefined }],
    ["no address", { address: undefined }],
    ["a PO number of 51 characters", { poNumber: "P".repeat(51) }],
  ] as [string, Record<string, string | undefined>][])("%s: 400 and nothing is ordered", async (_label, overrides) => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    await addToCart(cookie, item.id, 1);
    const page = await openCheckout(cookie);
    const fields = Object.fromEntries(
      Object.entries({ ...checkoutFields(page), ...overrides }).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    const response = await post("/checkout", fields, cookie);
    expect(response.status).toBe(400);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await stockOf(item.id)).toBe(10);
  });

  test("an empty cart's checkout goes back to the cart; a visitor is sent to sign in", async () => {
    const { cookie } = await createSignedInUser();
    expect((await get("/checkout", cookie)).headers.get("Location")).toBe("/cart");
    expect((await get("/checkout")).headers.get("Location")).toBe("/sign-in?redirectTo=%2Fcheckout");
  });
});

describe("quick order", () => {
  test("a pasted list with separators of every kind fills the cart; bad lines are listed with their reason", async () => {
    const { user, cookie } = await createSignedInUser();
    const gear = await newItem({ quantity: 100 });
    const bolt = await newItem({ quantity: 100 });
    const pasted = [
      "Part number\tQuantity",
      `${gear.part_number}\t4`,
      `${bolt.part_number.toLowerCase()}; 6`,
      "GW-NO-SUCH-PART, 2",
      `${gear.part_number} lots`,
      `"${bolt.part_number}",1`,
    ].join("\r\n");
    const response = await post("/quick-order", { lines: pasted }, cookie);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain("2 lines not added");
    expect(html).toContain("No part has the number GW-NO-SUCH-PART");
    expect(html).toContain("is not a quantity");
    expect(await cartOf(user.id)).toEqual(
      [
        { item_id: gear.id, quantity: 4 },
        { item_id: bolt.id, quantity: 7 },
      ].sort((a, b) => a.item_id - b.item_id),
    );
  });

  test("lines are numbered as the buyer counts them; the box comes back holding only the refused lines", async () => {
    const { user, cookie } = await createSignedInUser();
    const gear = await newItem({ quantity: 100 });
    const bolt = await newItem({ quantity: 100 });
    const body = [
      `${gear.part_number} x 2`,
      "GW-NO-SUCH-PART 1",
      `4 × ${gear.part_number}`,
      "",
      `${bolt.part_number} X 3`,
      `${bolt.part_number}, 0x10`,
      `20 x ${bolt.part_number}`,
    ];
    for (const pasted of [body, ["Part number, Quantity", ...body]]) {
      await db.deleteFrom("carts").where("user_id", "=", user.id).execute();
      const response = await post("/quick-order", { lines: pasted.join("\n") }, cookie);
      expect(response.status).toBe(200);
      const html = await htmlOf(response);
      expect(html).toContain("4 lines added to your cart; 2 lines not added.");
      const refused = [...html.matchAll(/<li[^>]*><span[^>]*>Line (\d+)<\/span> <code[^>]*>([^<]*)<\/code>/g)];
      expect(refused.map((match) => [Number(match[1]), decodeHtml(match[2])])).toEqual([
        [2, "GW-NO-SUCH-PART 1"],
        [5, `${bolt.part_number}, 0x10`],
      ]);
      const box = /<textarea[^>]*name="lines"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
      expect(decodeHtml(box ?? "").trim()).toBe(`GW-NO-SUCH-PART 1\n${bolt.part_number}, 0x10`);
      expect(await cartOf(user.id)).toEqual(
        [
          { item_id: gear.id, quantity: 6 },
          { item_id: bolt.id, quantity: 23 },
        ].sort((a, b) => a.item_id - b.item_id),
      );
    }
  });

  test("500 lines in one paste, and a CSV file, go in at once and land on the cart", async () => {
    const { user, cookie } = await createSignedInUser();
    const parts = await Promise.all(Array.from({ length: 100 }, () => newItem({ quantity: 1000 })));
    const pasted = Array.from({ length: 500 }, (_, index) => `${parts[index % 100].part_number},${1 + (index % 3)}`);
    const response = await post("/quick-order", { lines: pasted.join("\n") }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    const cart = await cartOf(user.id);
    expect(cart).toHaveLength(100);
    expect(cart.reduce((sum, line) => sum + line.quantity, 0)).toBe(
      pasted.reduce((sum, line) => sum + Number(line.split(",")[1]), 0),
    );

    const form = new FormData();
    form.append("lines", "");
    form.append(
      "file",
      new File([`Part number,Quantity\n${parts[0].part_number},5\n`], "bom.csv", { type: "text/csv" }),
    );
    const upload = await fetch(`${server.origin}/quick-order`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
      body: form,
    });
    expect(upload.status).toBe(302);
    expect((await cartOf(user.id)).find((line) => line.item_id === parts[0].id)?.quantity).toBe(
      cart.find((line) => line.item_id === parts[0].id)!.quantity + 5,
    );
  });

  test("an empty paste without a file is a 400 that says what to do", async () => {
    const { cookie } = await createSignedInUser();
    const response = await post("/quick-order", { lines: "   " }, cookie);
    expect(response.status).toBe(400);
    expect(await htmlOf(response)).toContain("Paste part numbers and quantities, or choose a CSV file");
  });
});

describe("the customer's order page", () => {
  async function placedOrder(cookie: string, lines: [number, number][]) {
    for (const [itemId, quantity] of lines) await addToCart(cookie, itemId, quantity);
    const page = await openCheckout(cookie);
    const placed = await post("/checkout", checkoutFields(page), cookie);
    expect(placed.status).toBe(302);
    return Number(placed.headers.get("Location")!.split("/").pop());
  }

  test("Cancel returns every line's stock once, even when sent three times at once", async () => {
    const { cookie } = await createSignedInUser();
    const first = await newItem({ quantity: 10 });
    const second = await newItem({ quantity: 10 });
    const orderId = await placedOrder(cookie, [
      [first.id, 3],
      [second.id, 4],
    ]);
    const confirm = await get(`/dashboard/my-order/${orderId}?cancel=1`, cookie);
    expect(await htmlOf(confirm)).toContain("Yes, cancel the order");

    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        post(`/dashboard/my-order/${orderId}`, { intent: "cancel", orderId: String(orderId) }, cookie),
      ),
    );
    expect(cancels.map((response) => response.status).sort()).toEqual([302, 409, 409]);
    expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([10, 10]);
    const html = await htmlOf(await get(`/dashboard/my-order/${orderId}`, cookie));
    expect(html).toMatch(/cancelled/i);
  });

  test("Cancel line: asked first without JavaScript, done once when sent three times, 404 for another's order, 403 for a customer on staff's page", async () => {
    const { cookie } = await createSignedInUser();
    const stranger = await createSignedInUser();
    const admin = await createSignedInUser({ role: "admin" });
    const gear = await newItem({ quantity: 4 });
    const belt = await newItem({ quantity: 10 });
    const orderId = await placedOrder(cookie, [
      [gear.id, 6],
      [belt.id, 2],
    ]);
    const [gearLine, beltLine] = await linesOf(orderId);
    const fields = (lineId: number) => ({ intent: "cancel-line", orderId: String(orderId), lineId: String(lineId) });
    const page = await htmlOf(await get(`/dashboard/my-order/${orderId}`, cookie));
    expect(page).toContain(`/dashboard/my-order/${orderId}?cancelLine=${gearLine.id}`);
    const confirm = await htmlOf(await get(`/dashboard/my-order/${orderId}?cancelLine=${gearLine.id}`, cookie));
    expect(confirm).toContain("Yes, cancel the line");
    expect(confirm).toContain(`Cancel the 6 of ${gear.part_number}`);

    expect((await post(`/dashboard/my-order/${orderId}`, fields(gearLine.id), stranger.cookie)).status).toBe(404);
    const cancels = await Promise.all(
      [1, 2, 3].map(() => post(`/dashboard/my-order/${orderId}`, fields(gearLine.id), cookie)),
    );
    expect(cancels.map((response) => response.status).sort()).toEqual([302, 409, 409]);
    expect(await stockOf(gear.id)).toBe(4);
    const after = await htmlOf(await get(`/dashboard/my-order/${orderId}`, cookie));
    expect(after).toMatch(/data-testid="dispatch">Cancelled</);
    expect(after).not.toContain(`?cancelLine=${gearLine.id}`);

    // Staff's page: a customer is refused; staff cancel the last open line, which cancels the order.
    expect((await post(`/dashboard/manage-order/${orderId}`, fields(beltLine.id), cookie)).status).toBe(403);
    const staff = await post(`/dashboard/manage-order/${orderId}`, fields(beltLine.id), admin.cookie);
    expect(staff.status).toBe(302);
    expect(staff.headers.get("Location")).toBe(`/dashboard/manage-order/${orderId}`);
    expect(await stockOf(belt.id)).toBe(10);
    expect((await ordersOfItem(belt.id)).find((order) => order.id === orderId)?.status).toBe("cancelled");
  });

  test("Order again puts the lines in the cart and says which parts changed price, are short or gone", async () => {
    const { user, cookie } = await createSignedInUser();
    const same = await newItem({ quantity: 50, price_cents: 1000 });
    const dearer = await newItem({ quantity: 50, price_cents: 1000 });
    const scarce = await newItem({ quantity: 50, allow_backorder: 0 });
    const gone = await newItem({ quantity: 50 });
    const orderId = await placedOrder(cookie, [
      [same.id, 2],
      [dearer.id, 2],
      [scarce.id, 5],
      [gone.id, 1],
    ]);
    await updateItem(dearer.id, { price_cents: 1200 });
    await db.updateTable("items").set({ quantity: 3 }).where("id", "=", scarce.id).execute();
    await db.deleteFrom("items").where("id", "=", gone.id).execute();

    const response = await post(
      `/dashboard/my-order/${orderId}`,
      { intent: "reorder", orderId: String(orderId) },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    // The cart shows the message the redirect left in its flash cookie.
    const flash = response.headers.get("Set-Cookie")!.split(";")[0];
    const html = await htmlOf(await get("/cart", `${cookie}; ${flash}`));
    expect(html).toContain("3 parts from this order added to your cart.");
    expect(html).toContain(`${dearer.part_number} £10.00 → £12.00`);
    expect(html).toContain(`${scarce.part_number} (3 left)`);
    expect(html).toContain(`No longer sold: ${gone.part_number}`);
    expect(await cartOf(user.id)).toEqual(
      [
        { item_id: same.id, quantity: 2 },
        { item_id: dearer.id, quantity: 2 },
        { item_id: scarce.id, quantity: 5 },
      ].sort((a, b) => a.item_id - b.item_id),
    );
  });

  test("another customer's order is a 404 on the page and for its buttons", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placedOrder(owner.cookie, [[item.id, 2]]);
    expect((await get(`/dashboard/my-order/${orderId}`, other.cookie)).status).toBe(404);
    for (const intent of ["cancel", "reorder"]) {
      const response = await post(`/dashboard/my-order/${orderId}`, { intent, orderId: String(orderId) }, other.cookie);
      expect(response.status).toBe(404);
    }
    expect(await stockOf(item.id)).toBe(8);
    expect(await cartOf(other.user.id)).toEqual([]);
    expect((await get("/dashboard/my-order/abc", owner.cookie)).status).toBe(404);
  });
});

describe("the admin's orders", () => {
  test("the list shows address and phone, finds an order by number or customer, and filters by status", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser({ displayName: "Ingrid Oakes" });
    const item = await newItem({ quantity: 10 });
    await addToCart(customer.cookie, item.id, 1);
    const page = await openCheckout(customer.cookie);
    await post("/checkout", checkoutFields(page), customer.cookie);
    const [order] = await ordersOfItem(item.id);

    const list = await htmlOf(await get(`/dashboard/manage-order?q=${order.id}`, admin.cookie));
    expect(list).toContain(SHIPPING.address);
    expect(list).toContain(SHIPPING.phone);
    expect(list).toContain(`/dashboard/manage-order/${order.id}`);
    for (const search of [customer.user.email.toUpperCase(), "ingrid oak", `%23${order.id}`]) {
      const found = await htmlOf(await get(`/dashboard/manage-order?q=${search}`, admin.cookie));
      expect(found).toContain(`/dashboard/manage-order/${order.id}"`);
    }
    const shipped = await htmlOf(await get(`/dashboard/manage-order?status=shipped&q=${order.id}`, admin.cookie));
    expect(shipped).not.toContain(`/dashboard/manage-order/${order.id}"`);
    expect(shipped).toContain("No orders match.");
    // A search with LIKE's wildcards finds what it says, not everything.
    const wildcard = await htmlOf(await get("/dashboard/manage-order?q=%25%25", admin.cookie));
    expect(wildcard).toContain("No orders match.");
  });

  test("the list pages at fifty orders, its Next and Previous links keeping the search", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser({ displayName: `Paula Pages ${uniqueToken()}` });
    const item = await newItem({ quantity: 100 });
    for (let index = 0; index <= ORDERS_PER_PAGE; index++) {
      const placed = await placeTestOrder(customer.user.id, { itemId: item.id, quantity: 1 });
      if (!placed.ok) throw new Error(placed.reason);
    }
    const [oldest] = (await ordersOfItem(item.id)).map((order) => order.id).sort((a, b) => a - b);
    const search = `q=${encodeURIComponent(customer.user.email)}`;

    const first = await htmlOf(await get(`/dashboard/manage-order?${search}`, admin.cookie));
    expect(first).toContain("Page 1 of 2");
    expect(first).not.toContain(`/dashboard/manage-order/${oldest}"`);
    const next = /<a[^>]*href="([^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]*)"/.exec(first);
    const nextHref = (next?.[1] ?? next?.[2])!.replaceAll("&amp;", "&");
    expect(nextHref).toBe(`/dashboard/manage-order?${search}&page=2`);
    const second = await htmlOf(await get(nextHref, admin.cookie));
    expect(second).toContain("Page 2 of 2");
    expect(second).toContain(`/dashboard/manage-order/${oldest}"`);
    expect(second).toMatch(
      new RegExp(
        `href="/dashboard/manage-order\\?q=[^"]*"[^>]*rel="prev"|rel="prev"[^>]*href="/dashboard/manage-order\\?q=`,
      ),
    );
  });

  test("the order page names the customer, address and phone, and ships, delivers and refuses a cancel", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser({ displayName: "Ravi Patel" });
    const item = await newItem({ quantity: 10 });
    await addToCart(customer.cookie, item.id, 2);
    const checkout = await openCheckout(customer.cookie);
    await post("/checkout", checkoutFields(checkout, { poNumber: "PO-77" }), customer.cookie);
    const [order] = await ordersOfItem(item.id);

    const html = await htmlOf(await get(`/dashboard/manage-order/${order.id}`, admin.cookie));
    for (const text of ["Ravi Patel", customer.user.email, SHIPPING.address, SHIPPING.phone, "PO-77", "Mark shipped"]) {
      expect(html).toContain(text);
    }
    expect((await get(`/dashboard/manage-order/${order.id}`, customer.cookie)).status).toBe(403);

    const path = `/dashboard/manage-order/${order.id}`;
    // A tracked carrier without its number is a 400 with the message on the page, and nothing ships.
    const untracked = await post(
      path,
      { intent: "ship", orderId: String(order.id), carrier: "dpd", trackingNumber: "" },
      admin.cookie,
    );
    expect(untracked.status).toBe(400);
    expect(await untracked.text()).toContain("Enter DPD&#x27;s tracking number");
    const ship = await post(path, { intent: "ship", orderId: String(order.id), ...SHIP_FIELDS }, admin.cookie);
    expect(ship.status).toBe(302);
    expect(ship.headers.get("Location")).toBe(path);
    expect((await post(path, { intent: "deliver", orderId: String(order.id) }, admin.cookie)).status).toBe(302);
    const cancel = await post(path, { intent: "cancel", orderId: String(order.id) }, admin.cookie);
    expect(cancel.status).toBe(409);
    expect(await stockOf(item.id)).toBe(8);
    const history = await db
      .selectFrom("order_status_changes")
      .select("status")
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    expect(history.map((change) => change.status)).toEqual(["pending", "shipped", "delivered"]);
  });
});

describe("the order API", () => {
  function apiPost(cookie: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${server.origin}/api/order`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.origin, ...headers },
      body: JSON.stringify(body),
    });
  }

  test("lines by id or part number make one order; an Idempotency-Key repeated, even 20 at once, is that order", async () => {
    const { user, cookie } = await createSignedInUser();
    const gear = await newItem({ price_cents: 495, quantity: 100 });
    const shaft = await newItem({ price_cents: 2150, quantity: 100 });
    const body = {
      lines: [
        { itemId: gear.id, quantity: 12 },
        { partNumber: shaft.part_number.toLowerCase().replaceAll("-", " "), quantity: "2" },
      ],
      poNumber: "PO-API-9",
      ...SHIPPING,
    };
    const key = randomUUID();
    const first = await apiPost(cookie, body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const order = await first.json();
    expect(first.headers.get("Location")).toBe(`/api/order/${order._id}`);
    expect(
      order.lines.map((line: { partNumber: string; quantity: number }) => [line.partNumber, line.quantity]),
    ).toEqual([
      [gear.part_number, 12],
      [shaft.part_number, 2],
    ]);
    expect(order.poNumber).toBe("PO-API-9");

    const repeats = await Promise.all(
      Array.from({ length: 20 }, () => apiPost(cookie, body, { "Idempotency-Key": key })),
    );
    expect(repeats.map((response) => response.status)).toEqual(Array(20).fill(200));
    for (const repeat of repeats) expect((await repeat.json())._id).toBe(order._id);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect([await stockOf(gear.id), await stockOf(shaft.id)]).toEqual([88, 98]);

    // Another customer's use of the same key is their own order.
    const other = await createSignedInUser();
    expect((await apiPost(other.cookie, body, { "Idempotency-Key": key })).status).toBe(201);
  });

  test("an Idempotency-Key sent again with a different request is a 422 that says so; 20 at once of each kind make one order", async () => {
    const { user, cookie } = await createSignedInUser();
    const gear = await newItem({ price_cents: 495, quantity: 500 });
    const asked = { lines: [{ itemId: gear.id, quantity: 5 }], ...SHIPPING };
    const other = { lines: [{ itemId: gear.id, quantity: 50 }], ...SHIPPING };
    const key = randomUUID();
    const first = await apiPost(cookie, asked, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const order = await first.json();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apiPost(cookie, index % 2 ? other : asked, { "Idempotency-Key": key }).then(async (response) => ({
          asked: index % 2 ? "other" : "same",
          status: response.status,
          body: await response.json(),
        })),
      ),
    );
    for (const answer of answers.filter((entry) => entry.asked === "same")) {
      expect(answer.status).toBe(200);
      expect(answer.body._id).toBe(order._id);
    }
    for (const answer of answers.filter((entry) => entry.asked === "other")) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: "idempotency_key_reused", orderId: order._id });
      expect(answer.body.error).toContain("different request");
    }
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(gear.id)).toBe(495);

    // 20 different requests at once under a fresh key: one order, the other 19 refused.
    const fresh = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apiPost(
          cookie,
          { lines: [{ itemId: gear.id, quantity: index + 1 }], ...SHIPPING },
          { "Idempotency-Key": fresh },
        ),
      ),
    );
    const statuses = racing.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(422)]);
    expect(await ordersOf(user.id)).toHaveLength(2);
  });

  test("an unknown part number is a 404 naming it; a stale expectedTotal is a 409 with the totals now", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ price_cents: 1000, quantity: 10 });
    const unknown = await apiPost(cookie, { lines: [{ partNumber: "GW-NOPE-1", quantity: 1 }], ...SHIPPING });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toContain("GW-NOPE-1");

    const stale = await apiPost(cookie, { lines: [{ itemId: item.id, quantity: 1 }], expectedTotal: 1, ...SHIPPING });
    expect(stale.status).toBe(409);
    const totals = totalsFor([{ lineTotalCents: 1000 }], DEFAULT_PRICING_RULES);
    expect(await stale.json()).toMatchObject({ total: totals.totalCents / 100, subtotal: 10 });
    const exact = await apiPost(cookie, {
      lines: [{ itemId: item.id, quantity: 1 }],
      expectedTotal: totals.totalCents / 100,
      ...SHIPPING,
    });
    expect(exact.status).toBe(201);
    expect(await ordersOf(user.id)).toHaveLength(1);

    for (const [body, field] of [
      [{ lines: [], ...SHIPPING }, "lines"],
      [{ lines: [{ quantity: 1 }], ...SHIPPING }, "lines"],
      [{ lines: [{ itemId: item.id, quantity: 1 }], itemId: item.id, quantity: 1, ...SHIPPING }, "lines"],
      [{ itemId: item.id, ...SHIPPING }, "quantity"],
    ] as const) {
      const response = await apiPost(cookie, body);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).issues)).toContain(field);
    }
    const badKey = await apiPost(cookie, { itemId: item.id, quantity: 1, ...SHIPPING }, { "Idempotency-Key": "short" });
    expect(badKey.status).toBe(400);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  test("GET /api/order/:id answers the owner and admins; anyone else gets 404", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const admin = await createSignedInUser({ role: "admin" });
    const item = await newItem({ quantity: 10 });
    const placed = await (await apiPost(owner.cookie, { itemId: item.id, quantity: 2, ...SHIPPING })).json();
    const read = (cookie?: string) =>
      fetch(`${server.origin}/api/order/${placed._id}`, { headers: cookie ? { Cookie: cookie } : {} });
    const mine = await read(owner.cookie);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual(placed);
    expect((await read(admin.cookie)).status).toBe(200);
    expect((await read(other.cookie)).status).toBe(404);
    expect((await read()).status).toBe(401);
  });
});
