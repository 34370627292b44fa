import { randomBytes } from "node:crypto";

import { describe, expect, test } from "vitest";

import { getCurrentUser } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { getItem } from "~/models/item";
import { getOrder, listOrdersForUser, moveOrderStatus } from "~/models/order";
import { listStockMovements } from "~/models/stock.server";
import { getUserByEmail } from "~/models/user.server";
import * as notFound from "~/routes/$";
import * as addProduct from "~/routes/dashboard.add-product";
import * as makeAdmin from "~/routes/dashboard.make-admin";
import * as manageOrder from "~/routes/dashboard.manage-order";
import * as manageProduct from "~/routes/dashboard.manage-product";
import * as editProduct from "~/routes/dashboard.manage-product_.$id";

import { newItem } from "../support/builders";
import { call, fieldErrors, flashOf, formErrors, getRequest, postRequest } from "../support/http";
import { advanceOrder, placeTestOrder } from "../support/orders";
import { createSignedInUser, sessionCookieFor, sessionCount } from "../support/users";

// ---------------------------------------------------------------------------------------------
// Helpers

type Fields = Record<string, string | string[] | undefined>;

async function itemCount() {
  const row = await db
    .selectFrom("items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function itemByName(name: string) {
  return db.selectFrom("items").selectAll().where("name", "=", name).executeTakeFirst();
}

function productForm(overrides: Fields = {}): Fields {
  return {
    name: `Worm Gear ${randomBytes(4).toString("hex")}`,
    img: "/images/items/spur-gear.svg",
    description: "A worm gear for right-angle drives.",
    price: "12.5",
    quantity: "4",
    supplierName: "Gearwright Works",
    ...overrides,
  };
}

function signInPath(path: string) {
  return `/sign-in?${new URLSearchParams({ redirectTo: path })}`;
}

// ---------------------------------------------------------------------------------------------

type Fixture = {
  item: Awaited<ReturnType<typeof newItem>>;
  /** A part on no order, which an admin may delete. */
  spare: Awaited<ReturnType<typeof newItem>>;
  orderId: number;
  /** The account the action body names (make-admin): the requester, or a bystander when signed out. */
  targetEmail: string;
};

async function makeFixture(targetEmail?: string): Promise<Fixture> {
  const customer = await createSignedInUser();
  const item = await newItem({ quantity: 10 });
  const placed = await placeTestOrder(customer.user.id, { itemId: item.id, quantity: 1 });
  if (!placed.ok) throw new Error("fixture order failed");
  return {
    item: (await getItem(item.id))!,
    spare: await newItem(),
    orderId: placed.orderId,
    targetEmail: targetEmail ?? customer.user.email,
  };
}

type AdminRoute = {
  name: string;
  module: { loader?: unknown; action?: unknown };
  path: (f: Fixture) => string;
  params: (f: Fixture) => Record<string, string>;
  /** A body that would really change something if the guard let it through. */
  body: (f: Fixture) => Fields;
  /** Checks that the body above changed nothing. */
  unchanged: (f: Fixture, before: { items: number }) => Promise<void>;
  /** What an admin's post of the same body gets: a redirect with a success message. */
  accepted: { location: string; flash: RegExp };
};

const adminRoutes: AdminRoute[] = [
  {
    name: "dashboard.manage-order",
    module: manageOrder,
    path: () => "/dashboard/manage-order",
    params: () => ({}),
    body: (f) => ({ intent: "cancel", orderId: String(f.orderId) }),
    async unchanged(f) {
      const order = await db.selectFrom("orders").select("status").where("id", "=", f.orderId).executeTakeFirst();
      expect(order?.status).toBe("pending");
      expect((await getItem(f.item.id))?.quantity).toBe(9);
    },
    accepted: { location: "/dashboard/manage-order", flash: /^Order #\d+ is now cancelled\.$/ },
  },
  {
    name: "dashboard.add-product",
    module: addProduct,
    path: () => "/dashboard/add-product",
    params: () => ({}),
    body: () => productForm({ name: "Should Not Exist Gear" }),
    async unchanged(_f, before) {
      expect(await itemByName("Should Not Exist Gear")).toBeUndefined();
      expect(await itemCount()).toBe(before.items);
    },
    accepted: { location: "/dashboard/add-product", flash: /^Item added successfully$/ },
  },
  {
    name: "dashboard.manage-product",
    module: manageProduct,
    path: () => "/dashboard/manage-product",
    params: () => ({}),
    body: (f) => ({ intent: "delete", itemId: String(f.spare.id) }),
    async unchanged(f, before) {
      expect(await getItem(f.spare.id)).toBeDefined();
      expect(await itemCount()).toBe(before.items);
    },
    accepted: { location: "/dashboard/manage-product", flash: /^Item deleted$/ },
  },
  {
    name: "dashboard.manage-product_.$id",
    module: editProduct,
    path: (f) => `/dashboard/manage-product/${f.item.id}`,
    params: (f) => ({ id: String(f.item.id) }),
    body: (f) => ({
      ...productForm({ name: "Hijacked Gear", price: "0.01" }),
      intent: "update",
      version: String(f.item.version),
    }),
    async unchanged(f) {
      expect(await getItem(f.item.id)).toEqual(f.item);
    },
    accepted: { location: "/dashboard/manage-product", flash: /^Hijacked Gear saved$/ },
  },
  {
    name: "dashboard.make-admin",
    module: makeAdmin,
    path: () => "/dashboard/make-admin",
    params: () => ({}),
    body: (f) => ({ intent: "promote", email: f.targetEmail }),
    async unchanged(f) {
      expect((await getUserByEmail(f.targetEmail))?.role).toBe("user");
    },
    accepted: { location: "/dashboard/make-admin", flash: /^\S+@example\.com is now an admin\.$/ },
  },
];

type Handler = Parameters<typeof call>[0];

describe.each(adminRoutes)("access to $name", (route) => {
  const loader = route.module.loader as Handler;
  const action = route.module.action as Handler;

  test("signed out: the page and the form send the visitor to sign in, nothing changes", async () => {
    const f = await makeFixture();
    const before = { items: await itemCount() };
    const path = route.path(f);
    const page = await call(loader, getRequest(path), route.params(f));
    expect(page.status).toBe(302);
    expect(page.location).toBe(signInPath(path));
    const post = await call(action, postRequest(path, route.body(f)), route.params(f));
    expect(post.status).toBe(302);
    expect(post.location).toBe(signInPath(path));
    await route.unchanged(f, before);
  });

  test("signed in as a customer: 403 for the page and for a valid form, nothing changes", async () => {
    const { user, cookie } = await createSignedInUser();
    const f = await makeFixture(user.email);
    const before = { items: await itemCount() };
    const path = route.path(f);
    const page = await call(loader, getRequest(path, { cookie }), route.params(f));
    expect(page.status).toBe(403);
    const post = await call(action, postRequest(path, route.body(f), { cookie }), route.params(f));
    expect(post.status).toBe(403);
    await route.unchanged(f, before);
  });

  test("signed in as an admin: the same post is carried out", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const f = await makeFixture();
    const path = route.path(f);
    const page = await call(loader, getRequest(path, { cookie }), route.params(f));
    expect(page.status).toBe(200);
    const post = await call(action, postRequest(path, route.body(f), { cookie }), route.params(f));
    expect(post.status).toBe(302);
    expect(post.location).toBe(route.accepted.location);
    expect(await flashOf(post)).toMatchObject({
      kind: "success",
      message: expect.stringMatching(route.accepted.flash),
    });
  });
});

test("the sign-in redirect keeps the query string of an admin page", async () => {
  const outcome = await call(manageOrder.loader, getRequest("/dashboard/manage-order?status=pending"));
  expect(outcome.status).toBe(302);
  expect(outcome.location).toBe("/sign-in?redirectTo=%2Fdashboard%2Fmanage-order%3Fstatus%3Dpending");
});

test("the role is read from the database on every request, not from the cookie", async () => {
  const { user, cookie } = await createSignedInUser();
  expect((await call(addProduct.loader, getRequest("/dashboard/add-product", { cookie }))).status).toBe(403);
  // Changed behind the session's back (no version bump): the same cookie now carries the new role.
  await db.updateTable("users").set({ role: "admin" }).where("id", "=", user.id).execute();
  expect((await call(addProduct.loader, getRequest("/dashboard/add-product", { cookie }))).status).toBe(200);
  await db.updateTable("users").set({ role: "user" }).where("id", "=", user.id).execute();
  expect((await call(addProduct.loader, getRequest("/dashboard/add-product", { cookie }))).status).toBe(403);
});

test("a customer's cookie from before a promotion stops working", async () => {
  const { user, cookie } = await createSignedInUser();
  const { cookie: adminCookie } = await createSignedInUser({ role: "admin" });
  expect((await call(manageOrder.loader, getRequest("/dashboard/manage-order", { cookie }))).status).toBe(403);
  const promoted = await call(
    makeAdmin.action,
    postRequest("/dashboard/make-admin", { intent: "promote", email: user.email }, { cookie: adminCookie }),
  );
  expect(promoted.status).toBe(302);
  // The old cookie no longer signs anyone in: it is sent to sign in rather than let through.
  const stale = await call(manageOrder.loader, getRequest("/dashboard/manage-order", { cookie }));
  expect(stale.status).toBe(302);
  expect(stale.location).toBe(signInPath("/dashboard/manage-order"));
});

// ---------------------------------------------------------------------------------------------

describe("add a product", () => {
  function postProduct(fields: Fields, cookie: string) {
    return call(addProduct.action, postRequest("/dashboard/add-product", fields, { cookie }));
  }

  test("a valid product is stored with its price in cents, with the flash message", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const fields = productForm({ price: "12.5", quantity: "4", supplierName: "Sheffield Forge" });
    const outcome = await postProduct(fields, cookie);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/add-product");
    const stored = await itemByName(fields.name as string);
    expect(stored).toMatchObject({
      img: "/images/items/spur-gear.svg",
      description: "A worm gear for right-angle drives.",
      price_cents: 1250,
      quantity: 4,
      supplier_name: "Sheffield Forge",
    });
    expect((await flashOf(outcome)).message).toBe("Item added successfully");
  });

  test("the flash after adding a product links to the new part's page and its edit page", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const fields = productForm({ partNumber: `GW-NEW-${randomBytes(3).toString("hex").toUpperCase()}` });
    const outcome = await postProduct(fields, cookie);
    const stored = (await itemByName(fields.name as string))!;
    expect(await flashOf(outcome)).toEqual({
      kind: "success",
      message: "Item added successfully",
      links: [
        { href: `/items/${stored.id}`, label: `View ${fields.partNumber}` },
        { href: `/dashboard/manage-product/${stored.id}`, label: `Edit ${fields.partNumber}` },
      ],
    });
  });

  test("the opening stock is the first line of the part's stock ledger, with who added it", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const fields = productForm({ quantity: "7" });
    expect((await postProduct(fields, cookie)).status).toBe(302);
    const stored = (await itemByName(fields.name as string))!;
    expect(
      (await listStockMovements(stored.id)).map((m) => [m.change, m.quantity_after, m.reason, m.user_email]),
    ).toEqual([[7, 7, "Opening stock", user.email]]);
  });

  test.each([
    ["£12.40", 1240],
    [" £ 12.40 ", 1240],
    ["12.40£", 1240],
    ["GBP 12.40", 1240],
    ["1,234.50", 123450],
    ["£1,000,000.00", 100_000_000],
  ])("price typed as %j is stored as %i cents", async (price, cents) => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const fields = productForm({ price });
    expect((await postProduct(fields, cookie)).status).toBe(302);
    expect((await itemByName(fields.name as string))?.price_cents).toBe(cents);
  });

  // A loop, not test.each: its titles read "$12" as a reference to an argument.
  for (const price of ["$12.40", "12,40", "1,23.40", "12.4.0", "1.234", "€5", "£", "1e3", "0x10", "12 40"]) {
    test(`price ${JSON.stringify(price)} is refused with what is wanted: a price like 12.40 or £1,234.50`, async () => {
      const { cookie } = await createSignedInUser({ role: "admin" });
      const outcome = await postProduct(productForm({ price }), cookie);
      expect(outcome.status).toBe(400);
      expect(fieldErrors(outcome).price).toEqual(["Enter a price like 12.40 or £1,234.50"]);
    });
  }

  test.each([
    ["0.29", 29],
    ["1.1", 110],
    ["19.99", 1999],
    ["0", 0],
    ["1000000", 100_000_000],
  ])("price %s is stored as %i cents", async (price, cents) => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const fields = productForm({ price });
    expect((await postProduct(fields, cookie)).status).toBe(302);
    expect((await itemByName(fields.name as string))?.price_cents).toBe(cents);
  });

  test.each(["/images/items/spur-gear.svg", "https://example.com/a.png", "http://example.com/b.jpg"])(
    "image %s is accepted",
    async (img) => {
      const { cookie } = await createSignedInUser({ role: "admin" });
      const fields = productForm({ img });
      expect((await postProduct(fields, cookie)).status).toBe(302);
      expect((await itemByName(fields.name as string))?.img).toBe(img);
    },
  );

  const megabyte = "x".repeat(1024 * 1024);
  const refusals: [string, Fields, string][] = [
    ["price with 3 decimals", { price: "1.234" }, "price"],
    ["negative price", { price: "-1" }, "price"],
    ["price abc", { price: "abc" }, "price"],
    ["empty price", { price: "" }, "price"],
    ["price above the maximum", { price: "1000000.01" }, "price"],
    ["price 1e3", { price: "1e3" }, "price"],
    ["negative quantity", { quantity: "-1" }, "quantity"],
    ["fractional quantity", { quantity: "1.5" }, "quantity"],
    ["quantity abc", { quantity: "abc" }, "quantity"],
    ["quantity 0x10", { quantity: "0x10" }, "quantity"],
    ["quantity 1e3", { quantity: "1e3" }, "quantity"],
    ["javascript: image", { img: "javascript:alert(1)" }, "img"],
    ["ftp image", { img: "ftp://x" }, "img"],
    ["protocol-relative image", { img: "//evil.example/a.png" }, "img"],
    ["data: image", { img: "data:image/svg+xml;base64,PHN2Zz4=" }, "img"],
    ["1 MB name", { name: megabyte }, "name"],
    ["blank name", { name: "   " }, "name"],
    ["missing description", { description: undefined }, "description"],
    ["missing supplier", { supplierName: undefined }, "supplierName"],
    ["repeated name (an array)", { name: ["A", "B"] }, "name"],
  ];

  test.each(refusals)("%s: 400 with a field error, nothing stored", async (_label, overrides, field) => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const before = await itemCount();
    const outcome = await postProduct(productForm(overrides), cookie);
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome)[field]?.length ?? 0).toBeGreaterThan(0);
    expect(await itemCount()).toBe(before);
  });
});

