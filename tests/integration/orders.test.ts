import { randomUUID } from "node:crypto";

import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { deleteItem, updateItem } from "~/models/item";
import { getOrder, listOrdersForUser, MY_ORDERS_PER_PAGE } from "~/models/order";
import * as manageOrder from "~/routes/dashboard.manage-order";
import * as myOrder from "~/routes/dashboard.my-order";
import * as orderPage from "~/routes/order.$id";
import { MAX_ORDER_QUANTITY } from "~/validation/order";

import { newItem } from "../support/builders";
import { call, fieldErrors, flashOf, formErrors, getRequest, type Outcome, postRequest } from "../support/http";
import {
  advanceOrder,
  orderById,
  ordersOfItem,
  placePending,
  placeTestOrder,
  SHIP_FIELDS,
  SHIPPING,
  stockOf,
} from "../support/orders";
import { createSignedInUser } from "../support/users";

// ---------------------------------------------------------------------------------------------
// Helpers: every test makes its own items and users, so tests never depend on each other.

function orderForm(quantity: number | string, extra: Record<string, string | string[] | undefined> = {}) {
  return { quantity: String(quantity), ...SHIPPING, checkoutToken: randomUUID(), ...extra };
}

function postOrder(itemId: number | string, fields: Record<string, string | string[] | undefined>, cookie?: string) {
  return call(orderPage.action, postRequest(`/order/${itemId}`, fields, { cookie }), { id: String(itemId) });
}

function expectClientError(outcome: Outcome) {
  expect(outcome.status).toBeGreaterThanOrEqual(400);
  expect(outcome.status).toBeLessThan(500);
}

// ---------------------------------------------------------------------------------------------

describe("placing an order", () => {
  test("takes the stock, copies name and price, flashes, and refuses more than is left of a part without backorders", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10, price_cents: 1250, allow_backorder: 0 });

    const outcome = await postOrder(item.id, orderForm(3, { poNumber: "PO-4471" }), cookie);
    expect(outcome.status).toBe(302);
    const orders = await listOrdersForUser(user.id);
    expect(orders).toHaveLength(1);
    expect(outcome.location).toBe(`/dashboard/my-order/${orders[0].id}`);
    expect(await flashOf(outcome)).toEqual({ kind: "success", message: "Order placed successfully" });

    // 3 × 12.50 = 37.50, under the free-shipping threshold: 9.50 shipping, 20% VAT on both.
    expect(orders[0]).toMatchObject({
      status: "pending",
      po_number: "PO-4471",
      subtotal_cents: 3750,
      shipping_cents: 950,
      tax_cents: 940,
      total_cents: 5640,
      line_count: 1,
      first_item_name: item.name,
    });
    const stored = await getOrder(orders[0].id);
    expect(stored).toMatchObject({ user_id: user.id, address: SHIPPING.address, phone: SHIPPING.phone });
    expect(stored?.lines).toEqual([
      {
        item_id: item.id,
        part_number: item.part_number,
        item_name: item.name,
        unit_price_cents: 1250,
        quantity: 3,
        line_total_cents: 3750,
        id: expect.any(Number),
        allocated: 3,
        waiting: 0,
        shipped: 0,
        cancelled: 0,
        returned: 0,
        backorder_due: null,
        // List price: no price list priced it.
        price_list_id: null,
        price_list_name: null,
      },
    ]);
    expect(stored?.history.map((change) => change.status)).toEqual(["pending"]);
    expect(await stockOf(item.id)).toBe(7);

    const tooMany = await postOrder(item.id, orderForm(8), cookie);
    expectClientError(tooMany);
    expect(fieldErrors(tooMany).quantity?.join(" ")).toContain("7");
    expect(await stockOf(item.id)).toBe(7);
    expect(await listOrdersForUser(user.id)).toHaveLength(1);
  });

  test("when the stock went between page and submit, the database check refuses with what is left (409)", async () => {
    const { user } = await createSignedInUser();
    const item = await newItem({ quantity: 4, allow_backorder: 0 });
    const result = await placeTestOrder(user.id, { itemId: item.id, quantity: 5 });
    expect(result).toMatchObject({ ok: false, reason: "problems" });
    if (result.ok || result.reason !== "problems") throw new Error("expected a refusal");
    expect(result.bill.lines[0]).toMatchObject({ itemId: item.id, problem: { kind: "short", available: 4 } });
    expect(await stockOf(item.id)).toBe(4);
    expect(await ordersOfItem(item.id)).toHaveLength(0);
  });

  test("the order keeps the name and price it was placed at, and survives the item's deletion", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ name: "Helical Gear 40T", price_cents: 4200, quantity: 5 });
    expect((await postOrder(item.id, orderForm(2), cookie)).status).toBe(302);

    await updateItem(item.id, { name: "Helical Gear 40T (v2)", price_cents: 9900 });
    let [order] = await listOrdersForUser(user.id);
    expect(order).toMatchObject({ first_item_name: "Helical Gear 40T", subtotal_cents: 8400 });
    expect((await getOrder(order.id))?.lines[0]).toMatchObject({
      item_id: item.id,
      item_name: "Helical Gear 40T",
      unit_price_cents: 4200,
      line_total_cents: 8400,
    });

    // A part leaves the catalog only once no open order holds it.
    expect(await deleteItem(item.id)).toEqual({ ok: false, reason: "on-open-order", orderIds: [order.id] });
    for (const status of ["shipped", "delivered"] as const)
      expect((await advanceOrder(order.id, status)).ok).toBe(true);
    expect(await deleteItem(item.id)).toEqual({ ok: true });
    const orders = await listOrdersForUser(user.id);
    expect(orders).toHaveLength(1);
    [order] = orders;
    expect((await getOrder(order.id))?.lines[0]).toMatchObject({
      item_id: null,
      item_name: "Helical Gear 40T",
      unit_price_cents: 4200,
      quantity: 2,
      line_total_cents: 8400,
    });

    const page = await call(myOrder.loader, getRequest("/dashboard/my-order", { cookie }));
    expect(page.status).toBe(200);
    expect(page.data.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
  });
});

