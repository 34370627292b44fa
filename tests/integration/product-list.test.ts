import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { moveOrderStatus, ordersByDay } from "~/models/order";
import { PRODUCT_LIST_PAGE_SIZE } from "~/models/product-list.server";
import * as apiItem from "~/routes/api.item.$id";
import * as adminHome from "~/routes/dashboard._index";
import * as manageProduct from "~/routes/dashboard.manage-product";
import * as editProduct from "~/routes/dashboard.manage-product_.$id";

import { apiRequest, callApi } from "../support/api";
import { newCategory, newItem } from "../support/builders";
import { call, flashOf, formErrors, getRequest, postRequest } from "../support/http";
import { advanceOrder, placePending } from "../support/orders";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

type Row = {
  id: number;
  part_number: string;
  name: string;
  category_name: string | null;
  quantity: number;
  reorder_point: number;
  price_cents: number;
  low_stock: boolean;
};

async function list(query: string, cookie: string) {
  const outcome = await call(manageProduct.loader, getRequest(`/dashboard/manage-product?${query}`, { cookie }));
  expect(outcome.status).toBe(200);
  return outcome.data as { items: Row[]; total: number; page: number; pageCount: number };
}

/** Five parts of one new category, named and numbered by a token no other test uses. */
async function fiveParts() {
  const token = uniqueToken();
  const category = await newCategory();
  const made = [];
  for (const [index, [name, quantity, reorderPoint, priceCents]] of (
    [
      ["Delta Collar", 3, 5, 900],
      ["alpha Washer", 40, 10, 150],
      ["Charlie Collar", 0, 0, 4200],
      ["Bravo Gear", 12, 12, 2500],
      ["Echo Gear", 7, 2, 1800],
    ] as const
  ).entries()) {
    made.push(
      await newItem({
        name: `${name} ${token}`,
        part_number: `PL-${token}-${["D", "A", "C", "B", "E"][index]}${index}`,
        category_id: category.id,
        quantity,
        reorder_point: reorderPoint,
        price_cents: priceCents,
      }),
    );
  }
  return { token, category, made };
}