describe("edit a product", () => {
  test("the page prefills the form without stock, and saving updates the price", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const item = await newItem({ price_cents: 1250, quantity: 10 });
    const page = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${item.id}`, { cookie }), {
      id: String(item.id),
    });
    expect(page.status).toBe(200);
    expect(page.data.values).toMatchObject({ name: item.name, price: "12.50", supplierName: item.supplier_name });
    expect(page.data.values).not.toHaveProperty("quantity");
    expect(page.data.item.quantity).toBe(10);

    expect(page.data.values.version).toBe(item.version);
    const fields = { ...page.data.values, intent: "update", version: String(page.data.values.version), price: "25" };
    const outcome = await call(
      editProduct.action,
      postRequest(`/dashboard/manage-product/${item.id}`, fields as Fields, { cookie }),
      { id: String(item.id) },
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/manage-product");
    expect(await getItem(item.id)).toMatchObject({
      name: item.name,
      price_cents: 2500,
      quantity: 10,
      version: item.version + 1,
    });
  });

  test("a stock adjustment is never undone by a later save of the form, even one that still posts a stock figure", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const item = await newItem({ price_cents: 1250, quantity: 10 });
    const path = `/dashboard/manage-product/${item.id}`;
    const page = await call(editProduct.loader, getRequest(path, { cookie }), { id: String(item.id) });
    const adjusted = await call(
      editProduct.action,
      postRequest(path, { intent: "adjust-stock", change: "40", reason: "Goods in" }, { cookie }),
      { id: String(item.id) },
    );
    expect(adjusted.status).toBe(302);
    // With JavaScript the page reloads its data after the adjustment: the hidden version is the new
    // one, while a form made before this change still held the old figure, 10, and posted it.
    const reloaded = await call(editProduct.loader, getRequest(path, { cookie }), { id: String(item.id) });
    const save = await call(
      editProduct.action,
      postRequest(
        path,
        {
          ...page.data.values,
          quantity: "10",
          intent: "update",
          version: String(reloaded.data.item.version),
          price: "13.00",
        } as Fields,
        { cookie },
      ),
      { id: String(item.id) },
    );
    expect(save.status).toBe(302);
    expect(await getItem(item.id)).toMatchObject({ quantity: 50, price_cents: 1300 });
    expect((await listStockMovements(item.id)).map((m) => [m.change, m.quantity_after, m.reason])).toEqual([
      [40, 50, "Goods in"],
      [10, 10, "Opening stock"],
    ]);
    expect((await listStockMovements(item.id))[0].user_email).toBe(user.email);
  });

  test("an edit made from a version an order has since moved on is refused with 409 and the current values; nothing is written", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ price_cents: 1250, quantity: 5 });
    // The admin opens the form at stock 5, a customer then orders all 5, the admin saves a price change.
    const page = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${item.id}`, { cookie }), {
      id: String(item.id),
    });
    const placed = await placeTestOrder(customer.user.id, { itemId: item.id, quantity: 5 });
    expect(placed.ok).toBe(true);
    const stale = {
      ...page.data.values,
      intent: "update",
      version: String(page.data.values.version),
      price: "13.00",
    } as Fields;
    const outcome = await call(
      editProduct.action,
      postRequest(`/dashboard/manage-product/${item.id}`, stale, { cookie }),
      { id: String(item.id) },
    );
    expect(outcome.status).toBe(409);
    expect(formErrors(outcome)[0]).toContain("It now has 0 in stock at £12.50");
    const after = await getItem(item.id);
    expect(after).toMatchObject({ quantity: 0, price_cents: 1250 });
    expect(outcome.data.currentVersion).toBe(after!.version);

    // Saved again from the version the message described, the edit goes through.
    const again = await call(
      editProduct.action,
      postRequest(
        `/dashboard/manage-product/${item.id}`,
        { ...stale, version: String(outcome.data.currentVersion) },
        { cookie },
      ),
      { id: String(item.id) },
    );
    expect(again.status).toBe(302);
    expect(await getItem(item.id)).toMatchObject({ quantity: 0, price_cents: 1300 });
  });

  test("stock adjustments add to what is there now and are recorded with who, when and why", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const post = (fields: Fields) =>
      call(
        editProduct.action,
        postRequest(`/dashboard/manage-product/${item.id}`, { intent: "adjust-stock", ...fields }, { cookie }),
        { id: String(item.id) },
      );
    await placeTestOrder(customer.user.id, { itemId: item.id, quantity: 4 });

    const received = await post({ change: "20", reason: "Received from supplier" });
    expect(received.status).toBe(302);
    expect(await flashOf(received)).toEqual({ kind: "success", message: "20 added to stock: 26 now." });
    const damaged = await post({ change: "-3", reason: "Damaged in the store" });
    expect(damaged.status).toBe(302);
    expect((await getItem(item.id))?.quantity).toBe(23);

    const tooMany = await post({ change: "-24", reason: "Miscount" });
    expect(tooMany.status).toBe(409);
    expect(fieldErrors(tooMany).change).toEqual(["Only 23 in stock: you cannot remove 24."]);
    expect((await getItem(item.id))?.quantity).toBe(23);
    expect((await post({ change: "0", reason: "Nothing" })).status).toBe(400);
    expect((await post({ change: "5" })).status).toBe(400);

    const page = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${item.id}`, { cookie }), {
      id: String(item.id),
    });
    expect(
      page.data.movements.map((m: { change: number; quantity_after: number; reason: string; user_email: string }) => [
        m.change,
        m.quantity_after,
        m.reason,
        m.user_email,
      ]),
    ).toEqual([
      [-3, 23, "Damaged in the store", user.email],
      [20, 26, "Received from supplier", user.email],
      [10, 10, "Opening stock", null],
    ]);
  });

  test("an invalid edit is refused and changes nothing", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const item = await newItem();
    const outcome = await call(
      editProduct.action,
      postRequest(
        `/dashboard/manage-product/${item.id}`,
        productForm({ intent: "update", version: String(item.version), price: "-5" }),
        { cookie },
      ),
      { id: String(item.id) },
    );
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).price?.length ?? 0).toBeGreaterThan(0);
    expect(await getItem(item.id)).toEqual(item);
  });

  test.each(["987654", "abc", "-1", "1e3", "99999999999"])(
    "unknown or malformed id %j: 404 on page and save",
    async (id) => {
      const { cookie } = await createSignedInUser({ role: "admin" });
      const before = await itemCount();
      const page = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${id}`, { cookie }), { id });
      expect(page.status).toBe(404);
      const save = await call(
        editProduct.action,
        postRequest(`/dashboard/manage-product/${id}`, productForm({ intent: "update", version: "1" }), { cookie }),
        { id },
      );
      expect(save.status).toBe(404);
      expect(await itemCount()).toBe(before);
    },
  );
});