describe("My Orders, a page at a time", () => {
  test("25 orders a page, newest first; a page past the last shows the last; a cancel question keeps its page", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 100 });
    const placed: number[] = [];
    for (let count = 0; count < MY_ORDERS_PER_PAGE + 3; count++) placed.push(await placePending(user.id, item.id, 1));
    const newestFirst = [...placed].reverse();
    const idsOf = (outcome: Outcome) => (outcome.data.orders as { id: number }[]).map((order) => order.id);

    const first = await call(myOrder.loader, getRequest("/dashboard/my-order", { cookie }));
    expect(idsOf(first)).toEqual(newestFirst.slice(0, MY_ORDERS_PER_PAGE));
    expect(first.data.pages).toEqual({ page: 1, colleaguesPage: 1 });
    expect(first.data.pageCounts).toEqual({ page: 2, colleaguesPage: 1 });

    const second = await call(myOrder.loader, getRequest("/dashboard/my-order?page=2", { cookie }));
    expect(idsOf(second)).toEqual(newestFirst.slice(MY_ORDERS_PER_PAGE));
    for (const odd of ["?page=99", "?page=-1", "?page=abc"]) {
      const outcome = await call(myOrder.loader, getRequest(`/dashboard/my-order${odd}`, { cookie }));
      expect(outcome.status).toBe(200);
      expect(idsOf(outcome)).toEqual(odd === "?page=99" ? idsOf(second) : idsOf(first));
    }

    // The oldest order is on page 2; its question shows there, though page 1 does not list it.
    const oldest = placed[0];
    const confirm = await call(myOrder.loader, getRequest(`/dashboard/my-order?page=2&cancel=${oldest}`, { cookie }));
    expect(confirm.data.confirmCancel).toEqual({ id: oldest, summary: item.name });
  });
});

describe("large orders", () => {
  test("an order above the per-order limit is refused with a message that does not misstate the stock", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 20_000 });
    const outcome = await postOrder(item.id, orderForm(MAX_ORDER_QUANTITY + 1), cookie);
    expect(outcome.status).toBe(400);
    const message = fieldErrors(outcome).quantity?.join(" ") ?? "";
    expect(message).not.toBe("");
    // 20000 are in stock: "Only 20000 left in stock" would be false as a reason for refusing 10001.
    expect(message).not.toContain("20000 left");
    expect(message).toContain(String(MAX_ORDER_QUANTITY));
    expect(await stockOf(item.id)).toBe(20_000);
    expect(await listOrdersForUser(user.id)).toHaveLength(0);
  });

  test("an order whose total passes 2^31 cents (allowed price × allowed quantity) never answers 500", async () => {
    const { user, cookie } = await createSignedInUser();
    // 1,000,000.00 is the highest price the product form accepts; 22 units make 2,200,000,000 cents.
    const item = await newItem({ price_cents: 100_000_000, quantity: 100 });
    const outcome = await postOrder(item.id, orderForm(22), cookie);
    expect(outcome.status).toBeLessThan(500);
    if (outcome.status === 302) {
      const [order] = await listOrdersForUser(user.id);
      expect(Number(order.subtotal_cents)).toBe(2_200_000_000);
      expect(await stockOf(item.id)).toBe(78);
    } else {
      expectClientError(outcome);
      expect(await stockOf(item.id)).toBe(100);
    }
  });
});