describe("the staff's product list", () => {
  test("shows part number, name, category, stock against the reorder point, and price", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { token, category, made } = await fiveParts();
    const { items, total } = await list(`q=${token}`, cookie);
    expect(total).toBe(5);
    // Newest first by default.
    expect(items.map((item) => item.id)).toEqual(made.map((item) => item.id).reverse());
    expect(items.find((item) => item.id === made[0].id)).toEqual({
      id: made[0].id,
      part_number: made[0].part_number,
      name: made[0].name,
      category_name: category.name,
      quantity: 3,
      reorder_point: 5,
      price_cents: 900,
      hidden: 0,
      low_stock: true,
    });
    // At the reorder point is low; above it is not; a sold-out part with no reorder point is low.
    const low = Object.fromEntries(items.map((item) => [item.name.split(" ")[0], item.low_stock]));
    expect(low).toEqual({ Delta: true, alpha: false, Charlie: true, Bravo: true, Echo: false });
  });

  test("searches by part number (as a search compares it) or by every word of the name", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { token, made } = await fiveParts();
    const names = async (query: string) => (await list(query, cookie)).items.map((item) => item.name).sort();
    expect(await names(`q=${encodeURIComponent(made[3].part_number)}`)).toEqual([made[3].name]);
    // Lower case, spaces for hyphens: the part number's key.
    expect(await names(`q=${encodeURIComponent(`pl ${token} b3`)}`)).toEqual([made[3].name]);
    expect(await names(`q=${encodeURIComponent(`collar ${token}`)}`)).toEqual([made[2].name, made[0].name]);
    expect(await names(`q=${encodeURIComponent(`COLLAR gear ${token}`)}`)).toEqual([]);
    // LIKE's own characters are only themselves.
    expect(await names(`q=${encodeURIComponent(`delta%${token}`)}`)).toEqual([]);
    expect(await names(`q=${encodeURIComponent(`delt_ ${token}`)}`)).toEqual([]);
    expect(await names(`q=${encodeURIComponent(`delt ${token}`)}`)).toEqual([made[0].name]);
  });

  test("filters by category and by low stock, and sorts by every column both ways", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { token, category, made } = await fiveParts();
    const other = await newItem({ name: `Foxtrot ${token}`, quantity: 0 });

    expect((await list(`q=${token}`, cookie)).total).toBe(6);
    const inCategory = await list(`q=${token}&category=${category.slug}`, cookie);
    expect(inCategory.items.map((item) => item.id).sort()).toEqual(made.map((item) => item.id).sort());
    const low = await list(`q=${token}&lowStock=1`, cookie);
    expect(low.items.map((item) => item.name.split(" ")[0]).sort()).toEqual(["Bravo", "Charlie", "Delta", "Foxtrot"]);
    const lowInCategory = await list(`q=${token}&lowStock=1&category=${category.slug}`, cookie);
    expect(lowInCategory.total).toBe(3);

    const order = async (sort: string) =>
      (await list(`q=${token}&category=${category.slug}&sort=${sort}`, cookie)).items.map(
        (item) => item.name.split(" ")[0],
      );
    expect(await order("name")).toEqual(["alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    expect(await order("-name")).toEqual(["Echo", "Delta", "Charlie", "Bravo", "alpha"]);
    expect(await order("partNumber")).toEqual(["alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    expect(await order("stock")).toEqual(["Charlie", "Delta", "Echo", "Bravo", "alpha"]);
    expect(await order("-stock")).toEqual(["alpha", "Bravo", "Echo", "Delta", "Charlie"]);
    expect(await order("price")).toEqual(["alpha", "Delta", "Echo", "Bravo", "Charlie"]);
    expect(await order("-price")).toEqual(["Charlie", "Bravo", "Echo", "Delta", "alpha"]);
    // An unknown sort falls back to newest first rather than an error.
    expect(await order("nonsense")).toEqual(["Echo", "Bravo", "Charlie", "alpha", "Delta"]);

    const byCategory = (await list(`q=${token}&sort=category`, cookie)).items.map((item) => item.id);
    expect(byCategory[0]).toBe(other.id); // no category first, on both databases
    const byCategoryDown = (await list(`q=${token}&sort=-category`, cookie)).items.map((item) => item.id);
    expect(byCategoryDown.at(-1)).toBe(other.id);
  });

  test("pages through the list and sends a page past the end to the last one", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const token = uniqueToken();
    for (let index = 0; index < PRODUCT_LIST_PAGE_SIZE + 2; index++) {
      await newItem({ name: `Paging Shim ${token} ${index}` });
    }
    const first = await list(`q=${token}`, cookie);
    expect(first).toMatchObject({ total: PRODUCT_LIST_PAGE_SIZE + 2, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(PRODUCT_LIST_PAGE_SIZE);
    expect((await list(`q=${token}&page=2`, cookie)).items).toHaveLength(2);
    const past = await call(
      manageProduct.loader,
      getRequest(`/dashboard/manage-product?q=${token}&page=9`, { cookie }),
    );
    expect(past.status).toBe(302);
    expect(past.location).toBe(`/dashboard/manage-product?q=${token}&page=2`);
  });

  test("is for admins only", async () => {
    const { cookie } = await createSignedInUser();
    expect((await call(manageProduct.loader, getRequest("/dashboard/manage-product", { cookie }))).status).toBe(403);
    const visitor = await call(manageProduct.loader, getRequest("/dashboard/manage-product?lowStock=1"));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/sign-in?redirectTo=${encodeURIComponent("/dashboard/manage-product?lowStock=1")}`);
  });
});

describe("the reorder point", () => {
  test("is set on the product form, 0 when left blank, and refused when not a whole number", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const item = await newItem({ quantity: 6 });
    const page = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${item.id}`, { cookie }), {
      id: String(item.id),
    });
    expect(page.data.values.reorderPoint).toBe(0);
    const save = (reorderPoint: string) =>
      call(
        editProduct.action,
        postRequest(
          `/dashboard/manage-product/${item.id}`,
          { ...page.data.values, intent: "update", version: String(page.data.item.version), reorderPoint },
          { cookie },
        ),
        { id: String(item.id) },
      );
    const refused = await save("2.5");
    expect(refused.status).toBe(400);
    expect(refused.data.error.reorderPoint).toEqual(["Reorder point must be a whole number"]);

    expect((await save("6")).status).toBe(302);
    const row = await db
      .selectFrom("items")
      .select(["reorder_point", "version"])
      .where("id", "=", item.id)
      .executeTakeFirstOrThrow();
    expect(row.reorder_point).toBe(6);
    expect((await list(`q=${encodeURIComponent(item.part_number)}`, cookie)).items[0].low_stock).toBe(true);

    const again = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${item.id}`, { cookie }), {
      id: String(item.id),
    });
    expect(again.data.values.reorderPoint).toBe(6);
    const blank = await call(
      editProduct.action,
      postRequest(
        `/dashboard/manage-product/${item.id}`,
        { ...again.data.values, intent: "update", version: String(again.data.item.version), reorderPoint: "" },
        { cookie },
      ),
      { id: String(item.id) },
    );
    expect(blank.status).toBe(302);
    expect(
      (await db.selectFrom("items").select("reorder_point").where("id", "=", item.id).executeTakeFirstOrThrow())
        .reorder_point,
    ).toBe(0);
  });
});

describe("deleting a part on an open order", () => {
  test("is refused on the page and in the API, and allowed once the order is delivered or cancelled", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const [kept, cancelled] = [await newItem(), await newItem()];
    const keptOrder = await placePending(customer.user.id, kept.id, 1);
    const cancelledOrder = await placePending(customer.user.id, cancelled.id, 1);

    const remove = (id: number) =>
      call(
        manageProduct.action,
        postRequest("/dashboard/manage-product", { intent: "delete", itemId: String(id) }, { cookie }),
      );
    const refused = await remove(kept.id);
    expect(refused.status).toBe(409);
    expect(formErrors(refused)[0]).toContain(`#${keptOrder}`);
    const viaApi = await callApi(apiItem, apiRequest("DELETE", `/api/item/${kept.id}`, { cookie }), {
      id: String(kept.id),
    });
    expect(viaApi.status).toBe(409);
    expect(viaApi.data.error).toContain(`#${keptOrder}`);

    expect((await moveOrderStatus(cancelledOrder, "cancelled")).ok).toBe(true);
    const allowed = await remove(cancelled.id);
    expect(allowed.status).toBe(302);
    expect(await flashOf(allowed)).toMatchObject({ message: "Item deleted" });

    for (const status of ["shipped", "delivered"] as const) {
      expect((await remove(kept.id)).status).toBe(409);
      expect((await advanceOrder(keptOrder, status)).ok).toBe(true);
    }
    const deleted = await callApi(apiItem, apiRequest("DELETE", `/api/item/${kept.id}`, { cookie }), {
      id: String(kept.id),
    });
    expect(deleted.status).toBe(200);
  });
});