describe("delete a product", () => {
  test("the item leaves the list; its orders stay readable with the copied name", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const item = await newItem({ name: `Thrust Bearing ${randomBytes(3).toString("hex")}`, price_cents: 3100 });
    const placed = await placeTestOrder(customer.user.id, { itemId: item.id, quantity: 2 });
    if (!placed.ok) throw new Error("the order was not placed");

    // While the order is open (pending, then shipped) the part stays, and the answer says why.
    for (const status of ["pending", "shipped"] as const) {
      if (status === "shipped") expect((await advanceOrder(placed.orderId, "shipped")).ok).toBe(true);
      const refused = await call(
        manageProduct.action,
        postRequest("/dashboard/manage-product", { intent: "delete", itemId: String(item.id) }, { cookie }),
      );
      expect(refused.status).toBe(409);
      expect(formErrors(refused)).toEqual([
        `This part is on open orders (#${placed.orderId}): it can be deleted once they are delivered or cancelled. ` +
          "To take it off sale now, hide it.",
      ]);
      expect(await getItem(item.id)).toBeDefined();
    }
    expect((await moveOrderStatus(placed.orderId, "delivered")).ok).toBe(true);

    const confirm = await call(
      manageProduct.loader,
      getRequest(`/dashboard/manage-product?delete=${item.id}`, { cookie }),
    );
    expect(confirm.data.confirmDelete).toEqual({ id: item.id, name: item.name });

    const outcome = await call(
      manageProduct.action,
      postRequest("/dashboard/manage-product", { intent: "delete", itemId: String(item.id) }, { cookie }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/manage-product");
    expect(await getItem(item.id)).toBeUndefined();

    const list = await call(manageProduct.loader, getRequest("/dashboard/manage-product", { cookie }));
    expect(list.data.items.map((i: { id: number }) => i.id)).not.toContain(item.id);

    const [order] = await listOrdersForUser(customer.user.id);
    expect(order).toMatchObject({ first_item_name: item.name, line_count: 1, subtotal_cents: 6200 });
    expect((await getOrder(order.id))?.lines).toMatchObject([
      { item_id: null, item_name: item.name, unit_price_cents: 3100, quantity: 2, line_total_cents: 6200 },
    ]);
    const adminView = await call(manageOrder.loader, getRequest("/dashboard/manage-order", { cookie }));
    expect(adminView.data.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      first_item_name: item.name,
    });

    const again = await call(
      manageProduct.action,
      postRequest("/dashboard/manage-product", { intent: "delete", itemId: String(item.id) }, { cookie }),
    );
    expect(again.status).toBe(404);
  });

  test("a malformed delete is refused with 400", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const item = await newItem();
    for (const fields of [
      { intent: "delete" },
      { intent: "delete", itemId: "abc" },
      { intent: "erase", itemId: String(item.id) },
    ]) {
      const outcome = await call(manageProduct.action, postRequest("/dashboard/manage-product", fields, { cookie }));
      expect(outcome.status).toBe(400);
    }
    expect(await getItem(item.id)).toEqual(item);
  });
});