describe("concurrent orders never oversell a part that takes no backorders", () => {
  test("50 concurrent checkouts of 1 unit against 10 in stock: exactly 10 succeed", async () => {
    const { user } = await createSignedInUser();
    const item = await newItem({ quantity: 10, allow_backorder: 0 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => placeTestOrder(user.id, { itemId: item.id, quantity: 1 })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    for (const result of results) {
      if (result.ok) continue;
      expect(result.reason).toBe("problems");
      if (result.reason === "problems") expect(result.bill.lines[0].problem).toEqual({ kind: "short", available: 0 });
    }
    expect(await stockOf(item.id)).toBe(0);
    expect(await ordersOfItem(item.id)).toHaveLength(10);
  });

  test("50 concurrent order form posts of 1 unit against 10 in stock: exactly 10 redirects, the rest 4xx", async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createSignedInUser()));
    const item = await newItem({ quantity: 10, allow_backorder: 0 });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) => postOrder(item.id, orderForm(1), buyers[index % buyers.length].cookie)),
    );
    const statuses = outcomes.map((outcome) => outcome.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(10);
    for (const status of statuses.filter((s) => s !== 302)) expect([400, 409]).toContain(status);
    expect(await stockOf(item.id)).toBe(0);
    expect(await ordersOfItem(item.id)).toHaveLength(10);
  });
});

describe("the order page for items that cannot be ordered", () => {
  test("an unknown item id answers 404 on the page and on submit", async () => {
    const { cookie } = await createSignedInUser();
    const loader = await call(orderPage.loader, getRequest("/order/987654", { cookie }), { id: "987654" });
    expect(loader.status).toBe(404);
    const action = await postOrder(987654, orderForm(1), cookie);
    expect(action.status).toBe(404);
  });

  test.each(["abc", "1e3", "-1", "99999999999", "0", "2147483648", "1.0", " 1"])(
    "a malformed id (%j) answers 404 on the page and on submit, never 500",
    async (id) => {
      const { cookie } = await createSignedInUser();
      const item = await newItem({ quantity: 10 });
      const before = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const loader = await call(orderPage.loader, getRequest(`/order/${encodeURIComponent(id)}`, { cookie }), { id });
      expect(loader.status).toBe(404);
      const action = await call(
        orderPage.action,
        postRequest(`/order/${encodeURIComponent(id)}`, orderForm(1), { cookie }),
        { id },
      );
      expect(action.status).toBe(404);
      const after = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(await stockOf(item.id)).toBe(10);
    },
  );

  test("an out-of-stock item that takes no backorders shows its page (200) but an order is refused", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 0, allow_backorder: 0 });
    const loader = await call(orderPage.loader, getRequest(`/order/${item.id}`, { cookie }), { id: String(item.id) });
    expect(loader.status).toBe(200);
    expect(loader.data.item).toMatchObject({ id: item.id, quantity: 0 });

    const action = await postOrder(item.id, orderForm(1), cookie);
    expectClientError(action);
    expect(fieldErrors(action).quantity?.join(" ")).toMatch(/out of stock/i);
    expect(await stockOf(item.id)).toBe(0);
    expect(await listOrdersForUser(user.id)).toHaveLength(0);
  });

  test("a signed-out visitor is sent to sign in, and comes back to the item", async () => {
    const item = await newItem();
    const expected = `/sign-in?redirectTo=%2Forder%2F${item.id}`;
    const loader = await call(orderPage.loader, getRequest(`/order/${item.id}`), { id: String(item.id) });
    expect(loader.status).toBe(302);
    expect(loader.location).toBe(expected);
    const action = await postOrder(item.id, orderForm(1));
    expect(action.status).toBe(302);
    expect(action.location).toBe(expected);
    expect(await stockOf(item.id)).toBe(10);
    expect(await ordersOfItem(item.id)).toHaveLength(0);
  });
});