describe("the admin home", () => {
  test("a customer's dashboard opens on My Orders", async () => {
    const { cookie } = await createSignedInUser();
    const outcome = await call(adminHome.loader, getRequest("/dashboard", { cookie }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/my-order");
  });

  test("shows orders awaiting shipment oldest first, low stock, failed mail and 30 days of orders", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const part = await newItem({ quantity: 50, price_cents: 1000 });
    const first = await placePending(customer.user.id, part.id, 1);
    const second = await placePending(customer.user.id, part.id, 2);
    const shipped = await placePending(customer.user.id, part.id, 3);
    expect((await advanceOrder(shipped, "shipped")).ok).toBe(true);
    await newItem({ quantity: 1, reorder_point: 4 });
    const subject = `Failed ${uniqueToken()}`;
    await db
      .insertInto("outbox")
      .values({
        kind: "order-notice",
        recipient: "nobody@example.com",
        subject,
        text_body: "t",
        html_body: "h",
        status: "failed",
        attempts: 5,
        next_attempt_at: new Date().toISOString(),
        last_error: "550 mailbox unavailable",
        created_at: new Date().toISOString(),
      })
      .execute();

    const home = await call(adminHome.loader, getRequest("/dashboard", { cookie }));
    expect(home.status).toBe(200);
    const { awaiting, lowStock, failedMail, days } = home.data;
    const awaitingIds = awaiting.orders.map((order: { id: number }) => order.id);
    const pendingCount = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    expect(awaiting.count).toBe(Number(pendingCount.n));
    expect(awaitingIds).toEqual([...awaitingIds].sort((a: number, b: number) => a - b));
    if (awaiting.count <= awaitingIds.length) {
      expect(awaitingIds).toContain(first);
      expect(awaitingIds.indexOf(first)).toBeLessThan(awaitingIds.indexOf(second));
    }
    expect(awaitingIds).not.toContain(shipped);
    expect(lowStock.count).toBeGreaterThanOrEqual(1);
    for (const shown of lowStock.parts) expect(shown.quantity).toBeLessThanOrEqual(shown.reorder_point);
    expect(failedMail.count).toBeGreaterThanOrEqual(1);
    expect(failedMail.messages.map((message: { subject: string }) => message.subject)).toContain(subject);
    expect(days).toHaveLength(30);
    expect(days.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(days.at(-1).orders).toBeGreaterThanOrEqual(3);
    expect(days.at(-1).revenueCents).toBeGreaterThan(0);
  });

  test("counts a day's orders and revenue by UTC day, cancelled ones left out, and fills empty days", async () => {
    const customer = await createSignedInUser();
    const part = await newItem({ quantity: 50, price_cents: 1000 });
    const today = new Date();
    const before = await ordersByDay(3, today);
    const kept = await placePending(customer.user.id, part.id, 2);
    const dropped = await placePending(customer.user.id, part.id, 1);
    expect((await moveOrderStatus(dropped, "cancelled")).ok).toBe(true);
    const totals = await db.selectFrom("orders").select("total_cents").where("id", "=", kept).executeTakeFirstOrThrow();
    const after = await ordersByDay(3, today);
    expect(after.map((day) => day.day)).toEqual(before.map((day) => day.day));
    expect(after[2].orders - before[2].orders).toBe(1);
    expect(after[2].revenueCents - before[2].revenueCents).toBe(totals.total_cents);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));

    // A day long before any order: three empty days.
    expect(await ordersByDay(3, new Date("2001-01-03T12:00:00Z"))).toEqual([
      { day: "2001-01-01", orders: 0, revenueCents: 0 },
      { day: "2001-01-02", orders: 0, revenueCents: 0 },
      { day: "2001-01-03", orders: 0, revenueCents: 0 },
    ]);
  });
});