describe("make admin", () => {
  function postRole(fields: Fields, cookie: string) {
    return call(makeAdmin.action, postRequest("/dashboard/make-admin", fields, { cookie }));
  }

  test("promoting an existing user makes them admin and ends their old sessions", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const target = await createSignedInUser();
    const outcome = await postRole({ intent: "promote", email: target.user.email.toUpperCase() }, cookie);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/make-admin");
    expect(await flashOf(outcome)).toEqual({ kind: "success", message: `${target.user.email} is now an admin.` });
    const after = await getUserByEmail(target.user.email);
    expect(after?.role).toBe("admin");
    expect(await sessionCount(target.user.id)).toBe(0);
    expect(await getCurrentUser(getRequest("/", { cookie: target.cookie }))).toBeNull();

    const page = await call(makeAdmin.loader, getRequest("/dashboard/make-admin", { cookie }));
    expect(page.data.admins.map((a: { email: string }) => a.email)).toContain(target.user.email);
  });

  test("promoting someone who is already an admin (for example oneself) changes nothing and signs no one out", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const outcome = await postRole({ intent: "promote", email: user.email }, cookie);
    expect(outcome.status).toBe(302);
    expect(await flashOf(outcome)).toEqual({ kind: "success", message: `${user.email} is already an admin.` });
    const after = await getUserByEmail(user.email);
    expect(after?.role).toBe("admin");
    expect(await sessionCount(user.id)).toBe(1);
    expect((await getCurrentUser(getRequest("/", { cookie })))?.id).toBe(user.id);
  });

  test("an unknown email: 404 with a field error, nothing changes", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const outcome = await postRole({ intent: "promote", email: "nobody-here@example.com" }, cookie);
    expect(outcome.status).toBe(404);
    expect(fieldErrors(outcome).email).toEqual(["No account has this email. The person must sign up first."]);
    expect(await getUserByEmail("nobody-here@example.com")).toBeUndefined();
  });

  test.each([
    ["malformed email", { intent: "promote", email: "not-an-email" }, "email"],
    ["missing email", { intent: "promote" }, "email"],
    ["bogus intent", { intent: "crown", email: "a@example.com" }, "intent"],
  ])("%s: 400 with a field error", async (_label, fields, field) => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const outcome = await postRole(fields, cookie);
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome)[field]?.length ?? 0).toBeGreaterThan(0);
  });

  test("an admin cannot demote themselves", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const outcome = await postRole({ intent: "demote", email: user.email }, cookie);
    expect(outcome.status).toBe(400);
    expect(outcome.data.error?.[""]).toEqual(["You cannot remove your own admin role."]);
    const after = await getUserByEmail(user.email);
    expect(after?.role).toBe("admin");
    expect(await sessionCount(user.id)).toBe(1);
    expect((await getCurrentUser(getRequest("/", { cookie })))?.role).toBe("admin");
  });

  test("an admin can demote another admin, who then gets 403", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const other = await createSignedInUser({ role: "admin" });
    const outcome = await postRole({ intent: "demote", email: other.user.email }, cookie);
    expect(outcome.status).toBe(302);
    expect(await flashOf(outcome)).toEqual({ kind: "success", message: `${other.user.email} is no longer an admin.` });
    const after = await getUserByEmail(other.user.email);
    expect(after?.role).toBe("user");
    expect(await sessionCount(other.user.id)).toBe(0);
    // The demoted admin's old cookie stops working at once, and a fresh session is refused.
    expect(await getCurrentUser(getRequest("/", { cookie: other.cookie }))).toBeNull();
    const fresh = await sessionCookieFor(after!);
    expect((await call(manageOrder.loader, getRequest("/dashboard/manage-order", { cookie: fresh }))).status).toBe(403);
  });
});

describe("legacy addresses", () => {
  test.each(["add-review", "my-profile", "manage-order", "add-product", "make-admin", "manage-product"])(
    "/%s redirects permanently to the dashboard page of the same name",
    async (name) => {
      const outcome = await call(notFound.loader, getRequest(`/${name}`));
      expect(outcome.status).toBe(301);
      expect(outcome.location).toBe(`/dashboard/${name}`);
    },
  );

  test("/home redirects permanently to /, keeping the query", async () => {
    const outcome = await call(notFound.loader, getRequest("/home?utm=mail"));
    expect(outcome.status).toBe(301);
    expect(outcome.location).toBe("/?utm=mail");
  });

  test("any other unknown path is a 404", async () => {
    const outcome = await call(notFound.loader, getRequest("/homes"));
    expect(outcome.status).toBe(404);
  });
});