describe("bad order submissions", () => {
  const megabyte = "x".repeat(1024 * 1024);
  const cases: [string, Record<string, string | string[] | undefined>, string | null][] = [
    ["all fields missing", {}, "quantity"],
    ["quantity missing", { ...SHIPPING }, "quantity"],
    ["address missing", { quantity: "1", phone: SHIPPING.phone }, "address"],
    ["phone missing", { quantity: "1", address: SHIPPING.address }, "phone"],
    ["quantity 0", orderForm(0), "quantity"],
    ["quantity -1", orderForm(-1), "quantity"],
    ["quantity 1.5", orderForm("1.5"), "quantity"],
    ["quantity abc", orderForm("abc"), "quantity"],
    ["quantity 1e9", orderForm("1e9"), "quantity"],
    ["quantity a huge digit string", orderForm("9".repeat(5000)), "quantity"],
    ["quantity Infinity", orderForm("Infinity"), "quantity"],
    ["address of 1 MB", orderForm(1, { address: megabyte }), "address"],
    ["blank address", orderForm(1, { address: "   " }), "address"],
    ["phone with letters", orderForm(1, { phone: "call me maybe" }), "phone"],
    ["repeated quantity (an array)", orderForm(1, { quantity: ["1", "2"] }), "quantity"],
    ["repeated address (an array)", orderForm(1, { address: ["1 Mill Road", "2 Mill Road"] }), "address"],
    ["repeated phone (an array)", orderForm(1, { phone: ["0114 496 0000", "0114 496 0001"] }), "phone"],
  ];

  test.each(cases)("%s: 4xx with a field error, no order, no stock change", async (_label, fields, field) => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const outcome = await postOrder(item.id, fields, cookie);
    expect([400, 409]).toContain(outcome.status);
    if (field) expect(fieldErrors(outcome)[field]?.length ?? 0).toBeGreaterThan(0);
    expect(await stockOf(item.id)).toBe(10);
    expect(await ordersOfItem(item.id)).toHaveLength(0);
    expect(await listOrdersForUser(user.id)).toHaveLength(0);
  });
});

describe("customers cancelling their orders", () => {
  function postCancel(orderId: number | string, cookie: string) {
    return call(
      myOrder.action,
      postRequest("/dashboard/my-order", { intent: "cancel", orderId: String(orderId) }, { cookie }),
    );
  }

  test("the owner cancels a pending order once: the stock comes back once", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placePending(user.id, item.id, 3);
    expect(await stockOf(item.id)).toBe(7);

    const confirm = await call(myOrder.loader, getRequest(`/dashboard/my-order?cancel=${orderId}`, { cookie }));
    expect(confirm.data.confirmCancel).toEqual({ id: orderId, summary: item.name });

    const first = await postCancel(orderId, cookie);
    expect(first.status).toBe(302);
    expect(first.location).toBe("/dashboard/my-order");
    expect((await orderById(orderId))?.status).toBe("cancelled");
    expect(await stockOf(item.id)).toBe(10);

    const second = await postCancel(orderId, cookie);
    expect(second.status).toBe(409);
    expect(formErrors(second)).toEqual(["This order is cancelled and can no longer be cancelled."]);
    expect(await stockOf(item.id)).toBe(10);
    expect((await orderById(orderId))?.status).toBe("cancelled");
  });

  test("two concurrent cancels of the same order return the stock once", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placePending(user.id, item.id, 4);
    const outcomes = await Promise.all([
      postCancel(orderId, cookie),
      postCancel(orderId, cookie),
      postCancel(orderId, cookie),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([302, 409, 409]);
    expect(await stockOf(item.id)).toBe(10);
  });

  test("another customer cannot cancel, see or confirm someone else's order", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placePending(owner.user.id, item.id, 3);

    const outcome = await postCancel(orderId, other.cookie);
    expect(outcome.status).toBe(404);
    expect((await orderById(orderId))?.status).toBe("pending");
    expect(await stockOf(item.id)).toBe(7);

    const page = await call(
      myOrder.loader,
      getRequest(`/dashboard/my-order?cancel=${orderId}`, { cookie: other.cookie }),
    );
    expect(page.status).toBe(200);
    expect(page.data.orders.map((o: { id: number }) => o.id)).not.toContain(orderId);
    expect(page.data.confirmCancel).toBeNull();
  });

  test.each([
    ["no order id", { intent: "cancel" }],
    ["a non-numeric order id", { intent: "cancel", orderId: "abc" }],
    ["a wrong intent", { intent: "ship", orderId: "1" }],
  ])("%s: 400, nothing changes", async (_label, fields) => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placePending(user.id, item.id, 2);
    const outcome = await call(myOrder.action, postRequest("/dashboard/my-order", fields, { cookie }));
    expect(outcome.status).toBe(400);
    expect((await orderById(orderId))?.status).toBe("pending");
    expect(await stockOf(item.id)).toBe(8);
  });
});

describe("admins moving orders along", () => {
  function postStatus(intent: string, orderId: number, cookie: string, search = "") {
    return call(
      manageOrder.action,
      postRequest(
        `/dashboard/manage-order${search}`,
        { intent, orderId: String(orderId), ...(intent === "ship" ? SHIP_FIELDS : {}) },
        { cookie },
      ),
    );
  }

  test("pending → shipped → delivered; a delivered order cannot be cancelled", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placePending(customer.user.id, item.id, 2);

    const ship = await postStatus("ship", orderId, cookie, "?status=pending");
    expect(ship.status).toBe(302);
    expect(ship.location).toBe("/dashboard/manage-order?status=pending");
    expect(await flashOf(ship)).toEqual({ kind: "success", message: `Order #${orderId} is now shipped.` });
    expect((await orderById(orderId))?.status).toBe("shipped");

    const deliver = await postStatus("deliver", orderId, cookie);
    expect(deliver.status).toBe(302);
    expect((await orderById(orderId))?.status).toBe("delivered");

    const cancel = await postStatus("cancel", orderId, cookie);
    expect(cancel.status).toBe(409);
    expect(formErrors(cancel)).toEqual([`Order #${orderId} is delivered; it cannot be marked cancelled.`]);
    expect((await orderById(orderId))?.status).toBe("delivered");
    expect(await stockOf(item.id)).toBe(8);
  });

  test("a shipped order cannot be cancelled, and a pending one cannot skip to delivered", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const pendingId = await placePending(customer.user.id, item.id, 1);
    const skip = await postStatus("deliver", pendingId, cookie);
    expect(skip.status).toBe(409);
    expect((await orderById(pendingId))?.status).toBe("pending");

    const shippedId = await placePending(customer.user.id, item.id, 2);
    expect((await postStatus("ship", shippedId, cookie)).status).toBe(302);
    const cancel = await postStatus("cancel", shippedId, cookie);
    expect(cancel.status).toBe(409);
    expect(formErrors(cancel)).toEqual([`Order #${shippedId} is shipped; it cannot be marked cancelled.`]);
    expect((await orderById(shippedId))?.status).toBe("shipped");
    expect(await stockOf(item.id)).toBe(7);

    const shipAgain = await postStatus("ship", shippedId, cookie);
    expect(shipAgain.status).toBe(409);
  });

  test("cancelling a pending order returns its stock; an unknown order is 404", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placePending(customer.user.id, item.id, 6);
    expect(await stockOf(item.id)).toBe(4);
    const cancel = await postStatus("cancel", orderId, cookie);
    expect(cancel.status).toBe(302);
    expect((await orderById(orderId))?.status).toBe("cancelled");
    expect(await stockOf(item.id)).toBe(10);

    const unknown = await postStatus("ship", 987654, cookie);
    expect(unknown.status).toBe(404);
  });

  test("a bogus intent is refused with 400", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const orderId = await placePending(customer.user.id, item.id, 1);
    const outcome = await postStatus("refund", orderId, cookie);
    expect(outcome.status).toBe(400);
    expect((await orderById(orderId))?.status).toBe("pending");
  });

  test("?status=pending lists only pending orders; a bogus status lists them all", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const pendingId = await placePending(customer.user.id, item.id, 1);
    const shippedId = await placePending(customer.user.id, item.id, 1);
    expect((await postStatus("ship", shippedId, cookie)).status).toBe(302);

    const pending = await call(manageOrder.loader, getRequest("/dashboard/manage-order?status=pending", { cookie }));
    expect(pending.status).toBe(200);
    expect(pending.data.search.status).toBe("pending");
    const pendingIds = pending.data.orders.map((o: { id: number }) => o.id);
    expect(pendingIds).toContain(pendingId);
    expect(pendingIds).not.toContain(shippedId);
    for (const order of pending.data.orders) expect(order.status).toBe("pending");
    const listed = pending.data.orders.find((o: { id: number }) => o.id === pendingId);
    expect(listed).toMatchObject({
      customer_email: customer.user.email,
      first_item_name: item.name,
      address: SHIPPING.address,
      phone: SHIPPING.phone,
    });

    const shipped = await call(manageOrder.loader, getRequest("/dashboard/manage-order?status=shipped", { cookie }));
    expect(shipped.data.orders.map((o: { id: number }) => o.id)).toContain(shippedId);
    for (const order of shipped.data.orders) expect(order.status).toBe("shipped");

    for (const search of ["?status=bogus", "?status=", "?status=PENDING", ""]) {
      const all = await call(manageOrder.loader, getRequest(`/dashboard/manage-order${search}`, { cookie }));
      expect(all.status).toBe(200);
      expect(all.data.search.status).toBe("");
      const ids = all.data.orders.map((o: { id: number }) => o.id);
      expect(ids).toEqual(expect.arrayContaining([pendingId, shippedId]));
    }
  });
});
